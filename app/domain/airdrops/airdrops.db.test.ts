import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airdrops, airdropTasks, auditLog, outbox } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { adminAirdrop, saveAirdrop } from "./admin.server.ts";
import { listAirdrops, seedSampleAirdrops } from "./airdrops.server.ts";
import { memberAirdropsView, setTaskDone, tickMessages } from "./checklist.server.ts";
import { runAirdropReminders } from "./reminders.server.ts";
import { messages, UNKNOWN_VALUE } from "./rules.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-20T12:00:00Z");
const HOUR = 3_600_000;

function form(extra: Record<string, string> = {}): Record<string, string> {
  return {
    project: "Lumen Bridge",
    chain: "Base",
    status: "active",
    deadline: "2026-12-10T18:00",
    reward: "Share of 1,000,000 LUM",
    requirements: "Wallets that bridged before 1 November.",
    url: "https://lumen.example.org/airdrop",
    riskNotes: "Claim only on the official site.",
    estimatedValue: "",
    estimatedValueSource: "",
    "task-0-title": "Bridge once",
    "task-0-url": "https://lumen.example.org/bridge",
    "task-1-title": "Follow the announcement channel",
    "task-1-url": "",
    ...extra,
  };
}

const admin = { adminId: "airdrop-admin" };
const reminderKeys = async () =>
  (
    await t.db.select({ key: outbox.messageKey }).from(outbox).where(like(outbox.messageKey, "airdrop:%"))
  ).map((r) => r.key);

async function created(extra: Record<string, string> = {}) {
  const result = await saveAirdrop(t.db, admin, { values: form(extra), now: NOW });
  if (!result?.ok) throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result.id;
}

describe("airdrops", () => {
  it("seeds three sample rows once, labelled as samples, active before upcoming before ended", async () => {
    await addMember(t.db, "airdrop-admin");
    expect(await seedSampleAirdrops(t.db, new Date("2026-05-01T00:00:00Z"))).toBe(3);
    expect(await seedSampleAirdrops(t.db, new Date("2026-05-01T00:00:00Z"))).toBe(0);
    const list = await listAirdrops(t.db, new Date("2026-05-02T00:00:00Z"));
    expect(list.map((a) => a.status)).toEqual(["active", "upcoming", "ended"]);
    expect(list.every((a) => a.isSample && a.project.endsWith("(sample)"))).toBe(true);
    expect(list.every((a) => a.url.startsWith("https://example.com/"))).toBe(true);
    expect(list[0]?.deadline).toBe("2026-05-22T00:00:00.000Z");
    // Weeks later the deadlines have passed: every sample shows as ended, whatever its stored status.
    expect((await listAirdrops(t.db, new Date("2026-07-01T00:00:00Z"))).map((a) => a.status)).toEqual([
      "ended",
      "ended",
      "ended",
    ]);
    await t.db.delete(airdrops).where(like(airdrops.id, "sample-%"));
  });

  it("links are https only: a task's http or javascript: link and a missing source change nothing", async () => {
    for (const [values, field, message] of [
      [{ "task-1-url": "http://lumen.example.org/x" }, "task-1-url", messages.https],
      [{ "task-0-url": "javascript:alert(1)" }, "task-0-url", messages.https],
      [{ url: "" }, "url", messages.sourceRequired],
      [{ url: "lumen.example.org" }, "url", messages.sourceRequired],
      [{ "task-0-title": "", "task-1-title": "", "task-0-url": "" }, "task-0-title", messages.noTasks],
    ] as const) {
      const result = await saveAirdrop(t.db, admin, { values: form(values), now: NOW });
      expect(result).toMatchObject({ ok: false, errors: { [field]: message } });
    }
    expect(await t.db.select().from(airdrops)).toHaveLength(0);
    // The database refuses a plain-http link even when the form is bypassed.
    const id = await created();
    await expect(
      t.db.execute(sql`update airdrop_tasks set url = 'http://x.example' where airdrop_id = ${id}`),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    await t.db.delete(airdrops).where(eq(airdrops.id, id));
  });

  it("status and deadline: active needs a future deadline; a passed deadline ends it for members", async () => {
    expect(await saveAirdrop(t.db, admin, { values: form({ deadline: "" }), now: NOW })).toMatchObject({
      ok: false,
      errors: { deadline: messages.deadlineRequired },
    });
    for (const status of ["active", "upcoming"])
      expect(
        await saveAirdrop(t.db, admin, { values: form({ status, deadline: "2026-11-19T00:00" }), now: NOW }),
      ).toMatchObject({ ok: false, errors: { deadline: messages.deadlinePast } });
    const ended = await created({ status: "ended", deadline: "2026-11-19T00:00" });
    const upcoming = await created({ status: "upcoming", deadline: "" });
    const soon = await created({ deadline: "2026-11-21T00:00" });
    const view = await adminAirdrop(t.db, soon, NOW);
    expect(view?.status).toBe("active");
    expect((await adminAirdrop(t.db, soon, new Date("2026-11-21T00:00:00Z")))?.status).toBe("ended");
    expect((await adminAirdrop(t.db, upcoming, NOW))?.deadline).toBeNull();
    const audited = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'airdropId' in (${ended}, ${upcoming}, ${soon})`);
    expect(audited.map((a) => a.event)).toEqual(Array(3).fill("admin-airdrop-created"));
    // An ended airdrop's checklist is closed.
    const member = await addMember(t.db, "airdrop-late");
    const [task] = await t.db.select().from(airdropTasks).where(eq(airdropTasks.airdropId, ended));
    expect(
      await setTaskDone(t.db, { userId: member, taskId: String(task?.id), done: true, now: NOW }),
    ).toEqual({
      ok: false,
      status: 409,
      message: tickMessages.ended,
    });
    await t.db.delete(airdrops);
  });

  it("the estimated value is Unknown unless a source states it, and never without its source", async () => {
    expect(
      await saveAirdrop(t.db, admin, { values: form({ estimatedValue: "About $200" }), now: NOW }),
    ).toMatchObject({ ok: false, errors: { estimatedValueSource: messages.estimateNeedsSource } });
    expect(
      await saveAirdrop(t.db, admin, {
        values: form({ estimatedValueSource: "https://news.example.org/lumen" }),
        now: NOW,
      }),
    ).toMatchObject({ ok: false, errors: { estimatedValue: messages.sourceNeedsEstimate } });
    await created({ project: "Unsourced" });
    await created({
      project: "Sourced",
      estimatedValue: "About $200 per wallet",
      estimatedValueSource: "https://news.example.org/lumen",
    });
    const member = await addMember(t.db, "airdrop-estimate");
    const view = await memberAirdropsView(t.db, member, NOW);
    expect(view.find((a) => a.project === "Unsourced")?.estimate).toEqual({
      text: UNKNOWN_VALUE,
      source: null,
    });
    expect(view.find((a) => a.project === "Sourced")?.estimate).toEqual({
      text: "About $200 per wallet",
      source: "https://news.example.org/lumen",
    });
    await expect(
      t.db.execute(sql`update airdrops set estimated_value_source = null where project = 'Sourced'`),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    await t.db.delete(airdrops);
  });

  it("each member's checklist is their own: ann's ticks never show for ben; ticking twice adds one", async () => {
    const id = await created();
    const ann = await addMember(t.db, "airdrop-ann");
    const ben = await addMember(t.db, "airdrop-ben");
    const [first, second] = (await adminAirdrop(t.db, id, NOW))?.tasks ?? [];
    if (!first || !second) throw new Error("two tasks expected");
    expect(await setTaskDone(t.db, { userId: ann, taskId: first.id, done: true, now: NOW })).toEqual({
      ok: true,
      done: true,
    });
    await setTaskDone(t.db, { userId: ann, taskId: first.id, done: true, now: NOW });
    await setTaskDone(t.db, { userId: ann, taskId: second.id, done: true, now: NOW });
    await setTaskDone(t.db, { userId: ben, taskId: second.id, done: true, now: NOW });
    await setTaskDone(t.db, { userId: ben, taskId: second.id, done: false, now: NOW });
    const annView = (await memberAirdropsView(t.db, ann, NOW)).find((a) => a.id === id);
    const benView = (await memberAirdropsView(t.db, ben, NOW)).find((a) => a.id === id);
    expect(annView?.tasks.map((x) => x.done)).toEqual([true, true]);
    expect(annView?.done).toBe(2);
    expect(benView?.tasks.map((x) => x.done)).toEqual([false, false]);
    // Ben unticking did not touch Ann's tick; a forged or unknown id is a 404.
    for (const taskId of ["0", "abc", "999999", `${first.id}; drop table users`])
      expect(await setTaskDone(t.db, { userId: ben, taskId, done: true, now: NOW })).toMatchObject({
        ok: false,
        status: 404,
      });
    // Editing keeps the ticks of tasks that stay; a removed task takes its ticks with it.
    await saveAirdrop(t.db, admin, { id, values: form({ "task-1-title": "", "task-1-url": "" }), now: NOW });
    expect((await memberAirdropsView(t.db, ann, NOW)).find((a) => a.id === id)?.tasks).toMatchObject([
      { id: first.id, done: true },
    ]);
    expect(await saveAirdrop(t.db, admin, { id: "no-such-airdrop", values: form(), now: NOW })).toBeNull();
    // A double submit of the new-airdrop form (same rendered key) creates one airdrop.
    const key = "0b7f4a52-3c1e-4d2a-9f6b-8e5d4c3b2a19";
    const twice = await Promise.all(
      [1, 2].map(() => saveAirdrop(t.db, admin, { values: form({ project: "Twice", key }), now: NOW })),
    );
    expect(twice).toEqual([
      { ok: true, id: key },
      { ok: true, id: key },
    ]);
    expect(await t.db.select().from(airdrops).where(eq(airdrops.project, "Twice"))).toHaveLength(1);
    await t.db.delete(airdrops);
  });

  it("the deadline reminder goes once per member per airdrop, only to members following it", async () => {
    const id = await created({ deadline: "2026-11-21T12:00" });
    const later = await created({ project: "Later", deadline: "2026-12-30T12:00" });
    const ann = await addMember(t.db, "airdrop-remind-ann");
    const ben = await addMember(t.db, "airdrop-remind-ben");
    await addMember(t.db, "airdrop-remind-cat"); // ticks nothing: not reminded
    const [task] = (await adminAirdrop(t.db, id, NOW))?.tasks ?? [];
    const [laterTask] = (await adminAirdrop(t.db, later, NOW))?.tasks ?? [];
    for (const userId of [ann, ben])
      await setTaskDone(t.db, { userId, taskId: String(task?.id), done: true, now: NOW });
    await setTaskDone(t.db, { userId: ann, taskId: String(laterTask?.id), done: true, now: NOW });
    // 49 hours before the deadline: not yet.
    expect(await runAirdropReminders(t.db, new Date(NOW.getTime() - 25 * HOUR))).toBe(0);
    // Two servers at once, then again later: two messages in all, one per member.
    const results = await Promise.all([runAirdropReminders(t.db, NOW), runAirdropReminders(t.db, NOW)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await runAirdropReminders(t.db, new Date(NOW.getTime() + HOUR))).toBe(0);
    expect((await reminderKeys()).sort()).toEqual([
      `airdrop:${id}:reminder:${ann}`,
      `airdrop:${id}:reminder:${ben}`,
    ]);
    // After the deadline nothing more is sent.
    expect(await runAirdropReminders(t.db, new Date("2026-11-22T00:00:00Z"))).toBe(0);
    await t.db.delete(outbox).where(like(outbox.messageKey, "airdrop:%"));
    await t.db.delete(airdrops);
  });

  it.runIf(onPostgres)("four servers running the reminder job at once queue each reminder once", async () => {
    const id = await created({ deadline: "2026-11-21T12:00" });
    const [task] = (await adminAirdrop(t.db, id, NOW))?.tasks ?? [];
    for (let i = 0; i < 5; i++) {
      const userId = await addMember(t.db, `airdrop-race-${i}`);
      await setTaskDone(t.db, { userId, taskId: String(task?.id), done: true, now: NOW });
    }
    const results = await Promise.all(Array.from({ length: 4 }, () => runAirdropReminders(t.db, NOW)));
    expect(results.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await reminderKeys()).toHaveLength(5);
  });
});

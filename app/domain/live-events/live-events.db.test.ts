import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { liveEventRegistrations, liveEvents, outbox } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { fakeClock } from "../accounts/clock.ts";
import { hasEntitlement } from "../membership/membership.server.ts";
import { calendarFileFor, memberEventAction } from "./actions.server.ts";
import {
  cancelRegistration,
  getEventForMember,
  listEventsForMember,
  registerForEvent,
} from "./events.server.ts";
import { parseIcs } from "./ics.ts";
import { sendDueReminders } from "./reminders.server.ts";
import { EVENTS_ENTITLEMENT, type EventInput } from "./rules.ts";
import { cancelEvent, createEvent, updateEvent } from "./staff.server.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-26T12:00:00Z");
const HOUR = 3_600_000;
let n = 0;

function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    kind: "ama",
    title: "Ask the analysts",
    host: "Dana Analyst",
    description: "Questions about the week's research.",
    startsAt: new Date(NOW.getTime() + 3 * 24 * HOUR),
    durationMinutes: 60,
    capacity: 50,
    premium: false,
    joinUrl: "https://meet.example.test/room",
    replayUrl: null,
    ...overrides,
  };
}

async function newEvent(overrides: Partial<EventInput> = {}, at: Date = NOW) {
  const staff = await addMember(t.db, `events-staff-${++n}`);
  const result = await createEvent(t.db, {
    staffId: staff,
    event: eventInput(overrides),
    audit: { clock: fakeClock(at) },
  });
  if (!result.ok) throw new Error(result.message);
  return { id: BigInt(result.eventId), staff };
}

const members = (tag: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => addMember(t.db, `${tag}-${++n}-${i}`)));

const outboxKeys = async (prefix: string) =>
  (
    await t.db
      .select({ key: outbox.messageKey })
      .from(outbox)
      .where(like(outbox.messageKey, `${prefix}%`))
  ).map((r) => r.key);

describe("live events", () => {
  it.runIf(onPostgres)(
    "two servers racing the last seats: 20 members at once for 3 seats, exactly 3 registered",
    async () => {
      const { id } = await newEvent({ capacity: 3 });
      const racers = await members("racer", 20);
      const results = await Promise.all(
        racers.map((userId) => registerForEvent(t.db, { eventId: id, userId, entitled: false, now: NOW })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.reason === "full")).toHaveLength(17);
      const [event] = await t.db.select().from(liveEvents).where(eq(liveEvents.id, id));
      expect(event?.registeredCount).toBe(3);
      const rows = await t.db
        .select()
        .from(liveEventRegistrations)
        .where(eq(liveEventRegistrations.eventId, id));
      expect(rows.filter((r) => r.status === "registered")).toHaveLength(3);
    },
  );

  it("one member's double submit takes one seat; cancelling frees it for the next member", async () => {
    const { id } = await newEvent({ capacity: 1 });
    const [ann, ben] = await members("double", 2);
    const twice = await Promise.all([
      registerForEvent(t.db, { eventId: id, userId: ann as string, entitled: false, now: NOW }),
      registerForEvent(t.db, { eventId: id, userId: ann as string, entitled: false, now: NOW }),
    ]);
    expect(twice.map((r) => r.ok)).toEqual([true, true]);
    expect(twice.filter((r) => r.ok && r.already)).toHaveLength(1);
    expect(
      await registerForEvent(t.db, { eventId: id, userId: ben as string, entitled: false, now: NOW }),
    ).toEqual({ ok: false, reason: "full" });
    expect((await cancelRegistration(t.db, { eventId: id, userId: ann as string, now: NOW })).ok).toBe(true);
    expect(await cancelRegistration(t.db, { eventId: id, userId: ann as string, now: NOW })).toEqual({
      ok: false,
      reason: "not-registered",
    });
    expect(
      (await registerForEvent(t.db, { eventId: id, userId: ben as string, entitled: false, now: NOW })).ok,
    ).toBe(true);
    const [event] = await t.db.select().from(liveEvents).where(eq(liveEvents.id, id));
    expect(event?.registeredCount).toBe(1);
  });

  it("a premium-only event refuses a free member (no events:live) and takes no seat", async () => {
    const { id } = await newEvent({ premium: true });
    const [free] = await members("free", 1);
    const entitled = await hasEntitlement(t.db, free as string, EVENTS_ENTITLEMENT, NOW);
    expect(entitled).toBe(false);
    const answer = await memberEventAction(
      t.db,
      { userId: free as string, entitled },
      id,
      formOf({ intent: "register" }),
      NOW,
    );
    expect(answer).toMatchObject({ ok: false, errors: { form: "This event is for Premium members." } });
    const view = await getEventForMember(t.db, { eventId: id, userId: free as string, entitled, now: NOW });
    expect(view).toMatchObject({ registered: false, canAttend: false, joinUrl: null, seatsLeft: 50 });
    // A member who holds it registers.
    expect(
      (await registerForEvent(t.db, { eventId: id, userId: free as string, entitled: true, now: NOW })).ok,
    ).toBe(true);
  });

  it("a second member never sees another's registration, join link or calendar file", async () => {
    const { id } = await newEvent();
    const [ann, ben] = await members("privacy", 2);
    await registerForEvent(t.db, { eventId: id, userId: ann as string, entitled: false, now: NOW });
    const annView = await getEventForMember(t.db, {
      eventId: id,
      userId: ann as string,
      entitled: false,
      now: NOW,
    });
    const benView = await getEventForMember(t.db, {
      eventId: id,
      userId: ben as string,
      entitled: false,
      now: NOW,
    });
    expect(annView).toMatchObject({ registered: true, joinUrl: "https://meet.example.test/room" });
    expect(benView).toMatchObject({ registered: false, joinUrl: null, seatsLeft: 49 });
    const benList = await listEventsForMember(t.db, ben as string, false, NOW);
    expect(benList.upcoming.find((e) => e.id === id.toString())).toMatchObject({
      registered: false,
      joinUrl: null,
    });
    const file = { eventId: id, publicUrl: "https://coinlens.test", brand: "Coinlens", now: NOW };
    expect(await calendarFileFor(t.db, { ...file, userId: ben as string })).toBeNull();
    const ics = await calendarFileFor(t.db, { ...file, userId: ann as string });
    const fields = new Map(parseIcs(ics?.body ?? ""));
    expect(fields.get("UID")).toBe(`live-event-${id}@coinlens.test`);
    expect(fields.get("DTSTART")).toBe("20261129T120000Z");
  });

  it("the replay link shows once the event is over, to members who may attend", async () => {
    const start = new Date(NOW.getTime() + HOUR);
    const free = await newEvent({ startsAt: start, replayUrl: "https://video.example.test/replay" });
    const premium = await newEvent({
      startsAt: start,
      replayUrl: "https://video.example.test/p",
      premium: true,
    });
    const [ann] = await members("replay", 1);
    const view = (eventId: bigint, entitled: boolean, now: Date) =>
      getEventForMember(t.db, { eventId, userId: ann as string, entitled, now });
    const after = new Date(start.getTime() + 2 * HOUR);
    expect(await view(free.id, false, NOW)).toMatchObject({ phase: "upcoming", replayUrl: null });
    expect(await view(free.id, false, after)).toMatchObject({
      phase: "ended",
      replayUrl: "https://video.example.test/replay",
    });
    expect(await view(premium.id, false, after)).toMatchObject({ replayUrl: null, canAttend: false });
    expect(await view(premium.id, true, after)).toMatchObject({ replayUrl: "https://video.example.test/p" });
    const list = await listEventsForMember(t.db, ann as string, false, after);
    expect(list.past.map((e) => e.id)).toEqual(
      expect.arrayContaining([free.id.toString(), premium.id.toString()]),
    );
    // Registration has closed once it started.
    expect(
      await registerForEvent(t.db, { eventId: free.id, userId: ann as string, entitled: false, now: after }),
    ).toEqual({
      ok: false,
      reason: "closed",
    });
  });

  it("reminders go out once each, a day and 15 minutes before, even with passes at once", async () => {
    const soon = await newEvent({ startsAt: new Date(NOW.getTime() + 23 * HOUR) });
    const later = await newEvent({ startsAt: new Date(NOW.getTime() + 5 * 24 * HOUR) });
    const regs = await members("remind", 3);
    for (const userId of regs) {
      await registerForEvent(t.db, { eventId: soon.id, userId, entitled: false, now: NOW });
      await registerForEvent(t.db, { eventId: later.id, userId, entitled: false, now: NOW });
    }
    // One member leaves before any reminder: none for them.
    await cancelRegistration(t.db, { eventId: soon.id, userId: regs[2] as string, now: NOW });

    const passes = await Promise.all([sendDueReminders(t.db, NOW), sendDueReminders(t.db, NOW)]);
    expect(passes[0] + passes[1]).toBe(2);
    expect(await sendDueReminders(t.db, NOW)).toBe(0);
    const dayKeys = (await outboxKeys("live-event:registration:")).filter((k) => k.includes("reminder-24h"));
    expect(dayKeys).toHaveLength(2);

    const quarter = new Date(NOW.getTime() + 23 * HOUR - 10 * 60_000);
    const near = await Promise.all([sendDueReminders(t.db, quarter), sendDueReminders(t.db, quarter)]);
    expect(near[0] + near[1]).toBe(2);
    expect(await sendDueReminders(t.db, quarter)).toBe(0);
    expect(
      (await outboxKeys("live-event:registration:")).filter((k) => k.includes("reminder-15m")),
    ).toHaveLength(2);
    // Once started, nothing more.
    expect(await sendDueReminders(t.db, new Date(NOW.getTime() + 24 * HOUR))).toBe(0);
  });

  it("a moved event gets new reminders; a cancelled one e-mails its registered members once", async () => {
    const { id, staff } = await newEvent({ startsAt: new Date(NOW.getTime() + 20 * HOUR) });
    const [ann, ben] = await members("moved", 2);
    await registerForEvent(t.db, { eventId: id, userId: ann as string, entitled: false, now: NOW });
    expect(await sendDueReminders(t.db, NOW)).toBe(1);
    const audit = { clock: fakeClock(NOW) };
    const moved = await updateEvent(t.db, {
      staffId: staff,
      eventId: id,
      event: eventInput({ startsAt: new Date(NOW.getTime() + 22 * HOUR), capacity: 10 }),
      audit,
    });
    expect(moved.ok).toBe(true);
    expect(await sendDueReminders(t.db, NOW)).toBe(1);
    await registerForEvent(t.db, { eventId: id, userId: ben as string, entitled: false, now: NOW });
    const lower = await updateEvent(t.db, {
      staffId: staff,
      eventId: id,
      event: eventInput({ startsAt: new Date(NOW.getTime() + 22 * HOUR), capacity: 1 }),
      audit,
    });
    expect(lower).toMatchObject({ ok: false, field: "capacity" });
    const cancelled = await cancelEvent(t.db, {
      staffId: staff,
      eventId: id,
      reason: "The host is ill.",
      audit,
    });
    expect(cancelled.ok).toBe(true);
    expect((await cancelEvent(t.db, { staffId: staff, eventId: id, reason: "Again.", audit })).ok).toBe(
      false,
    );
    expect(
      (await outboxKeys("live-event:registration:")).filter((k) => k.endsWith(":cancelled")),
    ).toHaveLength(2);
    expect(await sendDueReminders(t.db, NOW)).toBe(0);
    const audited = await t.db.execute(
      sql`select event from audit_log where user_id = ${staff} and event like 'admin-event-%' order by at, event`,
    );
    expect((audited as unknown as { rows: { event: string }[] }).rows.map((r) => r.event).sort()).toEqual([
      "admin-event-cancelled",
      "admin-event-created",
      "admin-event-updated",
    ]);
  });
});

function formOf(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

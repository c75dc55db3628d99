// "Download all my data" (ADR 0086), through the domain functions the settings page calls: what
// the download holds (and never another member's data), who can fetch it, and until when.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataExports, ledgerOperations, users } from "../../../db/schema/index.ts";
import { accountDataMembers } from "../../../tests/account-data.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { deposit } from "../../../tests/membership.ts";
import { newTicketSchema } from "../support/rules.ts";
import { writeAsStaff } from "../support/staff.server.ts";
import { openTicket } from "../support/tickets.server.ts";
import { findDownload, requestDataExport, runDataExports } from "./exports.server.ts";
import { readZip } from "./zip.server.ts";

const t = setupTestDatabase();
const DAY = 86_400_000;
const { clock, member } = accountDataMembers(() => t.db, "10.86");

const ticket = (subject: string, operationId = "") =>
  newTicketSchema.parse({ category: "deposit", subject, message: `About ${subject}.`, operationId });

describe("download all my data", () => {
  it("holds the member's own data in JSON and CSV, never another member's, for the member alone until it expires", async () => {
    const ann = await member("ann");
    const ben = await member("ben");
    const sue = await member("sue");
    await t.db.update(users).set({ role: "support" }).where(eq(users.id, sue.userId));
    await deposit(t.db, ann.userId, "USD", "125.50");
    await deposit(t.db, ben.userId, "BTC", "0.25");
    // postEntry writes the money only: record what the history shows for each deposit.
    const [op] = await t.db
      .insert(ledgerOperations)
      .values({
        ledger: "real",
        userId: ann.userId,
        type: "deposit",
        status: "completed",
        asset: "USD",
        amount: 12550n,
      })
      .returning();
    const [bop] = await t.db
      .insert(ledgerOperations)
      .values({
        ledger: "real",
        userId: ben.userId,
        type: "deposit",
        status: "completed",
        asset: "BTC",
        amount: 25000000n,
      })
      .returning();
    const annTicket = await openTicket(t.db, {
      userId: ann.userId,
      email: ann.email,
      ticket: ticket("Ann's deposit", op?.id.toString()),
      files: [],
      clock,
    });
    if (!annTicket.ok) throw new Error(annTicket.message);
    await writeAsStaff(t.db, {
      staffId: sue.userId,
      ticketId: BigInt(annTicket.ticketId),
      message: "STAFF-ONLY note: check her bank",
      internal: true,
      files: [],
      now: clock.now(),
    });
    await writeAsStaff(t.db, {
      staffId: sue.userId,
      ticketId: BigInt(annTicket.ticketId),
      message: "We found your deposit.",
      internal: false,
      files: [],
      now: clock.now(),
    });
    await openTicket(t.db, {
      userId: ben.userId,
      email: ben.email,
      ticket: ticket("Ben's secret ticket"),
      files: [],
      clock,
    });
    await t.db.execute(
      sql`insert into watchlists (user_id, name) values (${ann.userId}, 'Ann watches'), (${ben.userId}, 'Ben watches')`,
    );

    const asked = await requestDataExport(t.db, { userId: ann.userId, now: clock.now() });
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    // Once an hour, counted from the last request: the second click queues nothing.
    const again = await requestDataExport(t.db, {
      userId: ann.userId,
      now: new Date(clock.now().getTime() + 59 * 60_000),
    });
    expect(again).toEqual({
      ok: false,
      message:
        "You asked for a copy at 2026-11-25 10:15 UTC; we e-mail you when it is ready. You can ask for another after 2026-11-25 11:15 UTC.",
    });
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, ann.userId))).toHaveLength(1);
    // Nothing to download before the job has built it.
    expect(await findDownload(t.db, ann.userId, asked.id, clock.now())).toBeNull();

    const run = await runDataExports(t.db, { now: clock.now(), exportDays: 7, brand: "Coinlens" });
    expect(run).toEqual({ built: 1, failed: 0, expired: 0 });
    const mail = await mailTo(t.db, ann.email);
    const ready = mail.find((m) => m.subject === "Your Coinlens data is ready to download");
    expect(ready?.text).toContain(`http://localhost:3000/settings/data/${asked.id}`);
    expect(ready?.text).toContain("The link works until 2026-12-02 10:15 UTC");

    // Another member's session finds nothing by this id: the same as a missing one.
    expect(await findDownload(t.db, ben.userId, asked.id, clock.now())).toBeNull();
    const file = await findDownload(t.db, ann.userId, asked.id, clock.now());
    expect(file?.fileName).toBe("data-export-2026-11-25.zip");
    const files = readZip(file?.bytes ?? Buffer.alloc(0));
    const names = files.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(["README.txt", "data.json", "csv/operations.csv", "csv/support_messages.csv"]),
    );
    const text = files.map((f) => f.data.toString("utf8")).join("\n");
    const data = JSON.parse(files.find((f) => f.name === "data.json")?.data.toString("utf8") ?? "{}");
    expect(data.userId).toBe(ann.userId);
    expect(data.sections.profile).toEqual([
      expect.objectContaining({ id: ann.userId, email: ann.email, first_name: "ann" }),
    ]);
    expect(data.sections.operations).toEqual([
      expect.objectContaining({
        id: op?.id.toString(),
        asset: "USD",
        amount: "12550",
        amount_decimal: "125.5",
      }),
    ]);
    expect(data.sections.balances).toContainEqual(
      expect.objectContaining({ ledger: "real", asset: "USD", kind: "available", amount: "12550" }),
    );
    expect(data.sections.support_tickets).toEqual([expect.objectContaining({ subject: "Ann's deposit" })]);
    expect(data.sections.support_messages.map((m: { body: string }) => m.body)).toEqual([
      "About Ann's deposit.",
      "We found your deposit.",
    ]);
    expect(data.sections.watchlists).toEqual([expect.objectContaining({ name: "Ann watches" })]);
    expect(data.sections.sessions.length).toBeGreaterThan(0);
    expect(data.sections.sessions[0]).not.toHaveProperty("token");
    expect(data.sections.security_events.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(["sign-up", "sign-in", "data-export-requested"]),
    );
    const csv = files.find((f) => f.name === "csv/operations.csv")?.data.toString("utf8") ?? "";
    expect(csv.split("\r\n")[1]).toContain(`${op?.id},real,${ann.userId},deposit,completed,USD,12550`);
    // Nothing of Ben's, and nothing of support's internal notes, anywhere in the file.
    for (const foreign of [
      ben.userId,
      ben.email,
      "Ben's secret ticket",
      "Ben watches",
      "STAFF-ONLY",
      sue.userId,
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(data.sections.operations.map((o: { id: string }) => o.id)).not.toContain(bop?.id.toString());

    // Seven days later the link is dead, and the job removes the bytes.
    const later = new Date(clock.now().getTime() + 7 * DAY);
    expect(await findDownload(t.db, ann.userId, asked.id, later)).toBeNull();
    expect(await runDataExports(t.db, { now: later, exportDays: 7, brand: "Coinlens" })).toEqual({
      built: 0,
      failed: 0,
      expired: 1,
    });
    const [gone] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(gone).toMatchObject({ status: "expired", bytes: null });
  });
});

describe("download requests at once", () => {
  it("five requests for a download at once queue one file", async () => {
    const hal = await member("hal");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requestDataExport(t.db, { userId: hal.userId, now: clock.now() })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, hal.userId))).toHaveLength(1);
  });
});

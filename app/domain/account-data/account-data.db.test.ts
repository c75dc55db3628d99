// "Download all my data" and "Close my account" (ADR 0086), through the domain functions the
// settings page calls: what the download holds (and never another member's data), who can fetch
// it, what keeps an account open, the closure, the refused sign-in and the anonymisation.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dataExports, ledgerOperations, users } from "../../../db/schema/index.ts";
import { enrolTwoFactor } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { deposit, expectLedgerClean, spend } from "../../../tests/membership.ts";
import { parseConfig } from "../../config.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { createAuth } from "../accounts/auth.server.ts";
import { fakeClock } from "../accounts/clock.ts";
import type { AccountsEnv } from "../accounts/common.server.ts";
import { getCurrentSession } from "../accounts/sessions.server.ts";
import { signIn, signUp } from "../accounts/sign-in.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { newTicketSchema } from "../support/rules.ts";
import { writeAsStaff } from "../support/staff.server.ts";
import { openTicket } from "../support/tickets.server.ts";
import { anonymiseDueAccounts, anonymisedEmail } from "./anonymise.server.ts";
import { closeAccount, closureBlockers } from "./closure.server.ts";
import { findDownload, requestDataExport, runDataExports } from "./exports.server.ts";
import { readZip } from "./zip.server.ts";

const t = setupTestDatabase();
const PASSWORD = "Sturdy-passphrase-42";
const DAY = 86_400_000;
let env: AccountsEnv;
let clock: ReturnType<typeof fakeClock>;
let seq = 0;

beforeAll(() => {
  const parsed = parseConfig({ APP_ENV: "test" });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  clock = fakeClock(new Date("2026-11-25T10:15:00Z"));
  env = { auth: createAuth(t.db, parsed.config), config: parsed.config, clock };
});

function meta(cookie?: string) {
  const headers = new Headers({ "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip: `10.86.0.${++seq % 250}` };
}

function cookieFrom(setCookies: string[]) {
  const line = setCookies.find((c) => c.includes("session_token") && !/Max-Age=0/.test(c));
  if (!line) throw new Error(`no session cookie in ${setCookies.join(" | ")}`);
  return line.split(";")[0] as string;
}

/** A member signed up and in through the accounts domain; `current` is the session. */
async function member(name: string) {
  const email = `${name}${++seq}@example.test`;
  const created = await signUp(
    t.db,
    env,
    { email, firstName: name, lastName: "Tester", password: PASSWORD },
    meta(),
  );
  if (!created.ok) throw new Error(created.message);
  const signedIn = await signIn(t.db, env, { email, password: PASSWORD }, meta());
  if (signedIn.ok !== true) throw new Error("sign-in failed");
  const cookie = cookieFrom(signedIn.setCookies);
  const current = await getCurrentSession(t.db, env, meta(cookie));
  if (!current) throw new Error("no session");
  return { email, userId: current.user.id, cookie, current };
}

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

describe("close my account", () => {
  it("lists what keeps it open; closes only with the password and nothing left; sign-in then says it is closed", async () => {
    const cam = await member("cam");
    const dee = await member("dee");
    await deposit(t.db, cam.userId, "BTC", "0.1");
    await deposit(t.db, dee.userId, "USD", "10.00");
    await t.db.execute(
      sql`insert into recurring_buys (user_id, ledger, asset, pay_asset, amount, frequency, next_run_on)
          values (${cam.userId}, 'real', 'BTC', 'USD', 1000, 'weekly', '2026-12-01')`,
    );
    const blockers = await closureBlockers(t.db, cam.userId);
    expect(blockers.map((b) => [b.kind, b.text, b.href])).toEqual([
      ["balance", "You have 0.1 BTC available.", "/withdrawal"],
      ["recurring", "A recurring BTC buy is active.", "/recurring"],
    ]);
    // Demo money never blocks.
    await deposit(t.db, cam.userId, "USD", "10000.00", "demo");

    const wrong = await closeAccount(
      t.db,
      env,
      cam.current,
      { password: "not-it", code: "" },
      meta(cam.cookie),
      1825,
    );
    expect(wrong).toMatchObject({ ok: false, field: "password", message: "Your password is not correct." });
    const blocked = await closeAccount(
      t.db,
      env,
      cam.current,
      { password: PASSWORD, code: "" },
      meta(cam.cookie),
      1825,
    );
    expect(blocked).toMatchObject({ ok: false, message: "Your account cannot be closed yet." });
    expect(blocked.ok === false && blocked.blockers?.length).toBe(2);
    expect((await t.db.select().from(users).where(eq(users.id, cam.userId)))[0]?.closedAt).toBeNull();

    await spend(t.db, cam.userId, "BTC", "0.1");
    await t.db.execute(sql`update recurring_buys set status = 'cancelled' where user_id = ${cam.userId}`);
    expect(await closureBlockers(t.db, cam.userId)).toEqual([]);
    const closed = await closeAccount(
      t.db,
      env,
      cam.current,
      { password: PASSWORD, code: "" },
      meta(cam.cookie),
      1825,
    );
    expect(closed).toEqual({ ok: true });
    // A second click finds it closed and does nothing more.
    expect(
      await closeAccount(t.db, env, cam.current, { password: PASSWORD, code: "" }, meta(), 1825),
    ).toEqual({ ok: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, cam.userId));
    expect(row?.closedAt?.toISOString()).toBe("2026-11-25T10:15:00.000Z");
    expect(row?.anonymiseAfter?.toISOString()).toBe(
      new Date(clock.now().getTime() + 1825 * DAY).toISOString(),
    );
    // Every session ended; the cookie no longer signs anyone in.
    expect(await queryRows(t.db, sql`select id from sessions where user_id = ${cam.userId}`)).toEqual([]);
    expect(await getCurrentSession(t.db, env, meta(cam.cookie))).toBeNull();
    const mail = await mailTo(t.db, cam.email);
    expect(mail.filter((m) => m.subject === "Your Coinlens account is closed")).toHaveLength(1);

    const refused = await signIn(t.db, env, { email: cam.email, password: PASSWORD }, meta());
    expect(refused).toMatchObject({
      ok: false,
      closed: true,
      message:
        "This account is closed, so it cannot be signed in to. If you did not close it, please contact Coinlens support.",
    });
    // A wrong password is answered as for any account: the message never reveals a closed one.
    expect(
      await signIn(t.db, env, { email: cam.email, password: "Wrong-passphrase-1" }, meta()),
    ).toMatchObject({
      ok: false,
      message: "Wrong e-mail or password.",
    });
    // Dee is untouched.
    expect(await getCurrentSession(t.db, env, meta(dee.cookie))).not.toBeNull();
  });
});

describe("anonymisation after the retention period", () => {
  it("replaces name and e-mail, keeps the ledger balanced, and frees the address for a new sign-up", async () => {
    const eve = await member("eve");
    const fay = await member("fay");
    await deposit(t.db, eve.userId, "USD", "40.00");
    await spend(t.db, eve.userId, "USD", "40.00");
    await deposit(t.db, fay.userId, "USD", "5.00");
    const closed = await closeAccount(
      t.db,
      env,
      eve.current,
      { password: PASSWORD, code: "" },
      meta(eve.cookie),
      30,
    );
    expect(closed).toEqual({ ok: true });
    const entriesBefore = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from ledger_postings`,
    );

    // Before the retention period ends nothing changes, and the address cannot sign up again.
    expect(
      (await anonymiseDueAccounts(t.db, { now: new Date(clock.now().getTime() + 29 * DAY) })).anonymised,
    ).toEqual([]);
    await signUp(
      t.db,
      env,
      { email: eve.email, firstName: "New", lastName: "Eve", password: PASSWORD },
      meta(),
    );
    expect(await queryRows(t.db, sql`select id from users where lower(email) = ${eve.email}`)).toHaveLength(
      1,
    );
    const told = await mailTo(t.db, eve.email);
    expect(told.map((m) => m.subject)).toContain("Someone tried to sign up to Coinlens with your e-mail");
    expect(told.at(-1)?.text).toContain("The address can open a new account after 2026-12-25 10:15 UTC");

    const done = await anonymiseDueAccounts(t.db, { now: new Date(clock.now().getTime() + 30 * DAY) });
    expect(done.anonymised).toContain(eve.userId);
    const [row] = await t.db.select().from(users).where(eq(users.id, eve.userId));
    expect(row).toMatchObject({
      name: "Closed account",
      firstName: "",
      lastName: "",
      email: anonymisedEmail(eve.userId),
    });
    expect(row?.anonymisedAt).not.toBeNull();
    expect(await queryRows(t.db, sql`select id from auth_accounts where user_id = ${eve.userId}`)).toEqual(
      [],
    );
    // The ledger is whole: the same postings, every entry balanced, every balance its postings' sum.
    expect(await queryRows(t.db, sql`select count(*)::text as n from ledger_postings`)).toEqual(
      entriesBefore,
    );
    await expectLedgerClean(t.db);
    expect((await getBalances(t.db, { ledger: "real", userId: eve.userId })).USD.available).toBe(0n);
    expect(
      await queryRows(t.db, sql`select id from ledger_accounts where user_id = ${eve.userId}`),
    ).not.toEqual([]);
    // Fay is untouched.
    expect((await t.db.select().from(users).where(eq(users.id, fay.userId)))[0]?.email).toBe(fay.email);

    // The address is free: a new sign-up makes a new account.
    const again = await signUp(
      t.db,
      env,
      { email: eve.email, firstName: "New", lastName: "Eve", password: PASSWORD },
      meta(),
    );
    expect(again.ok).toBe(true);
    const rows = await queryRows<{ id: string }>(
      t.db,
      sql`select id from users where lower(email) = ${eve.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(eve.userId);
  });
});

describe("closing with two-factor on, and at once", () => {
  it("asks for a current code besides the password; a wrong code changes nothing", async () => {
    // better-auth checks enrolment codes by the real time, so this member's clock is the real one.
    const realEnv: AccountsEnv = { ...env, clock: fakeClock(new Date()) };
    const gus = await member("gus");
    const enrolled = await enrolTwoFactor(t.db, realEnv, { cookie: gus.cookie, password: PASSWORD }, meta);
    const current = await getCurrentSession(t.db, realEnv, meta(enrolled.cookie));
    if (!current) throw new Error("no session");
    (realEnv.clock as ReturnType<typeof fakeClock>).advance(30_000);
    const wrong = await closeAccount(
      t.db,
      realEnv,
      current,
      { password: PASSWORD, code: "000000" },
      meta(),
      30,
    );
    expect(wrong).toMatchObject({ ok: false, field: "code" });
    expect((await t.db.select().from(users).where(eq(users.id, gus.userId)))[0]?.closedAt).toBeNull();
    const code = enrolled.totp.generate({ timestamp: realEnv.clock.now().getTime() });
    expect(await closeAccount(t.db, realEnv, current, { password: PASSWORD, code }, meta(), 30)).toEqual({
      ok: true,
    });
    expect((await t.db.select().from(users).where(eq(users.id, gus.userId)))[0]?.closedAt).not.toBeNull();
  });

  it("five requests for a download at once queue one file", async () => {
    const hal = await member("hal");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requestDataExport(t.db, { userId: hal.userId, now: clock.now() })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, hal.userId))).toHaveLength(1);
  });
});

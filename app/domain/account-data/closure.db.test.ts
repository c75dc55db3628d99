// "Close my account" (ADR 0086), through the domain functions the settings page calls: what keeps
// an account open, the closure (with two-factor too), the refused sign-in, and the anonymisation
// after the retention period, which leaves the ledger balanced.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import { accountDataMembers, DAY, PASSWORD } from "../../../tests/account-data.ts";
import { enrolTwoFactor } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { deposit, expectLedgerClean, spend } from "../../../tests/membership.ts";
import { queryRows } from "../../db/client.server.ts";
import { fakeClock } from "../accounts/clock.ts";
import type { AccountsEnv } from "../accounts/common.server.ts";
import { getCurrentSession } from "../accounts/sessions.server.ts";
import { signIn, signUp } from "../accounts/sign-in.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { anonymiseDueAccounts, anonymisedEmail } from "./anonymise.server.ts";
import { closeAccount, closureBlockers } from "./closure.server.ts";

const t = setupTestDatabase();
const { env, clock, meta, member } = accountDataMembers(() => t.db, "10.87");

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
    // Two steps on, not one: the enrolment's code was claimed at the real time's step, which is
    // already one past the clock's start when the enrolment crossed a 30 s boundary (a slow CI
    // machine), and a code is accepted only for a later step than the last one used.
    (realEnv.clock as ReturnType<typeof fakeClock>).advance(60_000);
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
});

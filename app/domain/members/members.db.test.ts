// Back-office members (ADR 0055): disable ends every session and refuses sign-in; enable; search;
// the member page's ledger numbers; the audit log page's query; the withdrawal TOTP check.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { sessions, users } from "../../../db/schema/index.ts";
import { cookieFrom, enrolTwoFactor, requestMetaFrom, signedInMember } from "../../../tests/accounts.ts";
import { testConfig } from "../../../tests/config.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { listAuditEventNames, listAuditLog } from "../accounts/audit.server.ts";
import { createAuth } from "../accounts/auth.server.ts";
import { fakeClock } from "../accounts/clock.ts";
import { type AccountsEnv, disabledAccountMessage } from "../accounts/common.server.ts";
import { limits } from "../accounts/rate-limit.server.ts";
import { messages } from "../accounts/schemas.ts";
import { getCurrentSession } from "../accounts/sessions.server.ts";
import { completeSecondFactor, signIn, signUp, verifyActionCode } from "../accounts/sign-in.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import {
  disableMember,
  enableMember,
  getMemberOverview,
  listMembers,
  MemberStateError,
} from "./members.server.ts";

const t = setupTestDatabase();

let clock: ReturnType<typeof fakeClock>;
let env: AccountsEnv;
const PASSWORD = "Sturdy-passphrase-42";

beforeAll(() => {
  clock = fakeClock(new Date());
  const cfg = testConfig();
  env = { auth: createAuth(t.db, cfg), config: cfg, clock };
});

const meta = requestMetaFrom("10.1");

let seq = 0;
async function newMember(name = "Member") {
  const email = `${name.toLowerCase()}${++seq}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  return signedInMember(
    t.db,
    env,
    { email, firstName: name, lastName: `Test${seq}`, password: PASSWORD },
    meta,
  );
}

async function signInCookie(email: string) {
  const result = await signIn(t.db, env, { email, password: PASSWORD }, meta());
  if (result.ok !== true) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return cookieFrom(result.setCookies);
}

async function sessionCount(userId: string) {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** Turns two-factor on with the code of `now`, the test clock set to it. */
async function withTwoFactor(member: { cookie: string }) {
  const now = Date.now();
  clock.set(new Date(now));
  const { totp, cookie } = await enrolTwoFactor(
    t.db,
    env,
    { cookie: member.cookie, password: PASSWORD },
    meta,
    now,
  );
  return { totp, now, cookie };
}

describe("disabling a member", () => {
  test("ends every session at once; sign-in then says the account is disabled, audited", async () => {
    const admin = await newMember("Admin");
    const member = await newMember();
    const second = await signInCookie(member.email);
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).not.toBeNull();
    expect(await getCurrentSession(t.db, env, meta(second))).not.toBeNull();

    const { sessionsEnded } = await disableMember(t.db, {
      adminId: admin.userId,
      memberId: member.userId,
      reason: "Suspected account takeover",
      ip: "10.9.9.9",
    });
    expect(sessionsEnded).toBe(2);
    expect(await sessionCount(member.userId)).toBe(0);
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    expect(await getCurrentSession(t.db, env, meta(second))).toBeNull();
    // The admin's own session is untouched.
    expect(await getCurrentSession(t.db, env, meta(admin.cookie))).not.toBeNull();

    const refused = await signIn(t.db, env, { email: member.email, password: PASSWORD }, meta());
    expect(refused).toEqual({ ok: false, message: disabledAccountMessage("Coinlens"), disabled: true });
    expect(refused).toMatchObject({
      message: "This account has been disabled. Please contact Coinlens support.",
    });
    expect(await sessionCount(member.userId)).toBe(0);
    // A wrong password gets the ordinary answer: the message reveals nothing to a guesser.
    const guessed = await signIn(t.db, env, { email: member.email, password: "not-the-password" }, meta());
    expect(guessed).toEqual({ ok: false, message: messages.wrongCredentials });

    const audit = await listAuditLog(t.db, { actor: admin.email, event: "admin-member-disabled" });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      ip: "10.9.9.9",
      detail: { memberId: member.userId, reason: "Suspected account takeover", sessionsEnded: 2 },
    });
    const refusedAudit = await listAuditLog(t.db, {
      actor: member.userId,
      event: "sign-in-refused-disabled",
    });
    expect(refusedAudit.total).toBe(1);
  });

  test("a session that slipped in as the admin clicked is refused and removed; better-auth makes none", async () => {
    const admin = await newMember("Admin");
    const member = await newMember();
    await disableMember(t.db, { adminId: admin.userId, memberId: member.userId, reason: "Fraud" });
    // A sign-in that raced the click: better-auth's session hook refuses to create the session.
    await expect(
      env.auth.api.signInEmail({
        body: { email: member.email, password: PASSWORD },
        headers: meta().headers,
      }),
    ).rejects.toThrow();
    expect(await sessionCount(member.userId)).toBe(0);
    // A row written just before the disable committed is refused on its first use.
    const stale = await signUp(
      t.db,
      env,
      { email: `late${++seq}@example.test`, firstName: "Late", lastName: "Row", password: PASSWORD },
      meta(),
    );
    if (!stale.ok) throw new Error(stale.message);
    const lateEmail = `late${seq}@example.test`;
    const lateCookie = await signInCookie(lateEmail);
    const [late] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, lateEmail));
    await t.db.execute(sql`update sessions set user_id = ${member.userId} where user_id = ${late?.id ?? ""}`);
    expect(await sessionCount(member.userId)).toBe(1);
    expect(await getCurrentSession(t.db, env, meta(lateCookie))).toBeNull();
    expect(await sessionCount(member.userId)).toBe(0);
  });

  test("a two-factor member disabled between password and code is refused at the code", async () => {
    const admin = await newMember("Admin");
    const member = await newMember();
    const { totp, now } = await withTwoFactor(member);
    const first = await signIn(t.db, env, { email: member.email, password: PASSWORD }, meta());
    if (first.ok !== "two-factor") throw new Error("expected a second step");
    await disableMember(t.db, { adminId: admin.userId, memberId: member.userId, reason: "Chargeback" });
    const second = await completeSecondFactor(
      t.db,
      env,
      { method: "totp", code: totp.generate({ timestamp: now + 30_000 }) },
      meta(cookieFrom(first.setCookies, "two_factor")),
    );
    expect(second).toMatchObject({ ok: false, disabled: true, message: disabledAccountMessage("Coinlens") });
    expect(await sessionCount(member.userId)).toBe(0);
  });

  test("enable lets them sign in again (ended sessions stay ended), audited", async () => {
    const admin = await newMember("Admin");
    const member = await newMember();
    await disableMember(t.db, {
      adminId: admin.userId,
      memberId: member.userId,
      reason: "Checking documents",
    });
    await enableMember(t.db, { adminId: admin.userId, memberId: member.userId });
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    const cookie = await signInCookie(member.email);
    expect(await getCurrentSession(t.db, env, meta(cookie))).not.toBeNull();
    const audit = await listAuditLog(t.db, { actor: admin.userId, event: "admin-member-enabled" });
    expect(audit.rows[0]?.detail).toMatchObject({
      memberId: member.userId,
      previousReason: "Checking documents",
    });
  });

  test("refuses: no reason, one's own account, an unknown member, twice; nothing changes", async () => {
    const admin = await newMember("Admin");
    const member = await newMember();
    const attempt = (input: { memberId: string; reason: string }) =>
      disableMember(t.db, { adminId: admin.userId, ...input });
    await expect(attempt({ memberId: member.userId, reason: "  " })).rejects.toThrow(/Give a reason/);
    await expect(attempt({ memberId: admin.userId, reason: "oops" })).rejects.toThrow(
      "You cannot disable your own account.",
    );
    await expect(attempt({ memberId: "no-such-id", reason: "x" })).rejects.toThrow("No such member.");
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).not.toBeNull();
    await attempt({ memberId: member.userId, reason: "x" });
    await expect(attempt({ memberId: member.userId, reason: "x" })).rejects.toBeInstanceOf(MemberStateError);
    await expect(enableMember(t.db, { adminId: admin.userId, memberId: admin.userId })).rejects.toThrow(
      "This member is not disabled.",
    );
  });
});

describe("finding and viewing members", () => {
  test("search by part of the e-mail or name (any case), a whole id, or status; % and _ match themselves", async () => {
    const zora = await newMember("Zoraida");
    const other = await newMember("Quentin");
    const admin = await newMember("Admin");
    await disableMember(t.db, { adminId: admin.userId, memberId: other.userId, reason: "x" });
    const byName = await listMembers(t.db, { query: "zORAid" });
    expect(byName.rows.map((m) => m.id)).toEqual([zora.userId]);
    const byEmail = await listMembers(t.db, { query: zora.email.slice(0, 10).toUpperCase() });
    expect(byEmail.rows.map((m) => m.id)).toContain(zora.userId);
    expect((await listMembers(t.db, { query: other.userId })).rows.map((m) => m.id)).toEqual([other.userId]);
    expect((await listMembers(t.db, { query: "%" })).total).toBe(0);
    expect((await listMembers(t.db, { query: "_" })).total).toBe(0);
    const disabled = await listMembers(t.db, { status: "disabled" });
    expect(disabled.rows.every((m) => m.disabledAt !== null)).toBe(true);
    expect(disabled.rows.map((m) => m.id)).toContain(other.userId);
    const active = await listMembers(t.db, { status: "active" });
    expect(active.rows.map((m) => m.id)).not.toContain(other.userId);
  });

  test("pages newest first without gaps or repeats", async () => {
    for (let i = 0; i < 5; i++) await newMember("Pager");
    const all = await listMembers(t.db, { query: "pager", pageSize: 100 });
    expect(all.total).toBe(5);
    const pages = [1, 2, 3].map((page) => listMembers(t.db, { query: "pager", page, pageSize: 2 }));
    const ids = (await Promise.all(pages)).flatMap((p) => p.rows.map((m) => m.id));
    expect(ids).toEqual(all.rows.map((m) => m.id));
    expect((await listMembers(t.db, { query: "pager", page: 99, pageSize: 2 })).page).toBe(3);
  });

  test("the member page's balances and operations come from the ledger", async () => {
    const member = await newMember();
    await postEntry(t.db, {
      idempotencyKey: `overview-${member.userId}`,
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: "BTC" }, amount: -12_345_678n },
        { account: { userId: member.userId, kind: "available", asset: "BTC" }, amount: 12_345_678n },
      ],
      operation: {
        create: {
          userId: member.userId,
          type: "deposit",
          status: "completed",
          asset: "BTC",
          amount: 12_345_678n,
        },
      },
    });
    const overview = await getMemberOverview(t.db, member.userId);
    expect(overview?.balances.real.BTC).toEqual({ available: 12_345_678n, held: 0n, staked: 0n });
    expect(overview?.operations[0]).toMatchObject({
      type: "deposit",
      status: "completed",
      amount: 12_345_678n,
    });
    expect(overview?.accounts.map((a) => a.mode)).toEqual(["real"]);
    expect(overview?.profile).toMatchObject({ email: member.email, activeSessions: 1, disabledAt: null });
    expect(await getMemberOverview(t.db, "no-such-member")).toBeUndefined();
  });
});

describe("the audit log page", () => {
  test("filters by actor (e-mail or id) and event, newest first, paged", async () => {
    const admin = await newMember("Auditor");
    const members = [await newMember(), await newMember(), await newMember()];
    for (const m of members) {
      await disableMember(t.db, { adminId: admin.userId, memberId: m.userId, reason: "r" });
      // Entries are timestamped to the millisecond; keep these three apart so "newest first" is defined.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const byEmail = await listAuditLog(t.db, {
      actor: admin.email.toUpperCase(),
      event: "admin-member-disabled",
    });
    expect(byEmail.total).toBe(3);
    expect(byEmail.rows.map((r) => r.detail.memberId)).toEqual(members.map((m) => m.userId).reverse());
    const pageTwo = await listAuditLog(t.db, {
      actor: admin.userId,
      event: "admin-member-disabled",
      page: 2,
      pageSize: 2,
    });
    expect(pageTwo).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(pageTwo.rows.map((r) => r.detail.memberId)).toEqual([members[0]?.userId]);
    const everything = await listAuditLog(t.db, { actor: admin.userId });
    expect(everything.rows.map((r) => r.event)).toContain("sign-up");
    expect((await listAuditLog(t.db, { actor: "nobody@example.test" })).total).toBe(0);
    // Events written elsewhere are filterable too, even before AUDIT_EVENTS lists them.
    await t.db.execute(
      sql`insert into audit_log (id, user_id, event) values (${`a-${seq}`}, ${admin.userId}, 'admin-something-new')`,
    );
    const names = await listAuditEventNames(t.db);
    expect(names).toContain("admin-something-new");
    expect(names).toContain("admin-member-disabled");
    expect((await listAuditLog(t.db, { event: "admin-something-new" })).total).toBe(1);
  });
});

describe("a withdrawal's two-factor code", () => {
  test("a wrong code is refused, the right one works once, and attempts are rate limited", async () => {
    const member = await newMember();
    const { totp, now } = await withTwoFactor(member);
    const check = (code: string) =>
      verifyActionCode(t.db, env, { userId: member.userId, code, action: "withdrawal" });
    expect(await check("000000")).toEqual({ ok: false, message: messages.invalidCode });
    expect(await check("12ab56")).toEqual({ ok: false, message: messages.invalidCode });
    // The enrolment code's time step is spent; the next step's code works, once.
    expect(await check(totp.generate({ timestamp: now }))).toMatchObject({ ok: false });
    const next = totp.generate({ timestamp: now + 30_000 });
    expect(await check(next)).toEqual({ ok: true });
    expect(await check(next)).toMatchObject({ ok: false });
    // Ten attempts per 15 minutes: the rest are refused, even a right code. The clock moves on
    // first, so the ten and the refused one share a window (they are fixed windows: moved on
    // after the ten, a run at 11:59:50 saw a fresh window at 12:00 and let the code through).
    clock.set(new Date(now + 60_000));
    for (let i = 0; i < limits.twoFactorPerUser.limit; i++) await check("000000");
    const throttled = await check(totp.generate({ timestamp: now + 60_000 }));
    expect(throttled).toMatchObject({ ok: false, message: expect.stringMatching(/Too many attempts/) });
  });

  test("a member without two-factor has no code to give", async () => {
    const member = await newMember();
    expect(
      await verifyActionCode(t.db, env, { userId: member.userId, code: "123456", action: "withdrawal" }),
    ).toEqual({
      ok: false,
      message: messages.invalidCode,
    });
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  test("disabled while signing in from six devices at once: afterwards no session works", async () => {
    for (let round = 0; round < 4; round++) {
      const admin = await newMember("Admin");
      const member = await newMember();
      const signIns = Array.from({ length: 6 }, () =>
        signIn(t.db, env, { email: member.email, password: PASSWORD }, meta()),
      );
      const [disabled, ...results] = await Promise.allSettled([
        disableMember(t.db, { adminId: admin.userId, memberId: member.userId, reason: `race ${round}` }),
        ...signIns,
      ]);
      expect(disabled?.status).toBe("fulfilled");
      const cookies = [member.cookie];
      for (const r of results as PromiseSettledResult<Awaited<ReturnType<typeof signIn>>>[]) {
        if (r.status === "fulfilled" && r.value.ok === true) cookies.push(cookieFrom(r.value.setCookies));
      }
      for (const cookie of cookies) expect(await getCurrentSession(t.db, env, meta(cookie))).toBeNull();
      expect(await sessionCount(member.userId)).toBe(0);
      const [row] = await queryRows<{ disabled: boolean }>(
        t.db,
        sql`select disabled_at is not null as disabled from users where id = ${member.userId}`,
      );
      expect(row?.disabled).toBe(true);
    }
  });
});

import { and, eq, like, sql } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import {
  auditLog,
  authAccounts,
  authVerifications,
  devMailbox,
  sessions,
  users,
} from "../../../db/schema/index.ts";
import { productionBilling } from "../../../tests/config.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { type Config, parseConfig } from "../../config.server.ts";
import { requestContext } from "../../context.server.ts";
import { useDatabase } from "../../db/db.server.ts";
import { createAuth, sessionCookieName } from "./auth.server.ts";
import { fakeClock } from "./clock.ts";
import type { AccountsEnv } from "./common.server.ts";
import { readArgon2Parameters } from "./password.server.ts";
import { changePassword } from "./profile.server.ts";
import {
  backoffFreeFailures,
  checkSignInAllowed,
  countEvents,
  limits,
  recordSignInFailure,
} from "./rate-limit.server.ts";
import { requestPasswordReset, resetPassword } from "./recovery.server.ts";
import { messages } from "./schemas.ts";
import { getCurrentSession, listSessions, revokeSession, signOut } from "./sessions.server.ts";
import { completeSecondFactor, signIn, signUp } from "./sign-in.server.ts";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "./two-factor.server.ts";

const t = setupTestDatabase();

function config(overrides: Record<string, string> = {}): Config {
  const result = parseConfig({ APP_ENV: "test", ...overrides });
  if (!result.ok) throw new Error(result.problems.join("; "));
  return result.config;
}

let clock: ReturnType<typeof fakeClock>;
let env: AccountsEnv;
let ipCounter = 0;

beforeAll(() => {
  clock = fakeClock(new Date());
  const cfg = config();
  env = { auth: createAuth(t.db, cfg), config: cfg, clock };
});

/** Each caller gets its own address so per-IP limits never couple the tests. */
function meta(cookie?: string, ip = `10.0.0.${++ipCounter}`) {
  const headers = new Headers({ "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip };
}

function cookieFrom(setCookies: string[], namePart = "session_token") {
  const line = setCookies.find((c) => c.includes(namePart) && !/Max-Age=0/.test(c));
  if (!line) throw new Error(`no ${namePart} cookie in ${setCookies.join(" | ")}`);
  return line.split(";")[0] as string;
}

async function userIdOf(email: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no member ${email}`);
  return row.id;
}

let seq = 0;
/** A new member, signed in once with the password (sign-up itself signs nobody in). */
async function newMember(password = "Sturdy-passphrase-42") {
  const email = `member${++seq}@example.test`;
  const result = await signUp(
    t.db,
    env,
    { email, firstName: "Ada", lastName: `Member${seq}`, password },
    meta(),
  );
  if (!result.ok) throw new Error(result.message);
  const signedIn = await signIn(t.db, env, { email, password }, meta());
  if (signedIn.ok !== true) throw new Error("sign-in after sign-up failed");
  return { email, password, userId: await userIdOf(email), cookie: cookieFrom(signedIn.setCookies) };
}

describe("passwords", () => {
  test("are stored as argon2id with at least 19 MiB memory and 2 iterations", async () => {
    const member = await newMember();
    const [row] = await t.db.select().from(authAccounts).where(eq(authAccounts.userId, member.userId));
    const params = readArgon2Parameters(row?.password ?? "");
    expect(params).toMatchObject({ algorithm: "argon2id", version: 19 });
    expect(params?.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(params?.timeCost).toBeGreaterThanOrEqual(2);
    expect(row?.password).not.toContain(member.password);
  });
});

describe("session cookie", () => {
  test("development: httpOnly, SameSite=Lax, Path=/, carries only a signed random id", async () => {
    const result = await signIn(
      t.db,
      env,
      { email: (await newMember()).email, password: "Sturdy-passphrase-42" },
      meta(),
    );
    if (result.ok !== true) throw new Error("sign-in failed");
    const line = result.setCookies.find((c) => c.startsWith(`${sessionCookieName(false)}=`)) ?? "";
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/);
    const value = decodeURIComponent(line.split(";")[0]?.split("=").slice(1).join("=") ?? "");
    const [token] = value.split(".");
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, token ?? ""));
    expect(row?.userId).toBe(result.userId);
    expect(value).not.toContain(result.userId);
  });

  test("production: __Host- prefix, Secure, Path=/ and no Domain", async () => {
    const prod = config({
      APP_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://coinlens.example",
      MARKET_DATA: "live",
      CHAIN_WATCHER: "live",
      SEED_SAMPLE_DATA: "false",
      ...productionBilling(),
    });
    const prodEnv: AccountsEnv = {
      ...env,
      config: prod,
      auth: createAuth(t.db, prod),
    };
    const member = await newMember();
    const result = await signIn(t.db, prodEnv, { email: member.email, password: member.password }, meta());
    if (result.ok !== true) throw new Error("sign-in failed");
    const line = result.setCookies.find((c) => c.includes("session_token")) ?? "";
    expect(line.startsWith("__Host-coinlens.session_token=")).toBe(true);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/);
  });

  test("every sign-in gets a new session id and ends the one the browser had", async () => {
    const member = await newMember();
    const first = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    if (first.ok !== true) throw new Error("sign-in failed");
    const firstCookie = cookieFrom(first.setCookies);
    const second = await signIn(
      t.db,
      env,
      { email: member.email, password: member.password },
      meta(firstCookie),
    );
    if (second.ok !== true) throw new Error("sign-in failed");
    expect(cookieFrom(second.setCookies)).not.toBe(firstCookie);
    expect(await getCurrentSession(t.db, env, meta(firstCookie))).toBeNull();
    expect(await getCurrentSession(t.db, env, meta(cookieFrom(second.setCookies)))).not.toBeNull();
  });

  test("sign-out deletes the session row on the server", async () => {
    const member = await newMember();
    await signOut(t.db, env, meta(member.cookie));
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(rows).toHaveLength(0);
    const events = await t.db.select().from(auditLog).where(eq(auditLog.userId, member.userId));
    expect(events.map((e) => e.event)).toContain("sign-out");
  });
});

describe("session expiry (injectable clock)", () => {
  test("a session idle for 30 minutes ends; activity every 20 minutes keeps it alive", async () => {
    const member = await newMember();
    clock.set(new Date());
    for (let i = 0; i < 3; i++) {
      clock.advance(20 * 60_000);
      expect(
        await getCurrentSession(t.db, env, meta(member.cookie)),
        `after ${(i + 1) * 20} min`,
      ).not.toBeNull();
    }
    clock.advance(30 * 60_000);
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(rows).toHaveLength(0);
    clock.set(new Date());
  });

  test("a busy session still ends 12 hours after sign-in", async () => {
    const member = await newMember();
    const start = new Date();
    clock.set(start);
    let alive = 0;
    for (let minutes = 10; minutes < 12 * 60; minutes += 10) {
      clock.set(new Date(start.getTime() + minutes * 60_000));
      if (await getCurrentSession(t.db, env, meta(member.cookie))) alive++;
    }
    expect(alive).toBe(71);
    clock.set(new Date(start.getTime() + 12 * 3_600_000 + 1000));
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    clock.set(new Date());
  });

  test("the limits follow SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS", async () => {
    const short = config({ SESSION_IDLE_MINUTES: "5", SESSION_ABSOLUTE_HOURS: "1" });
    const shortEnv: AccountsEnv = { ...env, config: short };
    const member = await newMember();
    clock.set(new Date());
    clock.advance(4 * 60_000);
    expect(await getCurrentSession(t.db, shortEnv, meta(member.cookie))).not.toBeNull();
    clock.advance(6 * 60_000);
    expect(await getCurrentSession(t.db, shortEnv, meta(member.cookie))).toBeNull();
    clock.set(new Date());
  });
});

describe("rate limits", () => {
  test("failures back off exponentially after 5 and stop at 100 per account per hour", async () => {
    const key = "acct:backoff@example.test";
    const c = fakeClock(new Date("2026-03-01T10:00:00Z"));
    for (let i = 0; i < backoffFreeFailures; i++) {
      expect((await checkSignInAllowed(t.db, key, c)).allowed).toBe(true);
      await recordSignInFailure(t.db, key, c);
    }
    // 5 failures: the next try must wait 1 s, then 2 s after the 6th …
    expect(await checkSignInAllowed(t.db, key, c)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(1000);
    expect((await checkSignInAllowed(t.db, key, c)).allowed).toBe(true);
    await recordSignInFailure(t.db, key, c);
    expect(await checkSignInAllowed(t.db, key, c)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Back-off is capped (5 min), so the owner is never locked out for long…
    for (let i = 6; i < limits.signInFailuresPerAccount.limit; i++) await recordSignInFailure(t.db, key, c);
    // …but after 100 failures in the hour nothing more is evaluated until the hour ends.
    const refused = await checkSignInAllowed(t.db, key, c);
    expect(refused.allowed).toBe(false);
    c.advance(10 * 60_000);
    expect((await checkSignInAllowed(t.db, key, c)).allowed).toBe(false);
    c.set(new Date("2026-03-01T11:00:00Z"));
    expect((await checkSignInAllowed(t.db, key, c)).allowed).toBe(true);
  });

  test("sign-in answers 'too many attempts' during the back-off, even with the right password", async () => {
    const member = await newMember();
    clock.set(new Date());
    for (let i = 0; i < backoffFreeFailures; i++) {
      const r = await signIn(t.db, env, { email: member.email, password: "wrong-password-1" }, meta());
      expect(r).toEqual({ ok: false, message: messages.wrongCredentials });
    }
    const throttled = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    expect(throttled.ok).toBe(false);
    expect(throttled.ok === false && throttled.message).toMatch(/^Too many attempts/);
    clock.advance(1500);
    const ok = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    expect(ok.ok).toBe(true);
    const events = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.userId, member.userId));
    expect(events.filter((e) => e.event === "sign-in-failed")).toHaveLength(5);
    expect(events.map((e) => e.event)).toContain("sign-in-throttled");
  });

  test("sign-ups from one address are limited", async () => {
    const ip = "192.0.2.77";
    const answers = [];
    for (let i = 0; i <= limits.signUpPerIp.limit; i++) {
      answers.push(
        await signUp(
          t.db,
          env,
          {
            email: `flood${i}@example.test`,
            firstName: "F",
            lastName: "L",
            password: "Sturdy-passphrase-42",
          },
          meta(undefined, ip),
        ),
      );
    }
    expect(answers.slice(0, limits.signUpPerIp.limit).every((a) => a.ok)).toBe(true);
    expect(answers.at(-1)?.ok).toBe(false);
  });
});

describe("no e-mail enumeration", () => {
  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const member = await newMember();
    const known = await signIn(t.db, env, { email: member.email, password: "not-the-password" }, meta());
    const unknown = await signIn(
      t.db,
      env,
      { email: "nobody@example.test", password: "not-the-password" },
      meta(),
    );
    expect(known).toEqual(unknown);
    expect(known).toEqual({ ok: false, message: messages.wrongCredentials });
  });

  test("a password reset answers the same for known and unknown e-mails; only the member gets mail", async () => {
    const member = await newMember();
    const known = await requestPasswordReset(t.db, env, member.email, meta());
    const unknown = await requestPasswordReset(t.db, env, "ghost@example.test", meta());
    expect(known).toEqual(unknown);
    expect(known.message).toBe("An email has been sent to your inbox!");
    await deliverMail(t.db);
    const toMember = await t.db.select().from(devMailbox).where(eq(devMailbox.to, member.email));
    expect(toMember.some((m) => m.subject.startsWith("Reset your"))).toBe(true);
    const toGhost = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "ghost@example.test"));
    expect(toGhost).toHaveLength(0);
  });

  test("signing up with a registered e-mail answers exactly like a new sign-up and tells the owner", async () => {
    const member = await newMember();
    const again = await signUp(
      t.db,
      env,
      { email: member.email.toUpperCase(), firstName: "X", lastName: "Y", password: "Sturdy-passphrase-42" },
      meta(),
    );
    const fresh = await signUp(
      t.db,
      env,
      {
        email: `fresh${++seq}@example.test`,
        firstName: "X",
        lastName: "Y",
        password: "Sturdy-passphrase-42",
      },
      meta(),
    );
    expect(again).toEqual({ ok: true });
    expect(again).toEqual(fresh);
    await deliverMail(t.db);
    const mail = await t.db.select().from(devMailbox).where(eq(devMailbox.to, member.email));
    expect(mail.some((m) => m.subject.startsWith("Someone tried to sign up"))).toBe(true);
  });
});

describe("password reset", () => {
  test("the token is stored hashed, works once, within 1 hour, and ends every session", async () => {
    const member = await newMember();
    const other = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    if (other.ok !== true) throw new Error("sign-in failed");
    await requestPasswordReset(t.db, env, member.email, meta());
    await deliverMail(t.db);
    // The reset e-mail itself: the sign-up's confirmation link may be delivered in the same pass.
    const [mail] = await t.db
      .select()
      .from(devMailbox)
      .where(and(eq(devMailbox.to, member.email), like(devMailbox.subject, "Reset your%")))
      .orderBy(sql`${devMailbox.createdAt} desc`)
      .limit(1);
    const token = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(10);
    const stored = await t.db.select().from(authVerifications);
    expect(stored.some((v) => v.identifier.includes(token))).toBe(false);
    const resetRows = stored.filter((v) => v.value === member.userId);
    expect(resetRows).toHaveLength(1);
    const [resetRow] = resetRows;
    expect(resetRow).toBeDefined();
    const ms = (resetRow?.expiresAt.getTime() ?? 0) - (resetRow?.createdAt.getTime() ?? 0);
    expect(Math.abs(ms - 3_600_000)).toBeLessThan(5_000);

    expect(await resetPassword(t.db, env, { token, password: "Brand-new-passphrase-7" }, meta())).toEqual({
      ok: true,
    });
    const audited = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.userId, member.userId));
    expect(audited.map((a) => a.event)).toEqual(
      expect.arrayContaining(["password-reset-requested", "password-reset"]),
    );
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).toBeNull();
    expect(await getCurrentSession(t.db, env, meta(cookieFrom(other.setCookies)))).toBeNull();
    const again = await resetPassword(t.db, env, { token, password: "Another-passphrase-8" }, meta());
    expect(again.ok).toBe(false);
    expect(
      (await signIn(t.db, env, { email: member.email, password: "Brand-new-passphrase-7" }, meta())).ok,
    ).toBe(true);
  });

  test("changing the password asks for the current one and ends the other sessions", async () => {
    const member = await newMember();
    const other = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    if (other.ok !== true) throw new Error("sign-in failed");
    const current = await getCurrentSession(t.db, env, meta(member.cookie));
    if (!current) throw new Error("no session");
    const wrong = await changePassword(
      t.db,
      env,
      current,
      { currentPassword: "nope-nope-nope", password: "Next-passphrase-99" },
      meta(member.cookie),
    );
    expect(wrong.ok).toBe(false);
    const right = await changePassword(
      t.db,
      env,
      current,
      { currentPassword: member.password, password: "Next-passphrase-99" },
      meta(member.cookie),
    );
    expect(right).toEqual({ ok: true });
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).not.toBeNull();
    expect(await getCurrentSession(t.db, env, meta(cookieFrom(other.setCookies)))).toBeNull();
  });
});

describe("two-factor sign-in", () => {
  test("TOTP enrolment, then a code is needed at sign-in and each code works once", async () => {
    const member = await newMember();
    const current = await getCurrentSession(t.db, env, meta(member.cookie));
    if (!current) throw new Error("no session");
    const started = await startTwoFactorEnrolment(t.db, env, current, member.password, meta(member.cookie));
    if (!started.ok) throw new Error(started.message);
    expect(started.backupCodes).toHaveLength(10);
    const totp = URI.parse(started.totpURI) as TOTP;
    const now = Date.now();
    clock.set(new Date(now));
    const enrol = await confirmTwoFactorEnrolment(
      t.db,
      env,
      current,
      totp.generate({ timestamp: now }),
      meta(member.cookie),
    );
    if (!enrol.ok) throw new Error(enrol.message);
    // better-auth replaced the session; the new one keeps the sign-in time (absolute limit).
    const renewed = await getCurrentSession(t.db, env, meta(cookieFrom(enrol.setCookies)));
    expect(renewed?.session.createdAt.getTime()).toBe(current.session.createdAt.getTime());
    expect(renewed?.user.twoFactorEnabled).toBe(true);

    const first = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    expect(first.ok).toBe("two-factor");
    if (first.ok !== "two-factor") return;
    const pending = cookieFrom(first.setCookies, "two_factor");
    // The code used for enrolment (same 30 s step) is refused: each code is accepted once.
    const reused = await completeSecondFactor(
      t.db,
      env,
      { method: "totp", code: totp.generate({ timestamp: now }) },
      meta(pending),
    );
    expect(reused.ok).toBe(false);

    // The refusal did not use up the pending sign-in: a recovery code still completes it.
    const code = started.backupCodes[0] as string;
    const withRecovery = await completeSecondFactor(t.db, env, { method: "recovery", code }, meta(pending));
    expect(withRecovery.ok).toBe(true);
    const third = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    if (third.ok !== "two-factor") throw new Error("expected a second step");
    const recoveryAgain = await completeSecondFactor(
      t.db,
      env,
      { method: "recovery", code },
      meta(cookieFrom(third.setCookies, "two_factor")),
    );
    expect(recoveryAgain.ok).toBe(false);
  });
});

describe("audit log", () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0";
  function from(ip: string, cookie?: string) {
    const headers = new Headers({ "user-agent": browser });
    if (cookie) headers.set("cookie", cookie);
    return { headers, ip };
  }
  async function entries(userId: string, event: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)));
  }

  test("sign-ins and failures record the time, the client's IP and user agent", async () => {
    const member = await newMember();
    const at = new Date("2026-05-04T09:30:00Z");
    clock.set(at);
    const failed = await signIn(
      t.db,
      env,
      { email: member.email, password: "wrong-password-1" },
      from("203.0.113.10"),
    );
    expect(failed.ok).toBe(false);
    const ok = await signIn(
      t.db,
      env,
      { email: member.email, password: member.password },
      from("203.0.113.11"),
    );
    expect(ok.ok).toBe(true);
    clock.set(new Date());
    expect(await entries(member.userId, "sign-in-failed")).toEqual([
      expect.objectContaining({ at, ip: "203.0.113.10", userAgent: browser }),
    ]);
    // (newMember signed in once before, from its own address.)
    expect((await entries(member.userId, "sign-in")).filter((e) => e.userAgent === browser)).toEqual([
      expect.objectContaining({ at, ip: "203.0.113.11", userAgent: browser }),
    ]);
  });

  test("two-factor enabled, password changed and session revoked are written, with IP and user agent", async () => {
    const member = await newMember();
    const other = await signIn(t.db, env, { email: member.email, password: member.password }, meta());
    if (other.ok !== true) throw new Error("sign-in failed");
    const current = await getCurrentSession(t.db, env, meta(member.cookie));
    if (!current) throw new Error("no session");

    const started = await startTwoFactorEnrolment(
      t.db,
      env,
      current,
      member.password,
      from("198.51.100.1", member.cookie),
    );
    if (!started.ok) throw new Error(started.message);
    const now = Date.now();
    clock.set(new Date(now));
    const code = (URI.parse(started.totpURI) as TOTP).generate({ timestamp: now });
    const enrolled = await confirmTwoFactorEnrolment(
      t.db,
      env,
      current,
      code,
      from("198.51.100.2", member.cookie),
    );
    if (!enrolled.ok) throw new Error(enrolled.message);
    expect(await entries(member.userId, "two-factor-enabled")).toEqual([
      expect.objectContaining({ ip: "198.51.100.2", userAgent: browser }),
    ]);
    // Turning two-factor on ended the other session (signed in with the password alone).
    expect(await entries(member.userId, "session-revoked")).toEqual([
      expect.objectContaining({
        ip: "198.51.100.2",
        userAgent: browser,
        detail: { count: 1, others: true, reason: "two-factor-enabled" },
      }),
    ]);
    const secondDevice = async (password: string, recoveryCode: string) => {
      const first = await signIn(t.db, env, { email: member.email, password }, meta());
      if (first.ok !== "two-factor") throw new Error("expected a second step");
      const done = await completeSecondFactor(
        t.db,
        env,
        { method: "recovery", code: recoveryCode },
        meta(cookieFrom(first.setCookies, "two_factor")),
      );
      if (!done.ok) throw new Error(done.message);
    };
    await secondDevice(member.password, started.backupCodes[1] as string);

    const renewedCookie = cookieFrom(enrolled.setCookies);
    const renewed = await getCurrentSession(t.db, env, meta(renewedCookie));
    if (!renewed) throw new Error("no session after enrolment");
    const changed = await changePassword(
      t.db,
      env,
      renewed,
      { currentPassword: member.password, password: "Audited-passphrase-31" },
      from("198.51.100.3", renewedCookie),
    );
    expect(changed).toEqual({ ok: true });
    expect(await entries(member.userId, "password-changed")).toEqual([
      expect.objectContaining({ ip: "198.51.100.3", userAgent: browser }),
    ]);
    // Changing the password ended the other session: that is a revocation too.
    expect(await entries(member.userId, "session-revoked")).toContainEqual(
      expect.objectContaining({ ip: "198.51.100.3", userAgent: browser, detail: { count: 1, others: true } }),
    );

    const sessionIds = (await listSessions(t.db, member.userId)).map((s) => s.id);
    expect(sessionIds).toHaveLength(1);
    // A second device, signed in through the second factor, is revoked from the settings page.
    await secondDevice("Audited-passphrase-31", started.backupCodes[0] as string);
    const target = (await listSessions(t.db, member.userId)).find((s) => !sessionIds.includes(s.id));
    if (!target) throw new Error("no second session");
    expect(
      await revokeSession(t.db, env, member.userId, target.id, from("198.51.100.4", renewedCookie)),
    ).toBe(true);
    const revoked = await entries(member.userId, "session-revoked");
    expect(revoked).toHaveLength(3);
    expect(revoked).toContainEqual(
      expect.objectContaining({ ip: "198.51.100.4", userAgent: browser, detail: { sessionId: target.id } }),
    );
  });

  test("a very long user agent is kept to 500 characters; none at all is stored as null", async () => {
    const member = await newMember();
    const long = `Agent/${"x".repeat(800)}`;
    await signIn(
      t.db,
      env,
      { email: member.email, password: member.password },
      { headers: new Headers({ "user-agent": long }), ip: "203.0.113.12" },
    );
    await signIn(t.db, env, { email: member.email, password: member.password }, { headers: new Headers() });
    // (newMember signed in once before, as "vitest".)
    const rows = (await entries(member.userId, "sign-in")).filter((r) => r.userAgent !== "vitest");
    expect(rows.map((r) => [r.ip, r.userAgent]).sort()).toEqual(
      [
        ["203.0.113.12", long.slice(0, 500)],
        [null, null],
      ].sort(),
    );
  });
});

describe("member A cannot reach member B's data", () => {
  test("GET /api/user answers only the cookie's member, 401 JSON without a session", async () => {
    useDatabase(t.database);
    process.env.APP_ENV = "test";
    const { loader } = await import("../../routes/api/user.ts");
    const a = await newMember();
    const b = await newMember();
    const call = async (cookie?: string, query = "") => {
      const context = new RouterContextProvider();
      context.set(requestContext, { requestId: "t", nonce: "n", ip: "127.0.0.1" });
      const headers = new Headers(cookie ? { cookie } : {});
      const request = new Request(`http://localhost:3000/api/user${query}`, { headers });
      return (await loader({ request, context, params: {}, url: new URL(request.url) } as never)) as Response;
    };
    const asA = await call(a.cookie, `?userId=${b.userId}&email=${encodeURIComponent(b.email)}`);
    expect(asA.status).toBe(200);
    const body = (await asA.json()) as { user: { userId: string; email: string } };
    expect(body.user).toMatchObject({ userId: a.userId, email: a.email });
    expect(JSON.stringify(body)).not.toContain(b.userId);
    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "unauthenticated" });
    const forged = await call(`${sessionCookieName(false)}=${b.cookie.split("=")[1]?.split(".")[0]}.forged`);
    expect(forged.status).toBe(401);
    useDatabase(undefined);
  });

  test("a member can list and revoke only their own sessions", async () => {
    const a = await newMember();
    const b = await newMember();
    const bSessions = await listSessions(t.db, b.userId);
    expect(bSessions).toHaveLength(1);
    const bSessionId = bSessions[0]?.id ?? "";
    expect(await revokeSession(t.db, env, a.userId, bSessionId, meta(a.cookie))).toBe(false);
    expect(await getCurrentSession(t.db, env, meta(b.cookie))).not.toBeNull();
    expect((await listSessions(t.db, a.userId)).every((s) => s.id !== bSessionId)).toBe(true);
    expect(await revokeSession(t.db, env, b.userId, bSessionId, meta(b.cookie))).toBe(true);
    expect(await getCurrentSession(t.db, env, meta(b.cookie))).toBeNull();
  });
});

test("sign-up records the referring member from ?ref=CODE, never the member's own mailbox", async () => {
  const referrer = await newMember();
  const [row] = await t.db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, referrer.userId));
  const result = await signUp(
    t.db,
    env,
    {
      email: "referred@example.test",
      firstName: "R",
      lastName: "F",
      password: "Sturdy-passphrase-42",
      referralCode: row?.code ?? "",
    },
    meta(),
  );
  if (!result.ok) throw new Error(result.message);
  const [created] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, await userIdOf("referred@example.test")));
  expect(created?.referredBy).toBe(referrer.userId);

  // The referrer's own mailbox under another address ("+tag") is not a referral (ADR 0084).
  const [local, domain] = referrer.email.split("@");
  const again = `${local}+again@${domain}`;
  const second = await signUp(
    t.db,
    env,
    {
      email: again,
      firstName: "R",
      lastName: "F",
      password: "Sturdy-passphrase-42",
      referralCode: row?.code ?? "",
    },
    meta(),
  );
  if (!second.ok) throw new Error(second.message);
  const [self] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, await userIdOf(again)));
  expect(self?.referredBy).toBeNull();
});

describe.runIf(onPostgres)("rate limits under concurrency (PostgreSQL)", () => {
  test("120 concurrent failures from several servers are all counted: exactly 120", async () => {
    const key = "acct:race@example.test";
    const c = fakeClock(new Date("2026-04-01T10:00:00Z"));
    await Promise.all(Array.from({ length: 120 }, () => recordSignInFailure(t.db, key, c)));
    const { count } = await countEvents(t.db, `signin-fail:${key}`, limits.signInFailuresPerAccount, c);
    expect(count).toBe(120);
    expect((await checkSignInAllowed(t.db, key, c)).allowed).toBe(false);
  });
});

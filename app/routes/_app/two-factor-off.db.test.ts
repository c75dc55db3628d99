// Turning two-factor sign-in off: the password AND a current code (or a recovery code),
// rate limited like sign-in, failures in the audit log, the member told by e-mail. Through the
// settings page's real action, as the browser posts it. The process clock is pinned one minute
// into an hour so no limit window rolls over while a test runs; TOTP codes are made for it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auditLog, sessions, twoFactors, users } from "../../../db/schema/index.ts";
import { enrolTwoFactor, requestMetaFrom, signedInMember } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { callRoute } from "../../../tests/route-call.ts";
import { useDatabase } from "../../db/db.server.ts";
import { getCurrentSession, signIn } from "../../domain/accounts/accounts.server.ts";
import { backoffFreeFailures, limits } from "../../domain/accounts/rate-limit.server.ts";
import { messages } from "../../domain/accounts/schemas.ts";
import { accounts } from "../../utils/auth.server.ts";
import { action } from "./settings.tsx";

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
const hour = 3_600_000;
let pinned = 0;

beforeAll(() => {
  pinned = Math.floor(Date.now() / hour) * hour + 60_000;
  vi.setSystemTime(new Date(pinned));
  useDatabase(t.database);
});
afterAll(() => {
  useDatabase(undefined);
  vi.useRealTimers();
});

const PASSWORD = "Sturdy-passphrase-42";
const tooMany = /^Too many attempts\. Please wait \d+ (minutes|seconds) and try again\.$/;
let seq = 0;
const meta = requestMetaFrom("10.14");

/** A member with two-factor on, signed in on the session that turned it on. */
async function memberWithTwoFactor() {
  const { db, env } = accounts();
  const member = await signedInMember(
    db,
    env,
    { email: `off${++seq}@example.test`, firstName: "Off", lastName: "Switch", password: PASSWORD },
    meta,
  );
  const enrolled = await enrolTwoFactor(db, env, { cookie: member.cookie, password: PASSWORD }, meta);
  return {
    email: member.email,
    userId: enrolled.userId,
    totp: enrolled.totp,
    recoveryCodes: enrolled.recoveryCodes,
    cookie: enrolled.cookie,
    /** A code the member has not used yet (the enrolment spent the current step's). */
    nextCode: () => enrolled.totp.generate({ timestamp: Date.now() + 30_000 }),
  };
}

/** Posts the turn-off form as the browser does; returns status and the answer's data. */
async function turnOff(cookie: string, form: Record<string, string>) {
  const { status, data } = await callRoute(action, "/settings", {
    form: { intent: "two-factor-disable", ...form },
    cookie,
    ip: "10.14.5.254",
  });
  return { status, data };
}

const isOn = async (userId: string) => {
  const [row] = await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  const factors = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return Boolean(row?.on) && factors.length === 1;
};

const audited = (userId: string, event: string) =>
  t.db
    .select({ detail: auditLog.detail, ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)));

describe("turning two-factor sign-in off", () => {
  test("the password alone is not enough: the form asks for a code beside its field, and nothing changes", async () => {
    const member = await memberWithTwoFactor();
    const answer = await turnOff(member.cookie, { password: PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      section: "two-factor",
      fields: { code: "Enter a code from your authenticator app or a recovery code." },
    });
    expect(await isOn(member.userId)).toBe(true);
  });

  test("a wrong code or a wrong password is refused beside its field, audited, and nothing changes", async () => {
    const member = await memberWithTwoFactor();
    const wrongCode = await turnOff(member.cookie, { password: PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.data).toMatchObject({ fields: { code: messages.invalidCode } });
    const wrongRecovery = await turnOff(member.cookie, { password: PASSWORD, code: "not-a-recovery-code" });
    expect(wrongRecovery.data).toMatchObject({ fields: { code: messages.invalidCode } });
    const wrongPassword = await turnOff(member.cookie, {
      password: "not-my-password",
      code: member.nextCode(),
    });
    expect(wrongPassword.data).toMatchObject({ fields: { password: "Your password is not correct." } });
    expect(await isOn(member.userId)).toBe(true);
    expect((await mailTo(t.db, member.email)).filter((m) => m.subject.startsWith("Two-factor"))).toEqual([]);
    expect((await audited(member.userId, "two-factor-disable-failed")).map((r) => r.detail)).toEqual(
      expect.arrayContaining([
        { reason: "wrong-code", method: "totp" },
        { reason: "wrong-code", method: "recovery" },
        { reason: "wrong-password" },
      ]),
    );
    expect(await audited(member.userId, "two-factor-disabled")).toHaveLength(0);
  });

  test("the password and a current code turn it off, audited; the session stays but no longer counts as two-factor", async () => {
    const member = await memberWithTwoFactor();
    const answer = await turnOff(member.cookie, { password: PASSWORD, code: member.nextCode() });
    expect(answer).toEqual({
      status: 200,
      data: { section: "two-factor", success: "Two-factor sign-in is off. We sent you an e-mail to say so." },
    });
    expect(await isOn(member.userId)).toBe(false);
    expect(await audited(member.userId, "two-factor-disabled")).toEqual([
      expect.objectContaining({ detail: { method: "totp" } }),
    ]);
    const { db, env } = accounts();
    const current = await getCurrentSession(db, env, meta(member.cookie));
    expect(current?.user.twoFactorEnabled).toBe(false);
    expect(current?.session.signInMethod).toBe("password");
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(rows.every((r) => r.signInMethod === "password")).toBe(true);

    // The member is told, with what to do if it was not them.
    const mail = (await mailTo(t.db, member.email)).filter((m) => m.subject.startsWith("Two-factor"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Two-factor sign-in was turned off on your Coinlens account");
    expect(mail[0]?.text).toContain(`${new Date(pinned).toISOString().slice(11, 16)} UTC`);
    expect(mail[0]?.text).toContain("If it was not you");
    expect(mail[0]?.text).toContain("http://localhost:3000/forgotpassword");
    // A second, late click changes nothing and says nothing.
    await turnOff(member.cookie, { password: PASSWORD, code: member.nextCode() });
    expect((await mailTo(t.db, member.email)).filter((m) => m.subject.startsWith("Two-factor"))).toHaveLength(
      1,
    );
  });

  test("a recovery code works instead of the app's code, once", async () => {
    const member = await memberWithTwoFactor();
    const code = member.recoveryCodes[3] as string;
    expect((await turnOff(member.cookie, { password: PASSWORD, code })).data).toMatchObject({
      success: expect.stringMatching(/^Two-factor sign-in is off/),
    });
    expect(await isOn(member.userId)).toBe(false);
  });

  test("the app's code already used (at enrolment) is refused: each code works once", async () => {
    const member = await memberWithTwoFactor();
    const spent = member.totp.generate();
    expect((await turnOff(member.cookie, { password: PASSWORD, code: spent })).data).toMatchObject({
      fields: { code: messages.invalidCode },
    });
    expect(await isOn(member.userId)).toBe(true);
  });

  test("rate limited like the code checks: after 10 tries in 15 minutes even the right code is refused", async () => {
    const member = await memberWithTwoFactor();
    for (let i = 0; i < limits.twoFactorPerUser.limit; i++) {
      // Wrong codes also count as failed sign-ins: move past each back-off wait, as a patient guesser would.
      vi.setSystemTime(new Date(Date.now() + 60_000));
      const wrong = await turnOff(member.cookie, { password: PASSWORD, code: "000000" });
      expect(wrong.data).toMatchObject({ fields: { code: messages.invalidCode } });
    }
    vi.setSystemTime(new Date(Date.now() + 60_000));
    const refused = await turnOff(member.cookie, { password: PASSWORD, code: member.nextCode() });
    expect(refused.status).toBe(429);
    expect(refused.data?.error).toMatch(tooMany);
    expect(await isOn(member.userId)).toBe(true);
    expect(await audited(member.userId, "two-factor-disable-failed")).toContainEqual(
      expect.objectContaining({ detail: { reason: "throttled" } }),
    );
    vi.setSystemTime(new Date(pinned));
  });

  test("and like sign-in: wrong passwords back off the account's next tries, even with the right password", async () => {
    const member = await memberWithTwoFactor();
    for (let i = 0; i < backoffFreeFailures; i++) {
      const wrong = await turnOff(member.cookie, { password: "not-my-password", code: member.nextCode() });
      expect(wrong.data).toMatchObject({ fields: { password: "Your password is not correct." } });
    }
    const refused = await turnOff(member.cookie, { password: PASSWORD, code: member.nextCode() });
    expect(refused.status).toBe(429);
    expect(refused.data?.error).toMatch(tooMany);
    expect(await isOn(member.userId)).toBe(true);
    // The same back-off guards the sign-in form: one account, one count of failures.
    const { db, env } = accounts();
    const signInAnswer = await signIn(db, env, { email: member.email, password: PASSWORD }, meta());
    expect(signInAnswer).toMatchObject({ ok: false, message: expect.stringMatching(tooMany) });
  });
});

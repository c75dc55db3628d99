import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auditLog, authVerifications, devMailbox, sessions, twoFactors } from "../../../db/schema/index.ts";
import { cookieFrom, enrolTwoFactor, signedInMember } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { callRoute } from "../../../tests/route-call.ts";
import { useDatabase } from "../../db/db.server.ts";
import { systemClock } from "../../domain/accounts/clock.ts";
import { limits, recordEvent } from "../../domain/accounts/rate-limit.server.ts";
import { messages } from "../../domain/accounts/schemas.ts";
import { accounts } from "../../utils/auth.server.ts";

// The rate limits (ADR 0012, values in rate-limit.server.ts), through the real route actions (what the browser posts to): the
// The rate limits (ADR 0012), through the real route actions (what the browser posts to): the
// attempt after the limit gets the page's answer and changes nothing. The actions use the
// process's clock, so the clock is pinned one minute into an hour: no window (1 h or 15 min)
// can roll over while a test runs.

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();

beforeAll(() => {
  const hour = 3_600_000;
  vi.setSystemTime(new Date(Math.floor(Date.now() / hour) * hour + 60_000));
  useDatabase(t.database);
});

afterAll(() => {
  useDatabase(undefined);
  vi.useRealTimers();
});

const tooMany = /^Too many attempts\. Please wait \d+ (minutes|seconds) and try again\.$/;
const PASSWORD = "Sturdy-passphrase-42";
let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** Calls a route action the way React Router does (tests/route-call.ts): status, data and headers. */
const post = (
  action: (args: never) => unknown,
  path: string,
  form: Record<string, string>,
  { ip, cookie }: { ip: string; cookie?: string },
) => callRoute(action, path, { form, ip, ...(cookie ? { cookie } : {}) });

let seq = 0;
async function newMember() {
  const { db, env } = accounts();
  ++seq;
  const input = {
    email: `limits${seq}@example.test`,
    firstName: "Lim",
    lastName: `Its${seq}`,
    password: PASSWORD,
  };
  return signedInMember(db, env, input, () => ({
    headers: new Headers({ "user-agent": "vitest" }),
    ip: freshIp(),
  }));
}

const sessionCount = async (userId: string) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

const resetMails = async (email: string) => {
  await deliverMail(t.db);
  const rows = await t.db
    .select({ id: devMailbox.id })
    .from(devMailbox)
    .where(and(eq(devMailbox.to, email), like(devMailbox.subject, "Reset your%")));
  return rows.length;
};

const auditCount = async (userId: string, event: string) =>
  (
    await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
  ).length;

describe("sign-in per address (signInPerIp: 300 an hour)", () => {
  test("the 301st sign-in from one address is refused with 429, even with the right password; no session", {
    timeout: 90_000,
  }, async () => {
    const { action } = await import("./login.tsx");
    const member = await newMember();
    const ip = freshIp();
    // 299 earlier attempts from this address (any accounts), counted where signIn counts them.
    for (let i = 1; i < limits.signInPerIp.limit; i++) {
      await recordEvent(t.db, `signin:ip:${ip}`, limits.signInPerIp, systemClock);
    }
    const form = { email: member.email, password: PASSWORD, redirectTo: "/dashboard" };
    const last = await post(action, "/login", form, { ip });
    expect(last.status).toBe(302);
    expect(last.headers.get("location")).toBe("/dashboard");
    const before = await sessionCount(member.userId);
    const signIns = await auditCount(member.userId, "sign-in");

    const refused = await post(action, "/login", form, { ip });
    expect(refused.status).toBe(429);
    expect(refused.data?.error).toMatch(tooMany);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(member.userId)).toBe(before);
    expect(await auditCount(member.userId, "sign-in")).toBe(signIns);

    // The limit is the address's: the member still signs in from elsewhere.
    expect((await post(action, "/login", form, { ip: freshIp() })).status).toBe(302);
  });
});

describe("password reset requests", () => {
  test("resetPerEmail: the 6th request for one address in an hour gets the same answer and sends nothing", async () => {
    const { action } = await import("./forgot-password.tsx");
    const member = await newMember();
    for (let i = 0; i < limits.resetPerEmail.limit; i++) {
      const answer = await post(action, "/forgotpassword", { email: member.email }, { ip: freshIp() });
      expect(answer.data).toEqual({ sent: true, error: undefined });
    }
    expect(await resetMails(member.email)).toBe(limits.resetPerEmail.limit);
    const tokens = (await t.db.select().from(authVerifications)).length;

    const sixth = await post(action, "/forgotpassword", { email: member.email }, { ip: freshIp() });
    // The page's answer never changes (no hint that the address exists or is throttled)…
    expect(sixth.data).toEqual({ sent: true, error: undefined });
    // …but no mail, no new token, no audit entry.
    expect(await resetMails(member.email)).toBe(limits.resetPerEmail.limit);
    expect((await t.db.select().from(authVerifications)).length).toBe(tokens);
    expect(await auditCount(member.userId, "password-reset-requested")).toBe(limits.resetPerEmail.limit);
  });

  test("resetPerIp: after 30 requests from one address in an hour, the 31st sends nothing, whatever the e-mail", async () => {
    const { action } = await import("./forgot-password.tsx");
    const member = await newMember();
    const ip = freshIp();
    for (let i = 0; i < limits.resetPerIp.limit; i++) {
      const answer = await post(action, "/forgotpassword", { email: `nobody${i}@example.test` }, { ip });
      expect(answer.data).toEqual({ sent: true, error: undefined });
    }
    const tokens = (await t.db.select().from(authVerifications)).length;
    const refused = await post(action, "/forgotpassword", { email: member.email }, { ip });
    expect(refused.data).toEqual({ sent: true, error: undefined });
    expect(await resetMails(member.email)).toBe(0);
    expect((await t.db.select().from(authVerifications)).length).toBe(tokens);
    expect(await auditCount(member.userId, "password-reset-requested")).toBe(0);

    // The same request from another address goes through.
    await post(action, "/forgotpassword", { email: member.email }, { ip: freshIp() });
    expect(await resetMails(member.email)).toBe(1);
  });

  test("resetPerIp: after 30 reset submissions from one address, a valid link is refused and the password stays", async () => {
    const forgot = (await import("./forgot-password.tsx")).action;
    const { action } = await import("./reset-password.tsx");
    const login = (await import("./login.tsx")).action;
    const member = await newMember();
    await post(forgot, "/forgotpassword", { email: member.email }, { ip: freshIp() });
    await deliverMail(t.db);
    const [mail] = await t.db
      .select({ text: devMailbox.text })
      .from(devMailbox)
      .where(and(eq(devMailbox.to, member.email), like(devMailbox.subject, "Reset your%")));
    const token = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x").searchParams.get(
      "token",
    );
    expect(token?.length).toBeGreaterThan(10);

    const ip = freshIp();
    const newPassword = "Another-sturdy-pass-77";
    const form = (tok: string) => ({ token: tok, password: newPassword, confirmPassword: newPassword });
    for (let i = 0; i < limits.resetPerIp.limit; i++) {
      const wrong = await post(action, "/reset-password", form(`not-a-token-${i}`), { ip });
      expect(wrong.data?.error).toBe("This reset link is invalid or has expired. Please ask for a new one.");
    }
    const refused = await post(action, "/reset-password", form(token ?? ""), { ip });
    expect(refused.status).toBe(400);
    expect(refused.data?.error).toMatch(tooMany);
    // Nothing changed: the old password still signs in, the new one does not.
    const old = { email: member.email, password: PASSWORD, redirectTo: "/dashboard" };
    expect((await post(login, "/login", old, { ip: freshIp() })).status).toBe(302);
    const next = { email: member.email, password: newPassword, redirectTo: "/dashboard" };
    expect((await post(login, "/login", next, { ip: freshIp() })).status).toBe(401);
    expect(await auditCount(member.userId, "password-reset")).toBe(0);
    // The link itself was not used up: from another address it still works.
    const ok = await post(action, "/reset-password", form(token ?? ""), { ip: freshIp() });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/login?reset=1");
  });
});

describe("confirmation link resends (resetPerEmail: 5 an hour per member)", () => {
  test("the 6th 'Send a new link' in an hour gets the same answer and sends nothing", async () => {
    const { action } = await import("../_app/settings/overview.tsx");
    const member = await newMember();
    const confirmMails = async () => {
      await deliverMail(t.db);
      const rows = await t.db
        .select({ id: devMailbox.id })
        .from(devMailbox)
        .where(and(eq(devMailbox.to, member.email), like(devMailbox.subject, "Confirm your%")));
      return rows.length;
    };
    // Sign-up sent the first link.
    const atSignUp = await confirmMails();
    expect(atSignUp).toBe(1);
    const resend = () =>
      post(action, "/settings", { intent: "resend-verification" }, { ip: freshIp(), cookie: member.cookie });
    for (let i = 0; i < limits.resetPerEmail.limit; i++) {
      const answer = await resend();
      expect(answer.data).toEqual({ section: "verify", success: "We sent you a new confirmation link." });
    }
    expect(await confirmMails()).toBe(atSignUp + limits.resetPerEmail.limit);

    // The page's answer does not change; no e-mail goes out.
    const sixth = await resend();
    expect(sixth.data).toEqual({ section: "verify", success: "We sent you a new confirmation link." });
    expect(await confirmMails()).toBe(atSignUp + limits.resetPerEmail.limit);
  });
});

describe("two-factor attempts (twoFactorPerUser: 10 per 15 minutes)", () => {
  async function memberWithTwoFactor() {
    const member = await newMember();
    const { db, env } = accounts();
    const ip = freshIp();
    const { totp } = await enrolTwoFactor(
      db,
      env,
      { cookie: member.cookie, password: PASSWORD },
      (cookie) => ({
        headers: new Headers({ cookie }),
        ip,
      }),
    );
    return { ...member, totp };
  }

  async function passwordStep(ip: string, email: string) {
    const { action } = await import("./login.tsx");
    const answer = await post(action, "/login", { email, password: PASSWORD, redirectTo: "/wallet" }, { ip });
    expect(answer.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fwallet");
    return cookieFrom(answer.headers.getSetCookie(), "two_factor");
  }

  test("sign-in: 10 wrong codes, each after a fresh password step, then even a valid code is refused; no session", async () => {
    const { action } = await import("./two-factor.tsx");
    const member = await memberWithTwoFactor();
    const signInsBefore = await auditCount(member.userId, "sign-in");
    const guess = async (cookie: string, code: string) =>
      post(action, "/login/two-factor", { method: "totp", code }, { ip: freshIp(), cookie });
    // Whoever knows the password can start the sign-in over as often as they like; the limit is
    // the member's, so new challenges (and new addresses) do not hand out new guesses.
    for (let i = 0; i < limits.twoFactorPerUser.limit; i++) {
      const wrong = await guess(await passwordStep(freshIp(), member.email), "000000");
      expect(wrong.status).toBe(401);
      expect(wrong.data?.error).toBe(messages.invalidCode);
    }
    const pending = await passwordStep(freshIp(), member.email);
    const sessionsBefore = await sessionCount(member.userId);
    const refused = await guess(pending, member.totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(refused.status).toBe(429);
    expect(refused.data?.error).toMatch(tooMany);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(member.userId)).toBe(sessionsBefore);
    expect(await auditCount(member.userId, "sign-in")).toBe(signInsBefore);
  });

  test("enrolment: after 10 tries the 11th is refused, even with the right password; nothing is set up", async () => {
    const { action } = await import("../_app/settings/overview.tsx");
    const member = await newMember();
    const ip = freshIp();
    for (let i = 0; i < limits.twoFactorPerUser.limit; i++) {
      const wrong = await post(
        action,
        "/settings",
        { intent: "two-factor-start", password: "not-my-password" },
        {
          ip,
          cookie: member.cookie,
        },
      );
      expect(wrong.data).toMatchObject({ section: "two-factor", error: "Your password is not correct." });
    }
    const refused = await post(
      action,
      "/settings",
      { intent: "two-factor-start", password: PASSWORD },
      {
        ip,
        cookie: member.cookie,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ section: "two-factor", error: expect.stringMatching(tooMany) });
    expect(refused.data?.enrolment).toBeUndefined();
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, member.userId))).toHaveLength(0);
  });
});

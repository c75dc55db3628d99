// Sign-up does not reveal whether an address has an account (ADR 0010 addendum): the
// same answer and the same next page either way, and no session for either; a new member is
// signed in by the confirmation link, the owner of an existing address gets an e-mail instead.
// Through the real route actions, as the browser (or a script) posts them.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auditLog, devMailbox, sessions, users } from "../../../db/schema/index.ts";
import { cookieFrom, enrolTwoFactor } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { callRoute } from "../../../tests/route-call.ts";
import { useDatabase } from "../../db/db.server.ts";
import { getCurrentSession } from "../../domain/accounts/sessions.server.ts";
import { signIn } from "../../domain/accounts/sign-in.server.ts";
import { accounts } from "../../utils/auth.server.ts";
import { action as signUpAction } from "./signup.tsx";
import { action as verifyAction } from "./verify-email.tsx";

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
beforeAll(() => useDatabase(t.database));
afterAll(() => useDatabase(undefined));

const PASSWORD = "Sturdy-passphrase-42";
let seq = 0;
const freshIp = () => `10.14.6.${++seq % 250}`;

/** Calls a route action as React Router does: the status, where it redirects, its cookies, its data. */
async function post(
  action: (args: never) => unknown,
  path: string,
  form: Record<string, string>,
  cookie?: string,
) {
  const answer = await callRoute(action, path, { form, ip: freshIp(), ...(cookie ? { cookie } : {}) });
  return {
    status: answer.status,
    location: answer.location,
    setCookies: answer.setCookies,
    data: answer.data,
  };
}

const signUpForm = (email: string, extra: Record<string, string> = {}) =>
  post(signUpAction, "/signup", {
    email,
    firstName: "Erin",
    lastName: "Tester",
    password: PASSWORD,
    ...extra,
  });

/** Delivers what is queued (as the outbox worker would), then the mail `email` got. */
async function mailsTo(email: string, subjectStart: string) {
  await deliverMail(t.db);
  return t.db
    .select({ text: devMailbox.text, subject: devMailbox.subject })
    .from(devMailbox)
    .where(and(eq(devMailbox.to, email), like(devMailbox.subject, `${subjectStart}%`)));
}

/** The token of the newest confirmation link sent to `email`. */
async function confirmationToken(email: string) {
  const mails = await mailsTo(email, "Confirm your e-mail");
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mails.at(-1)?.text ?? "")?.[0] ?? "http://x";
  return new URL(link).searchParams.get("token") ?? "";
}

const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";

const sessionRows = async (email: string) =>
  t.db
    .select({ id: sessions.id, mode: sessions.accountMode })
    .from(sessions)
    .where(eq(sessions.userId, await userIdOf(email)));

describe("sign-up answers the same whether or not the address has an account", () => {
  test("same status, same next page, no session cookie for either", async () => {
    const taken = `taken${++seq}@example.test`;
    const first = await signUpForm(taken);
    const again = await signUpForm(taken.toUpperCase());
    const fresh = await signUpForm(`fresh${++seq}@example.test`);
    for (const answer of [first, again, fresh]) {
      expect(answer).toEqual({
        status: 302,
        location: "/signup/check-email",
        setCookies: [],
        data: undefined,
      });
    }
    expect(again).toEqual(fresh);
  });

  test("nobody is signed in by sign-up; the owner of the taken address is told by e-mail", async () => {
    const email = `owner${++seq}@example.test`;
    await signUpForm(email);
    expect(await sessionRows(email)).toHaveLength(0);
    await signUpForm(email);
    expect(await sessionRows(email)).toHaveLength(0);
    const told = await mailsTo(email, "Someone tried to sign up");
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("/forgotpassword");
  });

  test("the owner is told at most once per clock hour, however many tries", async () => {
    const email = `hourly${++seq}@example.test`;
    await signUpForm(email);
    const told = async () => (await mailsTo(email, "Someone tried to sign up")).length;
    const at = (time: string) => vi.setSystemTime(new Date(`2031-03-04T${time}Z`));
    try {
      at("10:05:00");
      await signUpForm(email);
      await signUpForm(email);
      at("10:59:59");
      await signUpForm(email);
      expect(await told()).toBe(1);
      // A fixed hour, not a rolling one (ADR 0010 addendum): the next clock hour may tell again.
      at("11:00:01");
      await signUpForm(email);
      await signUpForm(email);
      expect(await told()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test("the new member's confirmation link confirms the address and signs them in, once", async () => {
    const email = `confirm${++seq}@example.test`;
    await signUpForm(email);
    const token = await confirmationToken(email);
    const confirmed = await post(verifyAction, "/verify-email", { token });
    expect(confirmed.data).toEqual({ verified: true, signedIn: true, error: undefined });
    const cookie = cookieFrom(confirmed.setCookies);
    const { db, env } = accounts();
    const session = await getCurrentSession(db, env, { headers: new Headers({ cookie }) });
    expect(session?.user).toMatchObject({ email, emailVerified: true });
    expect(session?.session.signInMethod).toBe("password");
    const signIns = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.userId, await userIdOf(email)), eq(auditLog.event, "sign-in")));
    expect(signIns).toEqual([{ detail: { secondFactor: false, via: "email-link" } }]);

    // The same link again (say, from another browser) confirms nothing new and signs nobody in.
    const reopened = await post(verifyAction, "/verify-email", { token });
    expect(reopened.data).toEqual({ verified: true, signedIn: false, error: undefined });
    expect(reopened.setCookies).toEqual([]);
    expect(await sessionRows(email)).toHaveLength(1);
  });

  test("a member who turned two-factor on before confirming is not signed in by the link", async () => {
    const email = `guarded${++seq}@example.test`;
    await signUpForm(email);
    const { db, env } = accounts();
    const signedIn = await signIn(db, env, { email, password: PASSWORD }, { headers: new Headers() });
    if (signedIn.ok !== true) throw new Error("sign-in failed");
    const cookie = cookieFrom(signedIn.setCookies);
    await enrolTwoFactor(db, env, { cookie, password: PASSWORD }, (c) => ({
      headers: new Headers({ cookie: c }),
    }));
    const before = (await sessionRows(email)).length;

    const confirmed = await post(verifyAction, "/verify-email", { token: await confirmationToken(email) });
    expect(confirmed.data).toEqual({ verified: true, signedIn: false, error: undefined });
    expect(confirmed.setCookies).toEqual([]);
    expect(await sessionRows(email)).toHaveLength(before);
  });

  test("'Try Free Demo': the first session, from the link, starts in the demo account", async () => {
    const email = `demo${++seq}@example.test`;
    await signUpForm(email, { demo: "1" });
    const confirmed = await post(verifyAction, "/verify-email", { token: await confirmationToken(email) });
    expect(confirmed.data).toMatchObject({ signedIn: true });
    expect(await sessionRows(email)).toEqual([expect.objectContaining({ mode: "demo" })]);
  });

  test("a visitor who chose a checkout before signing up is led back to it by the confirmation link, signed in", async () => {
    const email = `checkout${++seq}@example.test`;
    const checkout = "/billing/checkout?plan=premium&period=yearly&method=crypto";
    await signUpForm(email, { redirectTo: checkout });
    const mail = (await mailsTo(email, "Confirm your e-mail")).at(-1)?.text ?? "";
    const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(mail)?.[0] ?? "http://x");
    expect(link.searchParams.get("next")).toBe(checkout);
    const token = link.searchParams.get("token") ?? "";
    const confirmed = await post(verifyAction, "/verify-email", { token, next: checkout });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(checkout);
    expect(cookieFrom(confirmed.setCookies)).not.toBe("");

    // Another site is never a destination, in the link or on the way back.
    const other = `elsewhere${++seq}@example.test`;
    await signUpForm(other, { redirectTo: "//evil.example/billing" });
    const otherMail = (await mailsTo(other, "Confirm your e-mail")).at(-1)?.text ?? "";
    expect(otherMail).not.toContain("next=");
    const refused = await post(verifyAction, "/verify-email", {
      token: await confirmationToken(other),
      next: "https://evil.example/",
    });
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ verified: true, signedIn: true });
  });
});

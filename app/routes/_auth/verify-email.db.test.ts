import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auditLog, devMailbox, users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { callRoute } from "../../../tests/route-call.ts";
import { useDatabase } from "../../db/db.server.ts";
import { signUp } from "../../domain/accounts/sign-in.server.ts";
import { accounts } from "../../utils/auth.server.ts";
import { action } from "./verify-email.tsx";

// The e-mail confirmation link is valid for 24 hours (`emailVerification.expiresIn` in
// auth.server.ts). The link is a token signed with its expiry; the process clock is moved to when
// each link was sent, then to "now".
// The e-mail confirmation link is valid for 24 hours. The link is a token signed with
// its expiry; the process clock is moved to when each link was sent, then to "now".

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
const now = new Date("2026-06-10T12:00:00Z");
const minute = 60_000;
const day = 24 * 60 * minute;

beforeAll(() => useDatabase(t.database));
afterAll(() => {
  useDatabase(undefined);
  vi.useRealTimers();
});

let seq = 0;
/** Signs a member up at `sentAt` and returns the confirmation link's token from the outbox. */
async function signUpAt(sentAt: Date) {
  vi.setSystemTime(sentAt);
  const { db, env } = accounts();
  const email = `verify${++seq}@example.test`;
  const result = await signUp(
    db,
    env,
    { email, firstName: "Vera", lastName: "Fy", password: "Sturdy-passphrase-42" },
    { headers: new Headers({ "user-agent": "vitest" }), ip: `10.2.0.${seq}` },
  );
  if (!result.ok) throw new Error(result.message);
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await deliverMail(t.db);
  const [mail] = await t.db
    .select({ text: devMailbox.text })
    .from(devMailbox)
    .where(and(eq(devMailbox.to, email), like(devMailbox.subject, "Confirm your e-mail%")));
  expect(mail?.text).toContain("valid for 24 hours");
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail?.text ?? "")?.[0] ?? "";
  const token = new URL(link).searchParams.get("token") ?? "";
  expect(token.length).toBeGreaterThan(20);
  return { email, userId: user?.id ?? "", token };
}

/** Posts the confirmation page's form at `at`, as the browser does. */
async function confirm(token: string, at: Date) {
  vi.setSystemTime(at);
  // The page's answer, whether or not it came with a Set-Cookie (the link signs a new member in).
  const { data } = await callRoute(action, "/verify-email", { form: { token }, ip: "10.2.1.1" });
  return { verified: data?.verified, error: data?.error };
}

async function verifiedEvents(userId: string) {
  return t.db
    .select({ ip: auditLog.ip, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, "email-verified")));
}

async function isVerified(userId: string) {
  const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified;
}

describe("e-mail confirmation link", () => {
  test("a link sent 23 h 59 min ago confirms the address", async () => {
    const member = await signUpAt(new Date(now.getTime() - day + minute));
    expect(await isVerified(member.userId)).toBe(false);
    expect(await confirm(member.token, now)).toEqual({ verified: true, error: undefined });
    expect(await isVerified(member.userId)).toBe(true);
    expect(await verifiedEvents(member.userId)).toEqual([{ ip: "10.2.1.1", at: now }]);
    // Opening the link again changes nothing and is not audited again.
    expect((await confirm(member.token, now)).verified).toBe(true);
    expect(await verifiedEvents(member.userId)).toHaveLength(1);
  });

  test("a link sent 24 h 1 min ago is refused with the page's message and confirms nothing", async () => {
    const member = await signUpAt(new Date(now.getTime() - day - minute));
    expect(await confirm(member.token, now)).toEqual({
      verified: false,
      error: "This link is invalid or has expired.",
    });
    expect(await isVerified(member.userId)).toBe(false);
    expect(await verifiedEvents(member.userId)).toHaveLength(0);
  });

  test("the same link works until 24 h have passed and not after", async () => {
    const sentAt = new Date(now.getTime() - 3 * day);
    const late = await signUpAt(sentAt);
    expect((await confirm(late.token, new Date(sentAt.getTime() + day + 1000))).verified).toBe(false);
    expect(await isVerified(late.userId)).toBe(false);
    expect((await confirm(late.token, new Date(sentAt.getTime() + day - 1000))).verified).toBe(true);
    expect(await isVerified(late.userId)).toBe(true);
  });
});

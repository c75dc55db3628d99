// The back-office wants a session that itself completed the two-factor step (ADR 0011 addendum),
// not only a staff member who has two-factor on; and turning two-factor on ends every other
// session of the member. Through the back-office shell's real loader, with real sessions.
import { and, eq, sql } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, sessions, users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { requestContext } from "../../context.server.ts";
import { useDatabase } from "../../db/db.server.ts";
import { getCurrentSession } from "../../domain/accounts/sessions.server.ts";
import { completeSecondFactor, signIn, signUp } from "../../domain/accounts/sign-in.server.ts";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../../domain/accounts/two-factor.server.ts";
import { grantRole } from "../../domain/payments/admin-role.server.ts";
import { accounts } from "../../utils/auth.server.ts";
import { loader } from "./layout.tsx";

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
beforeAll(() => useDatabase(t.database));
afterAll(() => useDatabase(undefined));

const PASSWORD = "Back-office-2026!";
let seq = 0;
const meta = (cookie?: string) => {
  const headers = new Headers({ "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip: `10.14.4.${++seq % 250}` };
};

function cookieFrom(setCookies: string[], namePart = "session_token") {
  const line = setCookies.find((c) => c.includes(namePart) && !/Max-Age=0/.test(c));
  if (!line) throw new Error(`no ${namePart} cookie in ${setCookies.join(" | ")}`);
  return line.split(";")[0] as string;
}

async function passwordSignIn(email: string) {
  const { db, env } = accounts();
  const result = await signIn(db, env, { email, password: PASSWORD }, meta());
  if (result.ok === false) throw new Error(result.message);
  return result;
}

/** A new member, signed in with the password on one device. */
async function newMember() {
  const { db, env } = accounts();
  const email = `staff${++seq}@example.test`;
  const created = await signUp(
    db,
    env,
    { email, firstName: "Sta", lastName: "Ff", password: PASSWORD },
    meta(),
  );
  if (!created.ok) throw new Error(created.message);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const signedIn = await passwordSignIn(email);
  if (signedIn.ok !== true) throw new Error("expected a one-step sign-in");
  return { email, userId: row?.id ?? "", cookie: cookieFrom(signedIn.setCookies) };
}

/** Turns two-factor on from the session behind `cookie`; returns the new session's cookie. */
async function enrol(cookie: string) {
  const { db, env } = accounts();
  const current = await getCurrentSession(db, env, meta(cookie));
  if (!current) throw new Error("no session");
  const started = await startTwoFactorEnrolment(db, env, current, PASSWORD, meta(cookie));
  if (!started.ok) throw new Error(started.message);
  const totp = URI.parse(started.totpURI) as TOTP;
  const enrolled = await confirmTwoFactorEnrolment(db, env, current, totp.generate(), meta(cookie));
  if (!enrolled.ok) throw new Error(enrolled.message);
  return { totp, cookie: cookieFrom(enrolled.setCookies) };
}

/** GET /admin through the shell's loader: 200 with its data, or the refusal's status and body. */
async function openBackOffice(cookie: string) {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "t", nonce: "n", ip: "10.14.0.1" });
  const request = new Request("http://localhost:3000/admin", { headers: meta(cookie).headers });
  try {
    await loader({ request, context, params: {}, url: new URL(request.url) } as never);
    return { status: 200, body: undefined };
  } catch (thrown) {
    const refused = thrown as { init?: ResponseInit | null; data?: unknown; status?: number };
    if (thrown instanceof Response) return { status: thrown.status, body: undefined };
    return { status: refused.init?.status ?? 500, body: refused.data as Record<string, unknown> };
  }
}

const alive = async (cookie: string) => {
  const { db, env } = accounts();
  return (await getCurrentSession(db, env, meta(cookie))) !== null;
};

const methodOf = async (cookie: string) => {
  const token = decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")[0] ?? "";
  const [row] = await t.db
    .select({ method: sessions.signInMethod })
    .from(sessions)
    .where(eq(sessions.token, token));
  return row?.method;
};

describe("turning two-factor on", () => {
  test("ends every other session of the member, audited; the session that turned it on stays", async () => {
    const member = await newMember();
    const laptop = await passwordSignIn(member.email);
    const phone = await passwordSignIn(member.email);
    if (laptop.ok !== true || phone.ok !== true) throw new Error("expected one-step sign-ins");
    const laptopCookie = cookieFrom(laptop.setCookies);
    const phoneCookie = cookieFrom(phone.setCookies);
    expect(await alive(laptopCookie)).toBe(true);
    const others = (await t.db.select().from(sessions).where(eq(sessions.userId, member.userId))).length - 1;
    expect(others).toBeGreaterThanOrEqual(2);

    const enrolled = await enrol(member.cookie);
    expect(await alive(enrolled.cookie)).toBe(true);
    expect(await alive(laptopCookie)).toBe(false);
    expect(await alive(phoneCookie)).toBe(false);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(left).toHaveLength(1);
    const revoked = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.userId, member.userId), eq(auditLog.event, "session-revoked")));
    expect(revoked).toEqual([{ detail: { count: others, others: true, reason: "two-factor-enabled" } }]);
  });
});

describe("the back-office wants a session signed in with two-factor", () => {
  test("sessions record how they were signed in: password alone, the second step, or enrolment with a code", async () => {
    const member = await newMember();
    expect(await methodOf(member.cookie)).toBe("password");
    const { totp, cookie } = await enrol(member.cookie);
    expect(await methodOf(cookie)).toBe("two-factor");
    const first = await passwordSignIn(member.email);
    if (first.ok !== "two-factor") throw new Error("expected a second step");
    const { db, env } = accounts();
    const second = await completeSecondFactor(
      db,
      env,
      { method: "totp", code: totp.generate({ timestamp: Date.now() + 30_000 }) },
      meta(cookieFrom(first.setCookies, "two_factor")),
    );
    if (!second.ok) throw new Error(second.message);
    expect(await methodOf(cookieFrom(second.setCookies))).toBe("two-factor");
    const current = await getCurrentSession(db, env, meta(cookieFrom(second.setCookies)));
    expect(current?.session.signInMethod).toBe("two-factor");
  });

  test("staff with two-factor on, on a session signed in with the password alone, are refused with the way out", async () => {
    const admin = await newMember();
    const { cookie } = await enrol(admin.cookie);
    await grantRole(t.db, admin.email, "admin");
    expect((await openBackOffice(cookie)).status).toBe(200);

    // A session that never completed the second step: every session older than the column is
    // 'password' (its default), whatever the member has turned on since.
    const token = decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")[0] ?? "";
    await t.db.execute(sql`update sessions set sign_in_method = 'password' where token = ${token}`);
    expect(await openBackOffice(cookie)).toEqual({
      status: 403,
      body: {
        message: "Sign in again with your two-factor code to use the back-office.",
        reason: "two-factor-session",
      },
    });
  });

  test("staff without two-factor keep the 'turn it on' answer; members are refused as before", async () => {
    const support = await newMember();
    await grantRole(t.db, support.email, "support");
    expect(await openBackOffice(support.cookie)).toEqual({
      status: 403,
      body: {
        message: "Turn on two-factor sign-in in Settings before using the back-office.",
        reason: "two-factor-off",
      },
    });
    const member = await newMember();
    const { cookie } = await enrol(member.cookie);
    expect((await openBackOffice(cookie)).body).toMatchObject({
      message: "The back-office is for staff only.",
    });
  });
});

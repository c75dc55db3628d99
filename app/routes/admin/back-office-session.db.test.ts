// The back-office wants a session that itself completed the two-factor step (ADR 0011 addendum),
// The back-office wants a session that itself completed the two-factor step (ADR 0011),
// not only a staff member who has two-factor on; and turning two-factor on ends every other
// session of the member. Through the back-office shell's real loader, with real sessions.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, sessions } from "../../../db/schema/index.ts";
import { cookieFrom, enrolTwoFactor, requestMetaFrom, signedInMember } from "../../../tests/accounts.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { callRoute } from "../../../tests/route-call.ts";
import { useDatabase } from "../../db/db.server.ts";
import { getCurrentSession } from "../../domain/accounts/sessions.server.ts";
import { completeSecondFactor, signIn } from "../../domain/accounts/sign-in.server.ts";
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
const meta = requestMetaFrom("10.14");

async function passwordSignIn(email: string) {
  const { db, env } = accounts();
  const result = await signIn(db, env, { email, password: PASSWORD }, meta());
  if (result.ok === false) throw new Error(result.message);
  return result;
}

/** A new member, signed in with the password on one device. */
async function newMember() {
  const { db, env } = accounts();
  const input = { email: `staff${++seq}@example.test`, firstName: "Sta", lastName: "Ff", password: PASSWORD };
  return signedInMember(db, env, input, meta);
}

/** Turns two-factor on from the session behind `cookie`; returns the new session's cookie. */
async function enrol(cookie: string) {
  const { db, env } = accounts();
  return enrolTwoFactor(db, env, { cookie, password: PASSWORD }, meta);
}

/** GET /admin through the shell's loader: 200, or the refusal's status and body. */
async function openBackOffice(cookie: string) {
  const answer = await callRoute(loader, "/admin", { cookie, ip: "10.14.0.1" });
  return { status: answer.status, body: answer.status === 200 ? undefined : answer.data };
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

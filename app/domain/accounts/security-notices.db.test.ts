// A member hears of every change to how they sign in — a new password (changed in Settings or
// reset with a link) and two-factor sign-in turned on (turned off: two-factor-off.db.test.ts) —
// by an e-mail queued in the outbox in the SAME transaction as the change (ADR 0056): the change
// and its message commit together or not at all, and a refused attempt queues nothing.
import { and, eq, like, sql } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { auditLog, authVerifications, outbox, twoFactors, users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { parseConfig } from "../../config.server.ts";
import { createAuth } from "./auth.server.ts";
import { fakeClock } from "./clock.ts";
import type { AccountsEnv } from "./common.server.ts";
import { changePassword } from "./profile.server.ts";
import { requestPasswordReset, resetPassword } from "./recovery.server.ts";
import { getCurrentSession } from "./sessions.server.ts";
import { signIn, signUp } from "./sign-in.server.ts";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "./two-factor.server.ts";

const t = setupTestDatabase();
const PASSWORD = "Sturdy-passphrase-42";
const NEW_PASSWORD = "Brand-new-passphrase-7";
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
  return { headers, ip: `10.56.0.${++seq % 250}` };
}

function cookieFrom(setCookies: string[]) {
  const line = setCookies.find((c) => c.includes("session_token") && !/Max-Age=0/.test(c));
  if (!line) throw new Error(`no session cookie in ${setCookies.join(" | ")}`);
  return line.split(";")[0] as string;
}

/** A new member, signed in with the password; `current` is that session. */
async function newMember() {
  const email = `notice${++seq}@example.test`;
  const created = await signUp(
    t.db,
    env,
    { email, firstName: "Nora", lastName: "Notice", password: PASSWORD },
    meta(),
  );
  if (!created.ok) throw new Error(created.message);
  const signedIn = await signIn(t.db, env, { email, password: PASSWORD }, meta());
  if (signedIn.ok !== true) throw new Error("sign-in failed");
  const cookie = cookieFrom(signedIn.setCookies);
  const current = await getCurrentSession(t.db, env, meta(cookie));
  if (!current) throw new Error("no session");
  return { email, userId: signedIn.userId, cookie, current };
}

/** The outbox keys queued for the member's changes of one kind, found through their audit entries. */
async function queued(userId: string, kind: "password-changed" | "two-factor-enabled") {
  const rows = await t.db
    .select({ key: outbox.messageKey })
    .from(outbox)
    .where(like(outbox.messageKey, `${kind}:%`));
  const audits = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.userId, userId));
  const [factor] = await t.db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  const own = new Set([...audits.map((a) => `${kind}:${a.id}`), `${kind}:${factor?.id}`]);
  return rows.map((r) => r.key).filter((key) => own.has(key));
}

async function resetLinkToken(userId: string, email: string) {
  await requestPasswordReset(t.db, env, email, meta());
  const [mail] = (await mailTo(t.db, email)).filter((m) => m.subject.startsWith("Reset your")).reverse();
  const token = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "").searchParams.get("token");
  if (!token) throw new Error(`no reset link for ${userId}`);
  return token;
}

async function startEnrolment(member: Awaited<ReturnType<typeof newMember>>) {
  const started = await startTwoFactorEnrolment(t.db, env, member.current, PASSWORD, meta(member.cookie));
  if (!started.ok) throw new Error(started.message);
  return URI.parse(started.totpURI) as TOTP;
}

describe("changing the password in Settings", () => {
  test("queues 'password changed' with the change, saying when; a wrong current password queues nothing", async () => {
    const member = await newMember();
    const wrong = await changePassword(
      t.db,
      env,
      member.current,
      { currentPassword: "not-my-password", password: NEW_PASSWORD },
      meta(member.cookie),
    );
    expect(wrong.ok).toBe(false);
    expect(await queued(member.userId, "password-changed")).toEqual([]);

    const right = await changePassword(
      t.db,
      env,
      member.current,
      { currentPassword: PASSWORD, password: NEW_PASSWORD },
      meta(member.cookie),
    );
    expect(right).toEqual({ ok: true });
    expect(await queued(member.userId, "password-changed")).toHaveLength(1);
    const [mail] = (await mailTo(t.db, member.email)).filter((m) =>
      m.subject.includes("password was changed"),
    );
    expect(mail?.subject).toBe("Your Coinlens password was changed");
    expect(mail?.text).toContain("was changed in Settings on 25 Nov 2026, 10:15 UTC.");
    expect(mail?.text).toContain("If this wasn't you, reset your password and contact support:");
    expect(mail?.text).toContain("http://localhost:3000/forgotpassword");
    expect(mail?.text).toContain("http://localhost:3000/contact");
  });
});

describe("resetting the password with a link", () => {
  test("queues 'password changed' with the reset; an invalid or spent link queues nothing more", async () => {
    const member = await newMember();
    const token = await resetLinkToken(member.userId, member.email);
    const forged = await resetPassword(t.db, env, { token: `${token}x`, password: NEW_PASSWORD }, meta());
    expect(forged.ok).toBe(false);
    expect(await queued(member.userId, "password-changed")).toEqual([]);

    expect(await resetPassword(t.db, env, { token, password: NEW_PASSWORD }, meta())).toEqual({ ok: true });
    expect(await queued(member.userId, "password-changed")).toHaveLength(1);
    const spent = await resetPassword(t.db, env, { token, password: "Another-passphrase-8" }, meta());
    expect(spent.ok).toBe(false);
    expect(await queued(member.userId, "password-changed")).toHaveLength(1);
    const mail = (await mailTo(t.db, member.email)).filter(
      (m) => m.subject === "Your Coinlens password was changed",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(
      "was reset with a link e-mailed to this address on 25 Nov 2026, 10:15 UTC.",
    );
    expect(mail[0]?.text).toContain("If this wasn't you, reset your password and contact support:");
  });
});

describe("turning two-factor sign-in on", () => {
  test("queues 'two-factor turned on' with the switch; a wrong code queues nothing", async () => {
    const member = await newMember();
    const totp = await startEnrolment(member);
    const now = Date.now();
    clock.set(new Date(now));
    const wrong = await confirmTwoFactorEnrolment(t.db, env, member.current, "000000", meta(member.cookie));
    expect(wrong.ok).toBe(false);
    expect(await queued(member.userId, "two-factor-enabled")).toEqual([]);

    const right = await confirmTwoFactorEnrolment(
      t.db,
      env,
      member.current,
      totp.generate({ timestamp: now }),
      meta(member.cookie),
    );
    expect(right.ok).toBe(true);
    expect(await queued(member.userId, "two-factor-enabled")).toHaveLength(1);
    const mail = (await mailTo(t.db, member.email)).filter((m) =>
      m.subject.includes("two-factor sign-in was turned on"),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Coinlens: two-factor sign-in was turned on for your account");
    expect(mail[0]?.text).toContain(`${new Date(now).toISOString().slice(11, 16)} UTC.`);
    expect(mail[0]?.text).toContain("If this wasn't you, reset your password and contact support:");
    clock.set(new Date("2026-11-25T10:15:00Z"));
  });
});

describe("one transaction: when the e-mail cannot be queued, the change does not happen", () => {
  // A trigger makes queueing the one message fail, as a lost connection would mid-transaction.
  async function refuseOutbox(kind: string) {
    await t.db.execute(
      sql.raw(`create or replace function refuse_notice() returns trigger language plpgsql as $$
        begin
          if new.message_key like '${kind}:%' then raise exception 'outbox unavailable'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger refuse_notice before insert on outbox for each row execute function refuse_notice()",
      ),
    );
  }
  afterEach(async () => {
    await t.db.execute(sql.raw("drop trigger if exists refuse_notice on outbox"));
  });

  const passwordWorks = async (email: string, password: string) =>
    (await signIn(t.db, env, { email, password }, meta())).ok === true;
  const audited = async (userId: string, event: string) =>
    (
      await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
    ).length;

  test("changing the password", async () => {
    const member = await newMember();
    await refuseOutbox("password-changed");
    await expect(
      changePassword(
        t.db,
        env,
        member.current,
        { currentPassword: PASSWORD, password: NEW_PASSWORD },
        meta(member.cookie),
      ),
    ).rejects.toThrow();
    expect(await passwordWorks(member.email, PASSWORD)).toBe(true);
    expect(await passwordWorks(member.email, NEW_PASSWORD)).toBe(false);
    expect(await audited(member.userId, "password-changed")).toBe(0);
  });

  test("resetting the password: the link still works afterwards", async () => {
    const member = await newMember();
    const token = await resetLinkToken(member.userId, member.email);
    await refuseOutbox("password-changed");
    await expect(resetPassword(t.db, env, { token, password: NEW_PASSWORD }, meta())).rejects.toThrow();
    expect(await passwordWorks(member.email, PASSWORD)).toBe(true);
    expect(await audited(member.userId, "password-reset")).toBe(0);
    expect(
      (await t.db.select().from(authVerifications).where(eq(authVerifications.value, member.userId))).length,
    ).toBeGreaterThan(0);
    await t.db.execute(sql.raw("drop trigger if exists refuse_notice on outbox"));
    expect(await resetPassword(t.db, env, { token, password: NEW_PASSWORD }, meta())).toEqual({ ok: true });
  });

  test("turning two-factor sign-in on", async () => {
    const member = await newMember();
    const totp = await startEnrolment(member);
    await refuseOutbox("two-factor-enabled");
    const now = Date.now();
    clock.set(new Date(now));
    await expect(
      confirmTwoFactorEnrolment(
        t.db,
        env,
        member.current,
        totp.generate({ timestamp: now }),
        meta(member.cookie),
      ),
    ).rejects.toThrow();
    const [user] = await t.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, member.userId));
    expect(user?.on).toBe(false);
    expect(await audited(member.userId, "two-factor-enabled")).toBe(0);
    // The session the member had is still theirs: nothing of the switch was kept.
    expect(await getCurrentSession(t.db, env, meta(member.cookie))).not.toBeNull();
    clock.set(new Date("2026-11-25T10:15:00Z"));
  });
});

// Two-factor sign-in on the settings page: enrolment (password, then a code from the app) and
// turning it off (password and a code). Each switch ends the other sessions or changes what they
// count as (ADR 0011), and the member is told by e-mail in the switch's transaction (ADR 0056).
import { and, eq } from "drizzle-orm";
import { sessions, twoFactors, users } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import {
  authTransaction,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  credentialPasswordHash,
  sessionTokenOf,
  spendRecoveryCode,
} from "./better-auth-adapter.server.ts";
import {
  type AccountsEnv,
  audit,
  type CurrentSession,
  type Failure,
  type RequestMeta,
  type SignInMethod,
  throttled,
} from "./common.server.ts";
import { verifyPassword } from "./password.server.ts";
import { checkSignInAllowed, consume, limits, recordSignInFailure } from "./rate-limit.server.ts";
import { messages } from "./schemas.ts";
import { revokeOtherSessions } from "./sessions.server.ts";
import { claimTotpStep } from "./totp-steps.server.ts";

const wrongPassword = "Your password is not correct.";

export async function startTwoFactorEnrolment(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  password: string,
  meta: RequestMeta,
): Promise<{ ok: true; totpURI: string; backupCodes: string[] } | Failure> {
  const limited = await consume(db, `2fa:${current.user.id}`, limits.twoFactorPerUser, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const started = await beginTotpEnrolment(env.auth, password, meta);
  if (started.ok) return started;
  return { ok: false, message: started.code === "NO_TOTP_URI" ? messages.unexpected : wrongPassword };
}

/**
 * The code from the app switches two-factor on. better-auth's switch and its new session, the
 * audit entry, the end of the other sessions and the member's e-mail commit together.
 */
export async function confirmTwoFactorEnrolment(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  code: string,
  meta: RequestMeta,
): Promise<{ ok: true; setCookies: string[] } | Failure> {
  const limited = await consume(db, `2fa:${current.user.id}`, limits.twoFactorPerUser, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const clean = code.replace(/\s+/g, "");
  const userId = current.user.id;
  const enabled = await authTransaction(db, env.config, async (tx, auth) => {
    const setCookies = await confirmTotpEnrolment(auth, clean, meta);
    await claimTotpStep(tx, env, userId, clean);
    // The code just typed proves the factor in this very session (after the password at the start
    // of enrolment), so this session counts as signed in with two-factor (ADR 0011).
    const sessionId = await carryOverSession(tx, current, setCookies, "two-factor");
    await audit(tx, env, meta, "two-factor-enabled", userId);
    // Every other session was signed in without the factor: a stolen password's session must not
    // outlive the switch. (Without the new row's id, every session ends; the member signs in again.)
    await revokeOtherSessions(tx, env, userId, sessionId ?? "", meta, "two-factor-enabled");
    // The key names this enrolment (each is a new two_factors row): a repeated confirmation
    // queues nothing twice.
    const [factor] = await tx
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    await enqueueEmail(tx, `two-factor-enabled:${factor?.id ?? userId}`, {
      to: current.user.email,
      template: "two-factor-enabled",
      data: { at: env.clock.now().toISOString() },
    });
    return setCookies;
  });
  if (!enabled.ok) return { ok: false, message: messages.invalidCode };
  return { ok: true, setCookies: enabled.value };
}

/**
 * better-auth replaces the session when two-factor is switched on (a new id for a new privilege
 * level). The new row keeps the old one's start time (the absolute limit still counts from the
 * sign-in) and its selected account mode, and records how it is signed in. Returns its id.
 */
async function carryOverSession(
  db: Db,
  previous: CurrentSession,
  setCookies: string[],
  signInMethod: SignInMethod,
): Promise<string | undefined> {
  const token = sessionTokenOf(setCookies);
  if (!token) return undefined;
  const [row] = await db
    .update(sessions)
    .set({ createdAt: previous.session.createdAt, accountMode: previous.session.accountMode, signInMethod })
    .where(and(eq(sessions.token, token), eq(sessions.userId, previous.user.id)))
    .returning({ id: sessions.id });
  return row?.id;
}

export type DisableTwoFactorResult = { ok: true } | (Failure & { field?: "password" | "code" });

/**
 * Turning two-factor sign-in off takes what turning it on gave: the password AND a current code
 * from the authenticator (or an unused recovery code), so a stolen session plus the password is
 * not enough. Attempts count as sign-in failures (the account's back-off, ADR 0012) and against
 * the member's two-factor budget (10 per 15 minutes, like every code check); failures are audited
 * as two-factor-disable-failed. The switch, the audit entry and the member's e-mail (queued in the
 * outbox) are one transaction; the session stays, no longer counting as signed in with two-factor.
 */
export async function disableTwoFactor(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { password: string; code: string },
  meta: RequestMeta,
): Promise<DisableTwoFactorResult> {
  const userId = current.user.id;
  if (!current.user.twoFactorEnabled) return { ok: true };
  const failed = (reason: string, detail: Record<string, unknown> = {}) =>
    audit(db, env, meta, "two-factor-disable-failed", userId, { reason, ...detail });
  const accountKey = `acct:${current.user.email.trim().toLowerCase()}`;
  const backoff = await checkSignInAllowed(db, accountKey, env.clock);
  const budget = backoff.allowed
    ? await consume(db, `2fa-disable:${userId}`, limits.twoFactorPerUser, env.clock)
    : backoff;
  if (!budget.allowed) {
    await failed("throttled");
    return throttled(budget.retryAfterSeconds);
  }
  if (!(await passwordMatches(db, userId, input.password))) {
    await recordSignInFailure(db, accountKey, env.clock);
    await failed("wrong-password");
    return { ok: false, message: wrongPassword, field: "password" };
  }
  const code = input.code.replace(/\s+/g, "");
  const method = /^\d{6}$/.test(code) ? "totp" : "recovery";
  const proven =
    method === "totp" ? await claimTotpStep(db, env, userId, code) : await spendRecovery(env, code, meta);
  if (!proven) {
    await recordSignInFailure(db, accountKey, env.clock);
    await failed("wrong-code", { method });
    return { ok: false, message: messages.invalidCode, field: "code" };
  }
  await withTx(db, (tx) => switchTwoFactorOff(tx, env, current, method, meta));
  return { ok: true };
}

/** The switch itself, in one transaction with its audit entry and the member's e-mail. */
async function switchTwoFactorOff(
  tx: Db,
  env: AccountsEnv,
  current: CurrentSession,
  method: "totp" | "recovery",
  meta: RequestMeta,
) {
  const userId = current.user.id;
  const [switched] = await tx
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: env.clock.now() })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true)))
    .returning({ id: users.id });
  // A second click that raced this one finds it already off: nothing more to do or to say.
  if (!switched) return;
  const removed = await tx
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ id: twoFactors.id });
  // The factor those sessions proved no longer exists (ADR 0011).
  await tx.update(sessions).set({ signInMethod: "password" }).where(eq(sessions.userId, userId));
  await audit(tx, env, meta, "two-factor-disabled", userId, { method });
  // The member hears of it, whoever did it. The key names this enrolment's removal (each
  // enrolment is a new two_factors row), so a replay queues nothing twice.
  await enqueueEmail(
    tx,
    `two-factor-disabled:${removed[0]?.id ?? `${userId}:${env.clock.now().getTime()}`}`,
    {
      to: current.user.email,
      template: "two-factor-disabled",
      data: { at: env.clock.now().toISOString() },
    },
  );
}

export async function passwordMatches(db: Db, userId: string, password: string) {
  const hash = await credentialPasswordHash(db, userId);
  return Boolean(hash && password && (await verifyPassword({ hash, password })));
}

export async function spendRecovery(env: AccountsEnv, code: string, meta: RequestMeta) {
  if (!code || code.length > 64) return false;
  return spendRecoveryCode(env.auth, code, meta);
}

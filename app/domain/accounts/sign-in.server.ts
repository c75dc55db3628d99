// Getting in: sign-up (which signs nobody in, ADR 0010 addendum), the password step, the second
// step with an authenticator or recovery code, and the code that confirms a sensitive action.

import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { sessions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { setMemberPreferences } from "../members/preferences.server.ts";
import { mailboxOf } from "../referrals/rules.ts";
import { isUserDisabled } from "./auth.server.ts";
import {
  createCredentialUser,
  credentialOfEmail,
  passwordSignIn,
  pendingChallengeId,
  pendingSignInUserId,
  secondFactorSignIn,
} from "./better-auth-adapter.server.ts";
import {
  type AccountsEnv,
  audit,
  closedAccountMessage,
  disabledAccountMessage,
  type Failure,
  findUserIdByEmail,
  type RequestMeta,
  throttled,
} from "./common.server.ts";
import { ensureRealAccount, openDemoAccount } from "./member-accounts.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { checkSignInAllowed, consume, limits, recordSignInFailure } from "./rate-limit.server.ts";
import { messages, type SignInInput, type SignUpInput } from "./schemas.ts";
import { getCurrentSession } from "./sessions.server.ts";
import { claimTotpStep, isSpentTotpCode } from "./totp-steps.server.ts";

// ---------------------------------------------------------------------------------------------
// Sign-up

/**
 * The same answer whether the address is new or already has an account (ADR 0010 addendum):
 * nobody is signed in by sign-up, and the result carries nothing that tells the two apart, so no
 * route can leak it. A new member confirms the address with the e-mailed link, which signs them in;
 * the owner of an existing address is told by e-mail that someone tried to sign up.
 */
export type SignUpResult = { ok: true } | Failure;

export async function signUp(
  db: Db,
  env: AccountsEnv,
  input: SignUpInput & {
    referralCode?: string | undefined;
    demo?: boolean;
    /** A same-site path the confirmation link leads on to once it has signed the member in. */
    next?: string | undefined;
  },
  meta: RequestMeta,
): Promise<SignUpResult> {
  const limited = await consume(db, `signup:ip:${meta.ip ?? "unknown"}`, limits.signUpPerIp, env.clock);
  if (!limited.allowed)
    return { ok: false, message: messages.unexpected, retryAfterSeconds: limited.retryAfterSeconds };
  const email = input.email.trim().toLowerCase();
  const existing = await findUserIdByEmail(db, email);
  if (existing) {
    // As slow as creating an account (one argon2id hash, the mail only queued), and the owner is told.
    await hashPassword(input.password);
    await tellOwnerOfSignUpAttempt(db, env, existing, email);
    return { ok: true };
  }
  const created = await createCredentialUser(
    env.auth,
    {
      email,
      password: input.password,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      next: input.next,
    },
    meta,
  );
  if (!created.ok) {
    // Two sign-ups for one new address at once: the one that lost answers like any existing one.
    const winner = await findUserIdByEmail(db, email);
    if (winner) {
      await tellOwnerOfSignUpAttempt(db, env, winner, email);
      return { ok: true };
    }
    log.error("sign-up failed", { code: created.code });
    return { ok: false, message: messages.unexpected };
  }
  const userId = created.userId;
  const referredBy = input.referralCode ? await findReferrer(db, input.referralCode, email) : undefined;
  await db
    .update(users)
    .set({ referralCode: newReferralCode(), ...(referredBy ? { referredBy } : {}) })
    .where(eq(users.id, userId));
  await ensureRealAccount(db, userId);
  // 'Try Free Demo': the demo account is open from the start and the confirmation link's
  // sign-in selects it (verifyEmail).
  if (input.demo) {
    await openDemoAccount(db, userId);
    await setMemberPreferences(db, userId, { lastAccountMode: "demo" });
  }
  await audit(db, env, meta, "sign-up", userId, { demo: Boolean(input.demo), referred: Boolean(referredBy) });
  return { ok: true };
}

/**
 * Someone tried to sign up with an address that already has an account: its owner is told, at
 * most once per clock hour (UTC). The key names the hour, so a key already queued queues nothing,
 * atomically, however many tries arrive at once; the price of a fixed hour over a rolling one is
 * that tries at 10:59 and 11:01 send two messages (ADR 0010 addendum).
 */
async function tellOwnerOfSignUpAttempt(db: Db, env: AccountsEnv, userId: string, email: string) {
  const hour = env.clock.now().toISOString().slice(0, 13);
  // A closed account's address is free again only once it is anonymised (ADR 0086): say when.
  const [closed] = await db
    .select({ anonymiseAfter: users.anonymiseAfter })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.closedAt)));
  if (closed?.anonymiseAfter) {
    await enqueueEmail(db, `signup-closed:${userId}:${hour}`, {
      to: email,
      template: "signup-closed-account",
      data: { anonymiseAfter: closed.anonymiseAfter.toISOString() },
    });
    return;
  }
  await enqueueEmail(db, `signup-existing:${userId}:${hour}`, {
    to: email,
    template: "signup-existing-account",
    data: {},
  });
}

function newReferralCode() {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").slice(0, 8).toUpperCase();
}

/** The member whose code it is; never the new member's own mailbox under another address (ADR 0084). */
async function findReferrer(db: Db, code: string, email: string) {
  const clean = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(clean)) return undefined;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.referralCode, clean));
  if (!row || mailboxOf(row.email) === mailboxOf(email)) return undefined;
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export type SignInResult =
  | { ok: true; userId: string; setCookies: string[] }
  | { ok: "two-factor"; setCookies: string[] }
  | Failure;

export async function signIn(
  db: Db,
  env: AccountsEnv,
  input: SignInInput,
  meta: RequestMeta,
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const perIp = await consume(db, `signin:ip:${meta.ip ?? "unknown"}`, limits.signInPerIp, env.clock);
  if (!perIp.allowed) return throttled(perIp.retryAfterSeconds);
  // Keyed by the address typed, so unknown and known e-mails are throttled alike.
  const accountKey = `acct:${email}`;
  const allowed = await checkSignInAllowed(db, accountKey, env.clock);
  if (!allowed.allowed) {
    await audit(db, env, meta, "sign-in-throttled", (await findUserIdByEmail(db, email)) ?? null);
    return throttled(allowed.retryAfterSeconds);
  }
  const disabled = await disabledSignIn(db, email, input.password);
  if (disabled === "closed") {
    await audit(db, env, meta, "sign-in-refused-closed", (await findUserIdByEmail(db, email)) ?? null);
    return { ok: false, message: closedAccountMessage(env.config.brand.name), closed: true };
  }
  if (disabled === "refused") {
    await audit(db, env, meta, "sign-in-refused-disabled", (await findUserIdByEmail(db, email)) ?? null);
    return { ok: false, message: disabledAccountMessage(env.config.brand.name), disabled: true };
  }
  const refuse = async (reason: string): Promise<Failure> => {
    await recordSignInFailure(db, accountKey, env.clock);
    await audit(db, env, meta, "sign-in-failed", (await findUserIdByEmail(db, email)) ?? null, { reason });
    // A wrong address or password is said plainly (the same words for both); anything else
    // better-auth refuses is a real unexpected failure.
    return {
      ok: false,
      message: reason === "INVALID_EMAIL_OR_PASSWORD" ? messages.wrongCredentials : messages.unexpected,
    };
  };
  // Exactly what a wrong password on an active account gets (one hash check, same message).
  if (disabled === "wrong-password") return refuse("INVALID_EMAIL_OR_PASSWORD");
  const previous = await getCurrentSession(db, env, meta).catch(() => null);
  const result = await passwordSignIn(env.auth, { email, password: input.password }, meta);
  if (result.ok === false) return refuse(result.code);
  // A fresh session id at every sign-in; whatever session the browser had before is ended.
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id));
  if (result.ok === "two-factor") return result;
  await audit(db, env, meta, "sign-in", result.userId, { secondFactor: false });
  return result;
}

/**
 * A disabled member who gives the right password is told the account is disabled; with a wrong
 * password the answer is the usual one, so the message never reveals an account to a guesser.
 * 'active' for everyone else: the normal sign-in runs (and better-auth's session hook refuses a
 * member disabled in the meantime).
 */
async function disabledSignIn(
  db: Db,
  email: string,
  password: string,
): Promise<"refused" | "closed" | "wrong-password" | "active"> {
  const row = await credentialOfEmail(db, email);
  if (!row?.disabledAt && !row?.closedAt) return "active";
  if (!row.hash) return "wrong-password";
  if (!(await verifyPassword({ hash: row.hash, password }))) return "wrong-password";
  // A closed account says so (ADR 0086), even when an admin had also disabled it.
  return row.closedAt ? "closed" : "refused";
}

/** Second step of a sign-in for members with two-factor authentication. */
export async function completeSecondFactor(
  db: Db,
  env: AccountsEnv,
  input: { method: "totp" | "recovery"; code: string },
  meta: RequestMeta,
): Promise<{ ok: true; userId: string; setCookies: string[] } | Failure> {
  const pendingUserId = await pendingSignInUserId(env.auth, meta);
  // Counted per member, not per pending sign-in: whoever knows the password could otherwise
  // start the sign-in over for fresh guesses each time. (A challenge that is gone or expired
  // cannot succeed; its attempts are counted by cookie or address.)
  const limiterKey = pendingUserId
    ? `2fa-signin:user:${pendingUserId}`
    : `2fa-signin:${pendingChallengeId(meta) ?? meta.ip ?? "unknown"}`;
  const limited = await consume(db, limiterKey, limits.twoFactorPerUser, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const code = input.code.replace(/\s+/g, "");
  if (pendingUserId && (await isUserDisabled(db, pendingUserId))) {
    await audit(db, env, meta, "sign-in-refused-disabled", pendingUserId);
    return { ok: false, message: disabledAccountMessage(env.config.brand.name), disabled: true };
  }
  // Refuse a spent TOTP code before better-auth sees it: a valid call would use up the pending
  // sign-in, and the member could not try a recovery code next.
  if (input.method === "totp" && pendingUserId && (await isSpentTotpCode(db, env, pendingUserId, code))) {
    await audit(db, env, meta, "sign-in-second-factor-failed", pendingUserId, { reason: "code-reused" });
    return { ok: false, message: messages.invalidCode };
  }
  const result = await secondFactorSignIn(env.auth, { method: input.method, code }, meta);
  if (!result.ok) {
    await audit(db, env, meta, "sign-in-second-factor-failed", null, { reason: result.code });
    return { ok: false, message: messages.invalidCode };
  }
  const { userId, sessionToken } = result;
  if (!userId) return { ok: false, message: messages.invalidCode };
  if (input.method === "totp" && !(await claimTotpStep(db, env, userId, code))) {
    // The code was valid but already used: undo the session better-auth just created.
    if (sessionToken) await db.delete(sessions).where(eq(sessions.token, sessionToken));
    await audit(db, env, meta, "sign-in-second-factor-failed", userId, { reason: "code-reused" });
    return { ok: false, message: messages.invalidCode };
  }
  // This session proved the second factor: the back-office asks for exactly that (ADR 0011).
  if (sessionToken) await markSignedInWithTwoFactor(db, userId, sessionToken);
  if (input.method === "recovery") await audit(db, env, meta, "recovery-code-used", userId);
  await audit(db, env, meta, "sign-in", userId, { secondFactor: input.method });
  return { ok: true, userId, setCookies: result.setCookies };
}

async function markSignedInWithTwoFactor(db: Db, userId: string, sessionToken: string) {
  await db
    .update(sessions)
    .set({ signInMethod: "two-factor" })
    .where(and(eq(sessions.token, sessionToken), eq(sessions.userId, userId)));
}

/**
 * Two-factor confirmation of a sensitive action (a withdrawal, ADR 0054): the member's current
 * TOTP code. Attempts are rate limited per member and action; each code is accepted once (the
 * same rule as at sign-in), so a code seen over a shoulder cannot be replayed.
 */
export async function verifyActionCode(
  db: Db,
  env: AccountsEnv,
  input: { userId: string; code: string; action: string },
): Promise<{ ok: true } | Failure> {
  const limited = await consume(
    db,
    `2fa-action:${input.action}:${input.userId}`,
    limits.twoFactorPerUser,
    env.clock,
  );
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code) || !(await claimTotpStep(db, env, input.userId, code))) {
    return { ok: false, message: messages.invalidCode };
  }
  return { ok: true };
}

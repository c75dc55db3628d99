// Links by e-mail: forgot-password and its reset link, and the link that confirms an address
// (which also signs a new member in, ADR 0010 addendum).
import { and, eq } from "drizzle-orm";
import { sessions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import {
  authTransaction,
  confirmAddress,
  confirmationLinkUserId,
  resetLinkOwner,
  resetWithLink,
  sendConfirmationLink,
  sendPasswordResetLink,
  sessionTokenOf,
} from "./better-auth-adapter.server.ts";
import {
  type AccountsEnv,
  audit,
  type Failure,
  findUserIdByEmail,
  type RequestMeta,
  type SessionUser,
  throttled,
} from "./common.server.ts";
import { selectAccountMode } from "./member-accounts.server.ts";
import { consume, limits } from "./rate-limit.server.ts";
import { messages } from "./schemas.ts";
import { getCurrentSession } from "./sessions.server.ts";

/**
 * Always the same answer, whether or not the address belongs to a member, and in the same time:
 * nothing here waits for mail (the reset link is queued in the outbox and sent after the answer),
 * and both paths look the address up, touch the token table once (better-auth creates the token or
 * looks up a dummy one) and write one audit entry. What remains (the token and the queued message,
 * two small inserts) is far below network jitter, and the limits below allow an observer five
 * samples an hour per address.
 */
export async function requestPasswordReset(db: Db, env: AccountsEnv, emailInput: string, meta: RequestMeta) {
  const email = emailInput.trim().toLowerCase();
  const perIp = await consume(db, `reset:ip:${meta.ip ?? "unknown"}`, limits.resetPerIp, env.clock);
  const perEmail = await consume(db, `reset:email:${email}`, limits.resetPerEmail, env.clock);
  if (perIp.allowed && perEmail.allowed) {
    await sendPasswordResetLink(env.auth, email, meta);
    const userId = await findUserIdByEmail(db, email);
    // A request for an address nobody has is a security event too (someone probing addresses);
    // the address itself is not kept.
    await audit(
      db,
      env,
      meta,
      "password-reset-requested",
      userId ?? null,
      userId ? {} : { unknownAddress: true },
    );
  }
  return { ok: true as const, message: messages.emailSent };
}

/**
 * A new password with a reset link. better-auth checks and spends the link, writes the hash and
 * ends every session of the member; the audit entry and the member's e-mail are written in the
 * same transaction (ADR 0056 addendum).
 */
export async function resetPassword(
  db: Db,
  env: AccountsEnv,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const limited = await consume(db, `reset-submit:ip:${meta.ip ?? "unknown"}`, limits.resetPerIp, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const reset = await authTransaction(db, env.config, async (tx, auth) => {
    const ownerId = await resetLinkOwner(auth, input.token);
    await resetWithLink(auth, input, meta);
    const [member] = ownerId
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, ownerId))
      : [];
    if (!member) return;
    const auditId = await audit(tx, env, meta, "password-reset", member.id, { sessionsEnded: "all" });
    await tellOfNewPassword(tx, env, auditId, member.email, "reset");
  });
  if (!reset.ok)
    return { ok: false, message: "This reset link is invalid or has expired. Please ask for a new one." };
  return { ok: true };
}

/**
 * The member hears of every new password, whoever set it, in the transaction that set it. The key
 * names the change's audit entry.
 */
export async function tellOfNewPassword(
  tx: Db,
  env: AccountsEnv,
  auditId: string,
  to: string,
  how: "changed" | "reset",
) {
  await enqueueEmail(tx, `password-changed:${auditId}`, {
    to,
    template: "password-changed",
    data: { at: env.clock.now().toISOString(), how },
  });
}

export type VerifyEmailResult = { ok: false } | { ok: true; signedIn: boolean; setCookies: string[] };

/**
 * The confirmation link. When it confirms a not-yet-confirmed address it also signs the member in
 * (sign-up itself never does, ADR 0010 addendum) — unless the member has turned two-factor on
 * since, which a link must not get past, or is disabled. A browser signed in as somebody else
 * hands over to the link's member (the old session ends, as at every sign-in); the member's own
 * session is kept as it is.
 */
export async function verifyEmail(
  db: Db,
  env: AccountsEnv,
  token: string,
  meta: RequestMeta,
): Promise<VerifyEmailResult> {
  const userId = confirmationLinkUserId(token);
  const [before] = userId
    ? await db
        .select({
          verified: users.emailVerified,
          twoFactor: users.twoFactorEnabled,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  if (before?.disabledAt) return { ok: false };
  const previous = await getCurrentSession(db, env, meta).catch(() => null);
  const confirmed = await confirmAddress(env.auth, token, meta);
  if (!confirmed.ok) return { ok: false };
  // better-auth has checked the token's signature and expiry, so its payload names the member.
  if (!userId || !before) return { ok: true, signedIn: false, setCookies: [] };
  if (!before.verified) await audit(db, env, meta, "email-verified", userId);
  const created = previous?.user.id === userId ? undefined : sessionTokenOf(confirmed.setCookies);
  if (!created) return { ok: true, signedIn: previous?.user.id === userId, setCookies: [] };
  if (before.twoFactor) {
    await db.delete(sessions).where(eq(sessions.token, created));
    return { ok: true, signedIn: false, setCookies: [] };
  }
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id));
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, created), eq(sessions.userId, userId)));
  // 'Try Free Demo' opened the demo account at sign-up: the first session starts in it.
  if (session) await selectAccountMode(db, userId, session.id, "demo");
  await audit(db, env, meta, "sign-in", userId, { secondFactor: false, via: "email-link" });
  return { ok: true, signedIn: true, setCookies: confirmed.setCookies };
}

export async function resendVerificationEmail(
  db: Db,
  env: AccountsEnv,
  user: SessionUser,
  meta: RequestMeta,
) {
  const limited = await consume(db, `verify-resend:${user.id}`, limits.resetPerEmail, env.clock);
  if (!limited.allowed || user.emailVerified) return;
  await sendConfirmationLink(env.auth, user.email, meta);
}

import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { authAccounts, sessions, twoFactors, users } from "../../../db/schema/index.ts";
import type { Config } from "../../config.server.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { type AuditEvent, recordAudit } from "./audit.server.ts";
import {
  type Auth,
  type AuthConfig,
  CLIENT_IP_HEADER,
  createAuth,
  getAuth,
  isUserDisabled,
} from "./auth.server.ts";
import type { Clock } from "./clock.ts";
import {
  type AccountMode,
  ensureRealAccount,
  openDemoAccount,
  selectAccountMode,
} from "./member-accounts.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { checkSignInAllowed, consume, limits, recordSignInFailure } from "./rate-limit.server.ts";
import { messages, type SignInInput, type SignUpInput } from "./schemas.ts";

export type AccountsConfig = AuthConfig & Pick<Config, "sessionIdleMinutes">;

/** What every account operation needs besides the database. */
export interface AccountsEnv {
  auth: Auth;
  config: AccountsConfig;
  clock: Clock;
}

export function accountsEnv(db: Db, config: AccountsConfig, clock: Clock): AccountsEnv {
  return { auth: getAuth(db, config), config, clock };
}

/** The parts of the HTTP request account operations look at. */
export interface RequestMeta {
  headers: Headers;
  ip?: string | undefined;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  role: string;
}

/**
 * How a session was signed in (ADR 0011): 'two-factor' only when this session itself completed a
 * second factor (the TOTP or recovery-code step of sign-in, or confirming two-factor enrolment
 * with a code); 'password' for everything else, including every session older than the column.
 */
export type SignInMethod = "password" | "two-factor";

export interface CurrentSession {
  user: SessionUser;
  session: {
    id: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    accountMode: AccountMode;
    signInMethod: SignInMethod;
  };
}

export type Failure = { ok: false; message: string; retryAfterSeconds?: number; disabled?: true };

/** What a disabled member sees at sign-in (only after giving the right password). */
export function disabledAccountMessage(brand: string) {
  return `This account has been disabled. Please contact ${brand} support.`;
}

/** Headers for better-auth: the client address is the one Express resolved, never the client's claim. */
function authHeaders(meta: RequestMeta) {
  const headers = new Headers(meta.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (meta.ip) headers.set(CLIENT_IP_HEADER, meta.ip);
  return headers;
}

function auditCtx(env: AccountsEnv, meta: RequestMeta) {
  return { ip: meta.ip, userAgent: meta.headers.get("user-agent") ?? undefined, clock: env.clock };
}

function audit(
  db: Db,
  env: AccountsEnv,
  meta: RequestMeta,
  event: AuditEvent,
  userId: string | null,
  detail = {},
) {
  return recordAudit(db, auditCtx(env, meta), event, userId, detail);
}

/**
 * Runs `work` in one transaction with a better-auth instance bound to it: what better-auth writes
 * (a password hash, a session) commits or rolls back with our own writes — the audit entry and the
 * member's e-mail in the outbox (ADR 0056). better-auth refusing (its APIError) rolls everything
 * back and comes back as `{ ok: false }`; any other error propagates.
 */
async function authTransaction<T>(
  db: Db,
  env: AccountsEnv,
  work: (tx: Db, auth: Auth) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string | undefined }> {
  try {
    return { ok: true, value: await withTx(db, (tx) => work(tx, createAuth(tx, env.config))) };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, code: errorCode(error) };
    throw error;
  }
}

function setCookiesOf(headers: Headers | undefined) {
  return headers?.getSetCookie() ?? [];
}

function errorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: string } })?.body;
  return body?.code;
}

async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row?.id;
}

const idleMs = (env: AccountsEnv) => env.config.sessionIdleMinutes * 60_000;
const absoluteMs = (env: AccountsEnv) => env.config.sessionAbsoluteHours * 3_600_000;
/** Activity is written at most once a minute per session. */
const touchEveryMs = 60_000;

/**
 * The signed-in member for a request, or null. The cookie's signed id must name a session row
 * that is neither idle for longer than SESSION_IDLE_MINUTES nor older than SESSION_ABSOLUTE_HOURS
 * by `env.clock`; an expired row is deleted.
 */
export async function getCurrentSession(
  db: Db,
  env: AccountsEnv,
  meta: RequestMeta,
): Promise<CurrentSession | null> {
  if (!meta.headers.get("cookie")) return null;
  const found = await env.auth.api.getSession({
    headers: authHeaders(meta),
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!found) return null;
  const now = env.clock.now().getTime();
  const s = found.session;
  if ((found.user as { disabledAt?: Date | null }).disabledAt) {
    // Disabling deletes every session; one that slipped in during the click ends here.
    await db.delete(sessions).where(eq(sessions.id, s.id));
    return null;
  }
  const createdAt = new Date(s.createdAt);
  const lastSeenAt = new Date(s.updatedAt);
  const absoluteEnd = Math.min(new Date(s.expiresAt).getTime(), createdAt.getTime() + absoluteMs(env));
  const idleEnd = lastSeenAt.getTime() + idleMs(env);
  if (now >= absoluteEnd || now >= idleEnd) {
    await db.delete(sessions).where(eq(sessions.id, s.id));
    await audit(db, env, meta, "session-expired", found.user.id, {
      reason: now >= absoluteEnd ? "absolute" : "idle",
    });
    return null;
  }
  let seen = lastSeenAt;
  if (now - lastSeenAt.getTime() >= touchEveryMs) {
    seen = new Date(now);
    await db.update(sessions).set({ updatedAt: seen }).where(eq(sessions.id, s.id));
  }
  const u = found.user;
  return {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      firstName: u.firstName,
      lastName: u.lastName,
      emailVerified: u.emailVerified,
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
      role: u.role ?? "member",
    },
    session: {
      id: s.id,
      createdAt,
      lastSeenAt: seen,
      expiresAt: new Date(Math.min(absoluteEnd, seen.getTime() + idleMs(env))),
      accountMode: s.accountMode === "demo" ? "demo" : "real",
      signInMethod: s.signInMethod === "two-factor" ? "two-factor" : "password",
    },
  };
}

/** Money features call this: unverified members may browse but not move money. */
export function isEmailVerified(user: Pick<SessionUser, "emailVerified">) {
  return user.emailVerified === true;
}

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
  input: SignUpInput & { referralCode?: string | undefined; demo?: boolean },
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
  let userId: string;
  try {
    const result = (await env.auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: `${input.firstName.trim()} ${input.lastName.trim()}`,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
      },
      headers: authHeaders(meta),
    })) as { user: { id: string } };
    userId = result.user.id;
  } catch (error) {
    // Two sign-ups for one new address at once: the one that lost answers like any existing one.
    const winner = await findUserIdByEmail(db, email);
    if (winner) {
      await tellOwnerOfSignUpAttempt(db, env, winner, email);
      return { ok: true };
    }
    log.error("sign-up failed", { code: errorCode(error) ?? "error" });
    return { ok: false, message: messages.unexpected };
  }
  const referredBy = input.referralCode ? await findReferrer(db, input.referralCode) : undefined;
  await db
    .update(users)
    .set({ referralCode: newReferralCode(), ...(referredBy ? { referredBy } : {}) })
    .where(eq(users.id, userId));
  await ensureRealAccount(db, userId);
  // 'Try Free Demo': the demo account is open from the start and the confirmation link's
  // sign-in selects it (verifyEmail).
  if (input.demo) await openDemoAccount(db, userId);
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
  await enqueueEmail(db, `signup-existing:${userId}:${hour}`, {
    to: email,
    template: "signup-existing-account",
    data: {},
  });
}

function newReferralCode() {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").slice(0, 8).toUpperCase();
}

async function findReferrer(db: Db, code: string) {
  const clean = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(clean)) return undefined;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, clean));
  return row?.id;
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
  if (disabled === "refused") {
    await audit(db, env, meta, "sign-in-refused-disabled", (await findUserIdByEmail(db, email)) ?? null);
    return { ok: false, message: disabledAccountMessage(env.config.brand.name), disabled: true };
  }
  if (disabled === "wrong-password") {
    // Exactly what a wrong password on an active account gets (one hash check, same message).
    await recordSignInFailure(db, accountKey, env.clock);
    await audit(db, env, meta, "sign-in-failed", (await findUserIdByEmail(db, email)) ?? null, {
      reason: "INVALID_EMAIL_OR_PASSWORD",
    });
    return { ok: false, message: messages.unexpected };
  }
  const previous = await getCurrentSession(db, env, meta).catch(() => null);
  let result: { headers: Headers; response: Record<string, unknown> };
  try {
    result = (await env.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(meta),
      returnHeaders: true,
    })) as unknown as { headers: Headers; response: Record<string, unknown> };
  } catch (error) {
    await recordSignInFailure(db, accountKey, env.clock);
    await audit(db, env, meta, "sign-in-failed", (await findUserIdByEmail(db, email)) ?? null, {
      reason: errorCode(error) ?? "error",
    });
    return { ok: false, message: messages.unexpected };
  }
  // A fresh session id at every sign-in; whatever session the browser had before is ended.
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id));
  if (result.response.twoFactorRedirect)
    return { ok: "two-factor", setCookies: setCookiesOf(result.headers) };
  const user = result.response.user as { id: string };
  await audit(db, env, meta, "sign-in", user.id, { secondFactor: false });
  return { ok: true, userId: user.id, setCookies: setCookiesOf(result.headers) };
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
): Promise<"refused" | "wrong-password" | "active"> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt, hash: authAccounts.password })
    .from(users)
    .innerJoin(
      authAccounts,
      and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, "credential")),
    )
    .where(sql`lower(${users.email}) = ${email}`);
  if (!row?.disabledAt) return "active";
  if (!row.hash) return "wrong-password";
  return (await verifyPassword({ hash: row.hash, password })) ? "refused" : "wrong-password";
}

function throttled(retryAfterSeconds: number): Failure {
  const wait =
    retryAfterSeconds >= 120
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : `${retryAfterSeconds} seconds`;
  return { ok: false, message: `Too many attempts. Please wait ${wait} and try again.`, retryAfterSeconds };
}

/** Second step of a sign-in for members with two-factor authentication. */
export async function completeSecondFactor(
  db: Db,
  env: AccountsEnv,
  input: { method: "totp" | "recovery"; code: string },
  meta: RequestMeta,
): Promise<{ ok: true; userId: string; setCookies: string[] } | Failure> {
  const pendingUserId = await pendingSignInUserId(env, meta);
  // Counted per member, not per pending sign-in: whoever knows the password could otherwise
  // start the sign-in over for fresh guesses each time. (A challenge that is gone or expired
  // cannot succeed; its attempts are counted by cookie or address.)
  const limiterKey = pendingUserId
    ? `2fa-signin:user:${pendingUserId}`
    : `2fa-signin:${meta.headers.get("cookie")?.match(/two_factor=([^;.]+)/)?.[1] ?? meta.ip ?? "unknown"}`;
  const limited = await consume(db, limiterKey, limits.twoFactorPerUser, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const code = input.code.replace(/\s+/g, "");
  // Refuse a spent TOTP code before better-auth sees it: a valid call would use up the pending
  // sign-in, and the member could not try a recovery code next.
  if (pendingUserId && (await isUserDisabled(db, pendingUserId))) {
    await audit(db, env, meta, "sign-in-refused-disabled", pendingUserId);
    return { ok: false, message: disabledAccountMessage(env.config.brand.name), disabled: true };
  }
  if (input.method === "totp" && pendingUserId && (await isSpentTotpCode(db, env, pendingUserId, code))) {
    await audit(db, env, meta, "sign-in-second-factor-failed", pendingUserId, { reason: "code-reused" });
    return { ok: false, message: messages.invalidCode };
  }
  let result: { headers: Headers; response: { user?: { id: string }; token?: string } };
  try {
    const call = input.method === "recovery" ? env.auth.api.verifyBackupCode : env.auth.api.verifyTOTP;
    result = (await call({
      body: { code },
      headers: authHeaders(meta),
      returnHeaders: true,
    })) as unknown as typeof result;
  } catch (error) {
    await audit(db, env, meta, "sign-in-second-factor-failed", null, { reason: errorCode(error) ?? "error" });
    return { ok: false, message: messages.invalidCode };
  }
  const userId = result.response.user?.id;
  if (!userId) return { ok: false, message: messages.invalidCode };
  if (input.method === "totp" && !(await claimTotpStep(db, env, userId, code))) {
    // The code was valid but already used: undo the session better-auth just created.
    if (result.response.token) await db.delete(sessions).where(eq(sessions.token, result.response.token));
    await audit(db, env, meta, "sign-in-second-factor-failed", userId, { reason: "code-reused" });
    return { ok: false, message: messages.invalidCode };
  }
  // This session proved the second factor: the back-office asks for exactly that (ADR 0011).
  if (result.response.token) {
    await db
      .update(sessions)
      .set({ signInMethod: "two-factor" })
      .where(and(eq(sessions.token, result.response.token), eq(sessions.userId, userId)));
  }
  if (input.method === "recovery") await audit(db, env, meta, "recovery-code-used", userId);
  await audit(db, env, meta, "sign-in", userId, { secondFactor: input.method });
  return { ok: true, userId, setCookies: setCookiesOf(result.headers) };
}

/** The member a pending two-factor sign-in belongs to, from the signed challenge cookie. */
async function pendingSignInUserId(env: AccountsEnv, meta: RequestMeta) {
  const match = /(?:^|;\s*)(?:__Host-)?coinlens\.two_factor=([^;]+)/.exec(meta.headers.get("cookie") ?? "");
  if (!match?.[1]) return undefined;
  const raw = decodeURIComponent(match[1]);
  const identifier = raw.slice(0, raw.lastIndexOf("."));
  if (!identifier) return undefined;
  const context = await env.auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : undefined;
}

async function totpStepOf(db: Db, env: AccountsEnv, userId: string, code: string) {
  const [row] = await db
    .select({ secret: twoFactors.secret, lastUsedStep: twoFactors.lastUsedStep })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return undefined;
  const secret = await symmetricDecrypt({ key: env.config.sessionSecret, data: row.secret });
  const totp = new TOTP({ secret: base32FromRaw(secret), digits: 6, period: 30 });
  const now = env.clock.now().getTime();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return { step: Math.floor(now / 30_000) + delta, lastUsedStep: row.lastUsedStep };
}

async function isSpentTotpCode(db: Db, env: AccountsEnv, userId: string, code: string) {
  const found = await totpStepOf(db, env, userId, code);
  return found !== undefined && found.lastUsedStep !== null && found.step <= found.lastUsedStep;
}

/**
 * A TOTP code stays valid for its 30 s step (±1 for clock drift); to accept each code once we
 * remember the last step used and only accept later ones, atomically.
 */
async function claimTotpStep(db: Db, env: AccountsEnv, userId: string, code: string) {
  const found = await totpStepOf(db, env, userId, code);
  if (!found) return false;
  const { step } = found;
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        sql`(${twoFactors.lastUsedStep} is null or ${twoFactors.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length === 1;
}

/**
 * Two-factor confirmation of a sensitive action (a withdrawal, issue 7): the member's current
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

/** better-auth keys the HMAC with the UTF-8 bytes of its generated secret string. */
function base32FromRaw(secret: string) {
  return Secret.fromUTF8(secret);
}

// ---------------------------------------------------------------------------------------------
// Sign-out, sessions

export async function signOut(db: Db, env: AccountsEnv, meta: RequestMeta) {
  const current = await getCurrentSession(db, env, meta).catch(() => null);
  let headers: Headers | undefined;
  try {
    const result = (await env.auth.api.signOut({ headers: authHeaders(meta), returnHeaders: true })) as {
      headers: Headers;
    };
    headers = result.headers;
  } catch {
    headers = undefined;
  }
  if (current) {
    await db.delete(sessions).where(eq(sessions.id, current.session.id));
    await audit(db, env, meta, "sign-out", current.user.id);
  }
  return { setCookies: setCookiesOf(headers) };
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one of the member's own sessions; another member's session id changes nothing. */
export async function revokeSession(
  db: Db,
  env: AccountsEnv,
  userId: string,
  sessionId: string,
  meta: RequestMeta,
) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (deleted.length) await audit(db, env, meta, "session-revoked", userId, { sessionId });
  return deleted.length === 1;
}

/** Ends every session of the member but `keepSessionId`; `reason` says why in the audit log. */
export async function revokeOtherSessions(
  db: Db,
  env: AccountsEnv,
  userId: string,
  keepSessionId: string,
  meta: RequestMeta,
  reason?: "two-factor-enabled",
) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  if (deleted.length) {
    await audit(db, env, meta, "session-revoked", userId, {
      count: deleted.length,
      others: true,
      ...(reason ? { reason } : {}),
    });
  }
  return deleted.length;
}

export async function switchAccountMode(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  mode: AccountMode,
  meta: RequestMeta,
) {
  const ok = await selectAccountMode(db, current.user.id, current.session.id, mode);
  if (ok) await audit(db, env, meta, "account-mode-switched", current.user.id, { mode });
  return ok;
}

export async function openDemoAndSelect(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  meta: RequestMeta,
) {
  const { opened } = await openDemoAccount(db, current.user.id);
  if (opened) await audit(db, env, meta, "demo-account-opened", current.user.id);
  await selectAccountMode(db, current.user.id, current.session.id, "demo");
}

// ---------------------------------------------------------------------------------------------
// Password reset and e-mail verification

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
    try {
      await env.auth.api.requestPasswordReset({
        body: { email, redirectTo: "/reset-password" },
        headers: authHeaders(meta),
      });
    } catch {
      // Swallowed on purpose: the page never says whether the address exists or mail failed.
    }
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

export async function resetPassword(
  db: Db,
  env: AccountsEnv,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const limited = await consume(db, `reset-submit:ip:${meta.ip ?? "unknown"}`, limits.resetPerIp, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  const reset = await authTransaction(db, env, async (tx, auth) => {
    // Whose link it is, for the audit log and the e-mail (the token is looked up hashed, as stored).
    const context = await auth.$context;
    const pending = await context.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
    await auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: authHeaders(meta),
    });
    // better-auth has ended every session of the member (revokeSessionsOnPasswordReset).
    const userId = pending?.value;
    const [member] = userId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
      : [];
    if (!userId || !member) return;
    const auditId = await audit(tx, env, meta, "password-reset", userId, { sessionsEnded: "all" });
    await tellOfPasswordChange(tx, env, auditId, member.email, "reset");
  });
  if (!reset.ok)
    return { ok: false, message: "This reset link is invalid or has expired. Please ask for a new one." };
  return { ok: true };
}

/** The member hears of every new password, whoever set it; the key names the audit entry of the change. */
async function tellOfPasswordChange(
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
  const userId = verificationTokenUserId(token);
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
  let headers: Headers;
  try {
    ({ headers } = (await env.auth.api.verifyEmail({
      query: { token },
      headers: authHeaders(meta),
      returnHeaders: true,
    })) as unknown as { headers: Headers });
  } catch {
    return { ok: false };
  }
  // better-auth has checked the token's signature and expiry, so its payload names the member.
  if (!userId || !before) return { ok: true, signedIn: false, setCookies: [] };
  if (!before.verified) await audit(db, env, meta, "email-verified", userId);
  const setCookies = setCookiesOf(headers);
  const created = previous?.user.id === userId ? undefined : sessionTokenOf(setCookies);
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
  return { ok: true, signedIn: true, setCookies };
}

/** The session token inside a Set-Cookie that sets (not clears) the session cookie. */
function sessionTokenOf(setCookies: string[]): string | undefined {
  const line = setCookies.find((c) => /session_token=[^;]/.test(c) && !/Max-Age=0/i.test(c));
  const value = line ? decodeURIComponent(line.split(";")[0]?.split("=").slice(1).join("=") ?? "") : "";
  return value.split(".")[0] || undefined;
}

/** The member id inside a confirmation link's token (a JWT); trusted only once better-auth verified it. */
function verificationTokenUserId(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.userId === "string" ? payload.userId : undefined;
  } catch {
    return undefined;
  }
}

export async function resendVerificationEmail(
  db: Db,
  env: AccountsEnv,
  user: SessionUser,
  meta: RequestMeta,
) {
  const limited = await consume(db, `verify-resend:${user.id}`, limits.resetPerEmail, env.clock);
  if (!limited.allowed || user.emailVerified) return;
  await env.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(meta) });
}

export async function changePassword(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { currentPassword: string; password: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const accountKey = `acct:${current.user.email}`;
  const allowed = await checkSignInAllowed(db, accountKey, env.clock);
  if (!allowed.allowed) return throttled(allowed.retryAfterSeconds);
  // The new hash, the other sessions' end, the audit entry and the e-mail commit together.
  const changed = await authTransaction(db, env, async (tx, auth) => {
    await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: false,
      },
      headers: authHeaders(meta),
    });
    await revokeOtherSessions(tx, env, current.user.id, current.session.id, meta);
    const auditId = await audit(tx, env, meta, "password-changed", current.user.id);
    await tellOfPasswordChange(tx, env, auditId, current.user.email, "changed");
  });
  if (!changed.ok) {
    await recordSignInFailure(db, accountKey, env.clock);
    return { ok: false, message: "Your current password is not correct." };
  }
  return { ok: true };
}

export async function updateProfile(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { firstName: string; lastName: string },
  meta: RequestMeta,
) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  await db
    .update(users)
    .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: env.clock.now() })
    .where(eq(users.id, current.user.id));
  await audit(db, env, meta, "profile-updated", current.user.id);
}

// ---------------------------------------------------------------------------------------------
// Two-factor enrolment

export async function startTwoFactorEnrolment(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  password: string,
  meta: RequestMeta,
): Promise<{ ok: true; totpURI: string; backupCodes: string[] } | Failure> {
  const limited = await consume(db, `2fa:${current.user.id}`, limits.twoFactorPerUser, env.clock);
  if (!limited.allowed) return throttled(limited.retryAfterSeconds);
  try {
    const result = await env.auth.api.enableTwoFactor({ body: { password }, headers: authHeaders(meta) });
    if (!("totpURI" in result)) return { ok: false, message: messages.unexpected };
    return { ok: true, totpURI: result.totpURI, backupCodes: result.backupCodes };
  } catch {
    return { ok: false, message: "Your password is not correct." };
  }
}

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
  // The switch (better-auth's, with its new session), the audit entry, the other sessions' end
  // and the member's e-mail commit together.
  const enabled = await authTransaction(db, env, async (tx, auth) => {
    const { headers } = (await auth.api.verifyTOTP({
      body: { code: clean },
      headers: authHeaders(meta),
      returnHeaders: true,
    })) as unknown as { headers: Headers };
    await claimTotpStep(tx, env, userId, clean);
    const setCookies = setCookiesOf(headers);
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

const wrongPassword = "Your password is not correct.";

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
    method === "totp" ? await claimTotpStep(db, env, userId, code) : await spendRecoveryCode(env, code, meta);
  if (!proven) {
    await recordSignInFailure(db, accountKey, env.clock);
    await failed("wrong-code", { method });
    return { ok: false, message: messages.invalidCode, field: "code" };
  }
  await db.transaction(async (tx) => {
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
    await recordAudit(tx, auditCtx(env, meta), "two-factor-disabled", userId, { method });
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
  });
  return { ok: true };
}

async function passwordMatches(db: Db, userId: string, password: string) {
  const [row] = await db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")));
  return Boolean(row?.hash && password && (await verifyPassword({ hash: row.hash, password })));
}

/** Checks and uses up one of the signed-in member's recovery codes (better-auth, atomically). */
async function spendRecoveryCode(env: AccountsEnv, code: string, meta: RequestMeta) {
  if (!code || code.length > 64) return false;
  try {
    await env.auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers: authHeaders(meta) });
    return true;
  } catch {
    return false;
  }
}

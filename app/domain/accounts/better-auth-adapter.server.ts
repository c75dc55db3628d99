// Everything the accounts domain knows about better-auth's insides, in one place: the shapes of
// its `auth.api` calls and answers, its refusals (APIError), its cookie and token formats, the
// verification JWT, where it keeps the credential password and the encrypted TOTP secret. Its
// configuration is auth.server.ts (ADR 0010). The workflows (sign-in.server.ts, sessions.server.ts,
// recovery.server.ts, two-factor.server.ts, profile.server.ts) call only these functions, so a
// better-auth upgrade that changes a format is one file to read.
//
// Outside a transaction a refusal comes back as a value (`{ ok: false, code }`, ADR 0066). The
// calls made inside `authTransaction` throw better-auth's refusal instead, so that it rolls the
// transaction back; `authTransaction` turns it into the same value.
import { randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { authAccounts, twoFactors, users } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { type Auth, type AuthConfig, CLIENT_IP_HEADER, createAuth } from "./auth.server.ts";
import type { RequestMeta, SessionUser } from "./common.server.ts";

/** better-auth said no; `code` is its error code (for the audit log), "error" when it gave none. */
export type AuthRefusal = { ok: false; code: string };

/** better-auth's refusal as a value; anything else is not a refusal and is thrown on. */
function refusalOf(error: unknown): AuthRefusal {
  if (!isAPIError(error)) throw error;
  const body = (error as { body?: { code?: unknown } }).body;
  return { ok: false, code: typeof body?.code === "string" ? body.code : "error" };
}

/** Headers for better-auth: the client address is the one Express resolved, never the client's claim. */
function authHeaders(meta: RequestMeta) {
  const headers = new Headers(meta.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (meta.ip) headers.set(CLIENT_IP_HEADER, meta.ip);
  return headers;
}

function setCookiesOf(headers: Headers | undefined) {
  return headers?.getSetCookie() ?? [];
}

/** A call made with `returnHeaders: true`: better-auth's answer and the headers it set. */
type WithHeaders<T> = { headers: Headers; response: T };

/** Runs one better-auth call; its refusal comes back as a value. */
async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | AuthRefusal> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Runs `work` in one transaction with a better-auth instance bound to it: what better-auth writes
 * (a password hash, a session) commits or rolls back with the caller's own writes — the audit
 * entry and the member's e-mail in the outbox (ADR 0056). A refusal from better-auth rolls it all
 * back and comes back as `{ ok: false, code }`; any other error propagates.
 */
export async function authTransaction<T>(
  db: Db,
  config: AuthConfig,
  work: (tx: Db, auth: Auth) => Promise<T>,
): Promise<{ ok: true; value: T } | AuthRefusal> {
  return attempt(() => withTx(db, (tx) => work(tx, createAuth(tx, config))));
}

// ---------------------------------------------------------------------------------------------
// Sessions and cookies

/** A session row and its member as better-auth reads them for a request's cookie. */
export interface AuthSession {
  user: SessionUser & { disabledAt: Date | null };
  session: {
    id: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    accountMode: string;
    signInMethod: string;
  };
}

/** The session the request's cookie names (its signature checked), without touching it; or null. */
export async function readAuthSession(auth: Auth, meta: RequestMeta): Promise<AuthSession | null> {
  const found = await auth.api.getSession({
    headers: authHeaders(meta),
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!found) return null;
  const { user: u, session: s } = found;
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
      disabledAt: (u as { disabledAt?: Date | null }).disabledAt ?? null,
    },
    session: {
      id: s.id,
      createdAt: new Date(s.createdAt),
      lastSeenAt: new Date(s.updatedAt),
      expiresAt: new Date(s.expiresAt),
      accountMode: s.accountMode ?? "real",
      signInMethod: s.signInMethod ?? "password",
    },
  };
}

/** The session token inside a Set-Cookie that sets (not clears) the session cookie. */
export function sessionTokenOf(setCookies: string[]): string | undefined {
  const line = setCookies.find((c) => /session_token=[^;]/.test(c) && !/Max-Age=0/i.test(c));
  const value = line ? decodeURIComponent(line.split(";")[0]?.split("=").slice(1).join("=") ?? "") : "";
  return value.split(".")[0] || undefined;
}

/** Signs the request's session out with better-auth; the cookies that clear it in the browser. */
export async function endAuthSession(auth: Auth, meta: RequestMeta): Promise<string[]> {
  const ended = await attempt(() => auth.api.signOut({ headers: authHeaders(meta), returnHeaders: true }));
  // Refused: no session to end (a stale cookie), so nothing to clear.
  return ended.ok ? setCookiesOf(ended.value.headers) : [];
}

// ---------------------------------------------------------------------------------------------
// Credentials

/** better-auth keeps the password hash on the member's account row of this provider. */
const CREDENTIAL = "credential";

/** The row better-auth would make for a member who signs in with a password (the demo seed). */
export function credentialAccountValues(
  userId: string,
  passwordHash: string,
): typeof authAccounts.$inferInsert {
  return {
    id: randomUUID().replace(/-/g, ""),
    accountId: userId,
    providerId: CREDENTIAL,
    userId,
    password: passwordHash,
  };
}

/** The member's stored password hash (argon2id PHC string), if they have one. */
export async function credentialPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, CREDENTIAL)));
  return row?.hash ?? undefined;
}

/** Whether the address's member is disabled, and their password hash (one lookup, any case). */
export async function credentialOfEmail(
  db: Db,
  email: string,
): Promise<{ disabledAt: Date | null; closedAt: Date | null; hash: string | null } | undefined> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt, closedAt: users.closedAt, hash: authAccounts.password })
    .from(users)
    .innerJoin(authAccounts, and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, CREDENTIAL)))
    .where(sql`lower(${users.email}) = ${email}`);
  return row;
}

/** Creates a member who signs in with a password; better-auth queues the confirmation e-mail. */
export async function createCredentialUser(
  auth: Auth,
  input: { email: string; password: string; firstName: string; lastName: string; next?: string | undefined },
  meta: RequestMeta,
): Promise<{ ok: true; userId: string } | AuthRefusal> {
  const { next, ...fields } = input;
  // better-auth puts callbackURL in the link it hands to sendVerificationEmail (queueLink: `next`).
  const callback = next ? { callbackURL: next } : {};
  const created = await attempt(() =>
    auth.api.signUpEmail({
      body: { ...fields, name: `${input.firstName} ${input.lastName}`, ...callback },
      headers: authHeaders(meta),
    }),
  );
  return created.ok ? { ok: true, userId: created.value.user.id } : created;
}

/** Changes the signed-in member's password (inside `authTransaction`: a refusal throws). */
export async function changeCredentialPassword(
  auth: Auth,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  await auth.api.changePassword({
    body: { ...input, revokeOtherSessions: false },
    headers: authHeaders(meta),
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export type PasswordSignIn =
  | { ok: true; userId: string; setCookies: string[] }
  | { ok: "two-factor"; setCookies: string[] }
  | AuthRefusal;

/** The password step: a session, or (two-factor on) the signed challenge cookie for the second. */
export async function passwordSignIn(
  auth: Auth,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<PasswordSignIn> {
  const called = await attempt(() =>
    auth.api.signInEmail({
      body: { ...input, rememberMe: true },
      headers: authHeaders(meta),
      returnHeaders: true,
    }),
  );
  if (!called.ok) return called;
  const { headers, response } = called.value as unknown as WithHeaders<{
    twoFactorRedirect?: boolean;
    user?: { id: string };
  }>;
  const setCookies = setCookiesOf(headers);
  if (response.twoFactorRedirect) return { ok: "two-factor", setCookies };
  return { ok: true, userId: response.user?.id ?? "", setCookies };
}

/** The second step with a TOTP or a recovery code; `sessionToken` names the session it made. */
export async function secondFactorSignIn(
  auth: Auth,
  input: { method: "totp" | "recovery"; code: string },
  meta: RequestMeta,
): Promise<{ ok: true; userId?: string; sessionToken?: string; setCookies: string[] } | AuthRefusal> {
  const call = input.method === "recovery" ? auth.api.verifyBackupCode : auth.api.verifyTOTP;
  const called = await attempt(() =>
    call({ body: { code: input.code }, headers: authHeaders(meta), returnHeaders: true }),
  );
  if (!called.ok) return called;
  const { headers, response } = called.value as unknown as WithHeaders<{
    user?: { id: string };
    token?: string;
  }>;
  return {
    ok: true,
    ...(response.user ? { userId: response.user.id } : {}),
    ...(response.token ? { sessionToken: response.token } : {}),
    setCookies: setCookiesOf(headers),
  };
}

const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Host-)?coinlens\.two_factor=([^;]+)/;

/** The id of the pending sign-in's challenge cookie (unverified: only to count its attempts). */
export function pendingChallengeId(meta: RequestMeta): string | undefined {
  return meta.headers.get("cookie")?.match(/two_factor=([^;.]+)/)?.[1];
}

/** The member a pending two-factor sign-in belongs to, from the signed challenge cookie. */
export async function pendingSignInUserId(auth: Auth, meta: RequestMeta): Promise<string | undefined> {
  const match = TWO_FACTOR_COOKIE.exec(meta.headers.get("cookie") ?? "");
  if (!match?.[1]) return undefined;
  const raw = decodeURIComponent(match[1]);
  const identifier = raw.slice(0, raw.lastIndexOf("."));
  if (!identifier) return undefined;
  const context = await auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Two-factor

/**
 * The member's authenticator as better-auth stored it (the secret encrypted with SESSION_SECRET)
 * and the last time step accepted; undefined without an enrolment.
 */
export async function storedTotp(
  db: Db,
  config: Pick<AuthConfig, "sessionSecret">,
  userId: string,
): Promise<{ totp: TOTP; lastUsedStep: number | null } | undefined> {
  const [row] = await db
    .select({ secret: twoFactors.secret, lastUsedStep: twoFactors.lastUsedStep })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return undefined;
  const secret = await symmetricDecrypt({ key: config.sessionSecret, data: row.secret });
  // better-auth keys the HMAC with the UTF-8 bytes of its generated secret string.
  return {
    totp: new TOTP({ secret: Secret.fromUTF8(secret), digits: 6, period: 30 }),
    lastUsedStep: row.lastUsedStep,
  };
}

/** Starts an enrolment after the password: a new secret and recovery codes, not yet switched on. */
export async function beginTotpEnrolment(
  auth: Auth,
  password: string,
  meta: RequestMeta,
): Promise<{ ok: true; totpURI: string; backupCodes: string[] } | AuthRefusal> {
  const started = await attempt(() =>
    auth.api.enableTwoFactor({ body: { password }, headers: authHeaders(meta) }),
  );
  if (!started.ok) return started;
  if (!("totpURI" in started.value)) return { ok: false, code: "NO_TOTP_URI" };
  return { ok: true, totpURI: started.value.totpURI, backupCodes: started.value.backupCodes };
}

/**
 * Confirms an enrolment with the app's code (inside `authTransaction`: a refusal throws).
 * better-auth switches two-factor on and replaces the session; the new session's cookie.
 */
export async function confirmTotpEnrolment(auth: Auth, code: string, meta: RequestMeta): Promise<string[]> {
  const { headers } = (await auth.api.verifyTOTP({
    body: { code },
    headers: authHeaders(meta),
    returnHeaders: true,
  })) as unknown as { headers: Headers };
  return setCookiesOf(headers);
}

/** Checks and uses up one of the signed-in member's recovery codes (better-auth, atomically). */
export async function spendRecoveryCode(auth: Auth, code: string, meta: RequestMeta): Promise<boolean> {
  const body = { code, disableSession: true };
  return (await attempt(() => auth.api.verifyBackupCode({ body, headers: authHeaders(meta) }))).ok;
}

// ---------------------------------------------------------------------------------------------
// Links: password reset and address confirmation

/** Queues a reset link when the address has a member; better-auth answers alike either way. */
export async function sendPasswordResetLink(auth: Auth, email: string, meta: RequestMeta): Promise<void> {
  // A refusal is not said either: the page never says whether the address exists.
  await attempt(() =>
    auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: authHeaders(meta),
    }),
  );
}

/** Whose reset link this is (the token is looked up hashed, as stored); undefined when unknown. */
export async function resetLinkOwner(auth: Auth, token: string): Promise<string | undefined> {
  const context = await auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return pending?.value || undefined;
}

/**
 * Sets a new password with a reset link and ends every session of the member
 * (revokeSessionsOnPasswordReset). Inside `authTransaction`: a spent or unknown link throws.
 */
export async function resetWithLink(
  auth: Auth,
  input: { token: string; password: string },
  meta: RequestMeta,
) {
  await auth.api.resetPassword({
    body: { token: input.token, newPassword: input.password },
    headers: authHeaders(meta),
  });
}

/** Confirms an address with its link; when better-auth signs the member in, the cookies it set. */
export async function confirmAddress(
  auth: Auth,
  token: string,
  meta: RequestMeta,
): Promise<{ ok: true; setCookies: string[] } | AuthRefusal> {
  const confirmed = await attempt(() =>
    auth.api.verifyEmail({ query: { token }, headers: authHeaders(meta), returnHeaders: true }),
  );
  return confirmed.ok ? { ok: true, setCookies: setCookiesOf(confirmed.value.headers) } : confirmed;
}

/** The member id inside a confirmation link's token (a JWT); trusted only once better-auth verified it. */
export function confirmationLinkUserId(token: string): string | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch (error) {
    // A link someone typed or cut short: not JSON, so no member (better-auth refuses it too).
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  const userId = (payload as { userId?: unknown } | null)?.userId;
  return typeof userId === "string" ? userId : undefined;
}

/** Queues a new confirmation link for the address. */
export async function sendConfirmationLink(auth: Auth, email: string, meta: RequestMeta): Promise<void> {
  await auth.api.sendVerificationEmail({ body: { email }, headers: authHeaders(meta) });
}

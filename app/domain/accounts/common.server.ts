// What every account workflow shares: its environment (database handle aside), the signed-in
// member's shape, the refusal type and the audit helper. The workflows themselves live in
// sign-in.server.ts, sessions.server.ts, recovery.server.ts, two-factor.server.ts and
// profile.server.ts; better-auth's insides in better-auth-adapter.server.ts.
import { sql } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { type AuditEvent, recordAudit } from "./audit.server.ts";
import { type Auth, type AuthConfig, getAuth } from "./auth.server.ts";
import type { Clock } from "./clock.ts";
import type { AccountMode } from "./member-accounts.server.ts";

/** The parts of the HTTP request account operations look at. */
export interface RequestMeta {
  headers: Headers;
  ip?: string | undefined;
}

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

/** A refusal the member caused, with the message to show (ADR 0066). */
export type Failure = {
  ok: false;
  message: string;
  retryAfterSeconds?: number;
  disabled?: true;
  closed?: true;
};

/** What a disabled member sees at sign-in (only after giving the right password). */
export function disabledAccountMessage(brand: string) {
  return `This account has been disabled. Please contact ${brand} support.`;
}

/** What a member who closed their account sees at sign-in (only after giving the right password). */
export function closedAccountMessage(brand: string) {
  return `This account is closed, so it cannot be signed in to. If you did not close it, please contact ${brand} support.`;
}

/** A rate limit's answer, saying how long to wait. */
export function throttled(retryAfterSeconds: number): Failure {
  const wait =
    retryAfterSeconds >= 120
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : `${retryAfterSeconds} seconds`;
  return { ok: false, message: `Too many attempts. Please wait ${wait} and try again.`, retryAfterSeconds };
}

function auditContext(env: AccountsEnv, meta: RequestMeta) {
  return { ip: meta.ip, userAgent: meta.headers.get("user-agent") ?? undefined, clock: env.clock };
}

/** One audit entry for the request's client; returns its id. */
export function audit(
  db: Db,
  env: AccountsEnv,
  meta: RequestMeta,
  event: AuditEvent,
  userId: string | null,
  detail: Record<string, unknown> = {},
) {
  return recordAudit(db, auditContext(env, meta), event, userId, detail);
}

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row?.id;
}

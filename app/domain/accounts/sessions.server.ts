// Sessions: who is signed in for a request (with the idle and absolute limits of ADR 0011), the
// member's list of devices, ending one or all others, signing out, and which of the member's
// accounts (real or demo) a session works in.
import { and, desc, eq, ne } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { endAuthSession, readAuthSession } from "./better-auth-adapter.server.ts";
import {
  type AccountsEnv,
  audit,
  type CurrentSession,
  type RequestMeta,
  type SessionUser,
} from "./common.server.ts";
import { type AccountMode, openDemoAccount, selectAccountMode } from "./member-accounts.server.ts";

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
  const found = await readAuthSession(env.auth, meta);
  if (!found) return null;
  const { user, session } = found;
  if (user.disabledAt) {
    // Disabling deletes every session; one that slipped in during the click ends here.
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  const now = env.clock.now().getTime();
  const absoluteEnd = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + absoluteMs(env));
  const idleEnd = session.lastSeenAt.getTime() + idleMs(env);
  if (now >= absoluteEnd || now >= idleEnd) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    await audit(db, env, meta, "session-expired", user.id, {
      reason: now >= absoluteEnd ? "absolute" : "idle",
    });
    return null;
  }
  let seen = session.lastSeenAt;
  if (now - seen.getTime() >= touchEveryMs) {
    seen = new Date(now);
    await db.update(sessions).set({ updatedAt: seen }).where(eq(sessions.id, session.id));
  }
  const { disabledAt: _, ...member } = user;
  return {
    user: member,
    session: {
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: seen,
      expiresAt: new Date(Math.min(absoluteEnd, seen.getTime() + idleMs(env))),
      accountMode: session.accountMode === "demo" ? "demo" : "real",
      signInMethod: session.signInMethod === "two-factor" ? "two-factor" : "password",
    },
  };
}

/** Money features call this: unverified members may browse but not move money. */
export function isEmailVerified(user: Pick<SessionUser, "emailVerified">) {
  return user.emailVerified === true;
}

export async function signOut(db: Db, env: AccountsEnv, meta: RequestMeta) {
  const current = await getCurrentSession(db, env, meta).catch(() => null);
  const setCookies = await endAuthSession(env.auth, meta);
  if (current) {
    await db.delete(sessions).where(eq(sessions.id, current.session.id));
    await audit(db, env, meta, "sign-out", current.user.id);
  }
  return { setCookies };
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

/**
 * The settings page's "Revoke" on one device: the session in use is ended with Sign out instead,
 * and a session that is gone (or someone else's) says so.
 */
export async function endOtherSession(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  sessionId: string,
  meta: RequestMeta,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (sessionId === current.session.id) return { ok: false, message: "Use Sign out to end this session." };
  const ended = await revokeSession(db, env, current.user.id, sessionId, meta);
  return ended ? { ok: true } : { ok: false, message: "That session has already ended." };
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

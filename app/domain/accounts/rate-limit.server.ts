import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { deepFreeze } from "../freeze.ts";
import type { Clock } from "./clock.ts";

/**
 * Fixed-window counters in PostgreSQL, so every app server sees the same numbers. One upsert
 * per event: `INSERT … ON CONFLICT DO UPDATE SET count = count + 1` is atomic on PostgreSQL.
 */
export interface Window {
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
}

export const limits = deepFreeze({
  /** Sign-in attempts from one address (any accounts). */
  signInPerIp: { limit: 300, windowMs: 60 * 60_000 },
  /** Failed sign-ins against one account, from anywhere (at most 100 per hour, the product brief's account-lockout rule). */
  signInFailuresPerAccount: { limit: 100, windowMs: 60 * 60_000 },
  signUpPerIp: { limit: 50, windowMs: 60 * 60_000 },
  resetPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 30, windowMs: 60 * 60_000 },
  twoFactorPerUser: { limit: 10, windowMs: 15 * 60_000 },
  /** Verification details and identity uploads (each upload is up to 10 MB). */
  verificationPerUser: { limit: 10, windowMs: 60 * 60_000 },
  /** CSV exports of the transaction history (each reads up to 10,000 rows). */
  historyExportsPerUser: { limit: 30, windowMs: 60 * 60_000 },
  /** Demo balance resets (each locks and rewrites the member's whole demo account). */
  demoResetPerUser: { limit: 10, windowMs: 60 * 60_000 },
  /** Research images an analyst uploads (each up to 2 MB into the database). */
  researchImagesPerUser: { limit: 60, windowMs: 60 * 60_000 },
  /** One-click unsubscribes from one address (each checks a signature and deletes follows). */
  unsubscribesPerIp: { limit: 60, windowMs: 60 * 60_000 },
  /** Follows and unfollows by one member. */
  followsPerUser: { limit: 120, windowMs: 60 * 60_000 },
}) satisfies Record<string, Window>;

/** Failures before the back-off starts; then 1 s, 2 s, 4 s … up to 5 minutes between tries. */
export const backoffFreeFailures = 5;
export const maxBackoffMs = 5 * 60_000;

function windowStart(now: Date, windowMs: number) {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

export async function countEvents(db: Db, key: string, window: Window, clock: Clock) {
  const now = clock.now();
  const [row] = await db
    .select({ count: rateLimits.count, lastAt: rateLimits.lastAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, window.windowMs))));
  return { count: row?.count ?? 0, lastAt: row?.lastAt };
}

export async function recordEvent(db: Db, key: string, window: Window, clock: Clock) {
  const now = clock.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(now, window.windowMs), count: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, lastAt: now },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts this event and says whether it is within the window's limit. */
export async function consume(db: Db, key: string, window: Window, clock: Clock): Promise<LimitDecision> {
  const count = await recordEvent(db, key, window, clock);
  if (count <= window.limit) return { allowed: true };
  const now = clock.now().getTime();
  const ends = windowStart(clock.now(), window.windowMs).getTime() + window.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
}

export function backoffMs(failures: number) {
  if (failures < backoffFreeFailures) return 0;
  return Math.min(maxBackoffMs, 1000 * 2 ** (failures - backoffFreeFailures));
}

/**
 * Whether a sign-in to this account may be tried now. Failures slow further tries down
 * exponentially (never a lock-out the owner cannot wait out), and at most 100 failures per
 * account per hour are ever evaluated.
 */
export async function checkSignInAllowed(db: Db, accountKey: string, clock: Clock): Promise<LimitDecision> {
  const failures = await countEvents(db, `signin-fail:${accountKey}`, limits.signInFailuresPerAccount, clock);
  const now = clock.now().getTime();
  if (failures.count >= limits.signInFailuresPerAccount.limit) {
    const window = limits.signInFailuresPerAccount.windowMs;
    const ends = Math.floor(now / window) * window + window;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
  }
  const wait = backoffMs(failures.count);
  const last = failures.lastAt?.getTime() ?? 0;
  if (wait > 0 && now - last < wait) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((last + wait - now) / 1000)) };
  }
  return { allowed: true };
}

export function recordSignInFailure(db: Db, accountKey: string, clock: Clock) {
  return recordEvent(db, `signin-fail:${accountKey}`, limits.signInFailuresPerAccount, clock);
}

/** Old windows are useless; a periodic job (or start-up) may call this. */
export async function pruneRateLimits(db: Db, clock: Clock, olderThanMs = 24 * 60 * 60_000) {
  await db.delete(rateLimits).where(lt(rateLimits.lastAt, new Date(clock.now().getTime() - olderThanMs)));
}

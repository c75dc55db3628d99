// The leaderboard page and the member's choices on it (ADR 0084): the top 100 of a period, the
// member's own line, and joining, renaming or leaving. Only members who joined are ever listed;
// a member sees nothing of anyone else but the names and returns the table shows.
import { and, asc, count, eq, max } from "drizzle-orm";
import { leaderboardEntrants, leaderboardStandings, memberAccounts } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { fieldErrors } from "../forms.ts";
import {
  displayNameSchema,
  isReservedName,
  type LeaderboardPeriod,
  leaderboardMessages,
  nameKey,
  TOP_SIZE,
} from "./rules.ts";
import type { LeaderboardView } from "./views.ts";

export async function leaderboardView(
  db: Db,
  input: { userId: string; period: LeaderboardPeriod },
): Promise<LeaderboardView> {
  const { userId, period } = input;
  const listed = and(
    eq(leaderboardStandings.period, period),
    eq(leaderboardEntrants.userId, leaderboardStandings.userId),
  );
  const [top, [totals], [entrant], [demo]] = await Promise.all([
    db
      .select({
        rank: leaderboardStandings.rank,
        userId: leaderboardStandings.userId,
        displayName: leaderboardEntrants.displayName,
        returnBps: leaderboardStandings.returnBps,
      })
      .from(leaderboardStandings)
      .innerJoin(leaderboardEntrants, listed)
      .orderBy(
        asc(leaderboardStandings.rank),
        asc(leaderboardEntrants.joinedAt),
        asc(leaderboardStandings.userId),
      )
      .limit(TOP_SIZE),
    db
      .select({ ranked: count(), computedAt: max(leaderboardStandings.computedAt) })
      .from(leaderboardStandings)
      .innerJoin(leaderboardEntrants, listed),
    db
      .select({
        displayName: leaderboardEntrants.displayName,
        joinedAt: leaderboardEntrants.joinedAt,
        rank: leaderboardStandings.rank,
        returnBps: leaderboardStandings.returnBps,
      })
      .from(leaderboardEntrants)
      .leftJoin(
        leaderboardStandings,
        and(
          eq(leaderboardStandings.userId, leaderboardEntrants.userId),
          eq(leaderboardStandings.period, period),
        ),
      )
      .where(eq(leaderboardEntrants.userId, userId)),
    db
      .select({ id: memberAccounts.id })
      .from(memberAccounts)
      .where(and(eq(memberAccounts.userId, userId), eq(memberAccounts.mode, "demo"))),
  ]);
  return {
    period,
    rows: top.map((r) => ({
      rank: r.rank,
      displayName: r.displayName,
      returnBps: r.returnBps,
      me: r.userId === userId,
    })),
    ranked: Number(totals?.ranked ?? 0),
    computedAt: totals?.computedAt ? new Date(totals.computedAt).toISOString() : null,
    hasDemoAccount: Boolean(demo),
    me: entrant
      ? {
          displayName: entrant.displayName,
          joinedAt: entrant.joinedAt.toISOString(),
          standing:
            entrant.rank === null || entrant.returnBps === null
              ? null
              : { rank: entrant.rank, returnBps: entrant.returnBps },
        }
      : null,
  };
}

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

export type JoinResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 403 | 409 | 429; message?: string; errors?: { displayName?: string } };

/** Name changes a member may make in an hour (each checks a name against every other). */
export const NAME_CHANGES_PER_HOUR = Object.freeze({ limit: 20, windowMs: 60 * 60_000 });

/**
 * Joins the leaderboard with a display name, or changes the name of a member already on it. The
 * name is checked as in the browser, then against the operator's brand and every name taken
 * (folded: "Moon Boy" = "moonboy"). Only a member with a demo account may join.
 */
export async function joinLeaderboard(
  db: Db,
  input: { userId: string; displayName: unknown; brandName?: string; clock: Clock },
): Promise<JoinResult> {
  const parsed = displayNameSchema.safeParse({ displayName: input.displayName });
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors<"displayName">(parsed.error) };
  const name = parsed.data.displayName;
  if (input.brandName && isReservedName(name, [input.brandName]))
    return { ok: false, status: 400, errors: { displayName: leaderboardMessages.nameReserved } };
  const [demo] = await db
    .select({ id: memberAccounts.id })
    .from(memberAccounts)
    .where(and(eq(memberAccounts.userId, input.userId), eq(memberAccounts.mode, "demo")));
  if (!demo) return { ok: false, status: 403, message: leaderboardMessages.noDemoAccount };
  const limited = await consume(db, `leaderboard-name:${input.userId}`, NAME_CHANGES_PER_HOUR, input.clock);
  if (!limited.allowed) return { ok: false, status: 429, message: leaderboardMessages.throttled };
  try {
    const joined = await withTx(db, async (tx) => {
      const [before] = await tx
        .select({ userId: leaderboardEntrants.userId })
        .from(leaderboardEntrants)
        .where(eq(leaderboardEntrants.userId, input.userId));
      await tx
        .insert(leaderboardEntrants)
        .values({
          userId: input.userId,
          displayName: name,
          nameKey: nameKey(name),
          joinedAt: input.clock.now(),
        })
        .onConflictDoUpdate({
          target: leaderboardEntrants.userId,
          set: { displayName: name, nameKey: nameKey(name) },
        });
      return !before;
    });
    return { ok: true, message: joined ? leaderboardMessages.joined : leaderboardMessages.renamed };
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, status: 409, errors: { displayName: leaderboardMessages.nameTaken } };
    throw error;
  }
}

/** Leaves the leaderboard: the name and every standing go at once, so the member is never listed again. */
export async function leaveLeaderboard(db: Db, userId: string): Promise<{ ok: true; message: string }> {
  await withTx(db, async (tx) => {
    await tx.delete(leaderboardStandings).where(eq(leaderboardStandings.userId, userId));
    await tx.delete(leaderboardEntrants).where(eq(leaderboardEntrants.userId, userId));
  });
  return { ok: true, message: leaderboardMessages.left };
}

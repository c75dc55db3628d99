// Following an asset or an analyst (issue 18, ADR 0073): an e-mail when a pick or a setup on it is
// published, queued in the publishing transaction (the outbox sends it after the commit, once per
// member per piece, whatever retries), and a weekly digest. Every e-mail carries a signed one-click
// unsubscribe address, so leaving needs no password; the signature stops anyone else from
// unsubscribing a member by guessing.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { researchFollows, researchPieces, users } from "../../../db/schema/index.ts";
import { getConfig } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { notify } from "../notifications/notifications.server.ts";
import { PICKABLE_ASSETS, RESEARCH_KIND_LABELS } from "./studio-rules.ts";

export type FollowKind = "asset" | "analyst";

export async function follow(db: Db, userId: string, kind: FollowKind, target: string) {
  await db.insert(researchFollows).values({ userId, kind, target }).onConflictDoNothing();
}

/** A tracked asset, or someone who writes research (an analyst, an admin, the sample analyst). */
export async function isFollowable(db: Db, kind: FollowKind, target: string): Promise<boolean> {
  if (kind === "asset") return PICKABLE_ASSETS.includes(target);
  const [author] = await db.select({ role: users.role }).from(users).where(eq(users.id, target));
  return (
    author !== undefined &&
    (author.role === "analyst" || author.role === "admin" || target === "sample-analyst")
  );
}

export async function unfollow(db: Db, userId: string, kind: FollowKind | "all", target: string) {
  const mine = eq(researchFollows.userId, userId);
  await db
    .delete(researchFollows)
    .where(
      kind === "all" ? mine : and(mine, eq(researchFollows.kind, kind), eq(researchFollows.target, target)),
    );
}

export async function followsOf(db: Db, userId: string) {
  return db
    .select({ kind: researchFollows.kind, target: researchFollows.target })
    .from(researchFollows)
    .where(eq(researchFollows.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// Signed unsubscribe addresses

function unsubscribeKey(secret: string) {
  return Buffer.from(hkdfSync("sha256", secret, "coinlens-research", "unsubscribe v1", 32));
}

function signature(secret: string, userId: string, kind: string, target: string) {
  return createHmac("sha256", unsubscribeKey(secret))
    .update(`${userId}\n${kind}\n${target}`)
    .digest("base64url");
}

/** /research/unsubscribe?u=…&k=asset|analyst|all&t=…&s=… */
export function unsubscribePath(
  userId: string,
  kind: FollowKind | "all",
  target: string,
  secret = getConfig().sessionSecret,
) {
  const query = new URLSearchParams({
    u: userId,
    k: kind,
    t: target,
    s: signature(secret, userId, kind, target),
  });
  return `/research/unsubscribe?${query.toString()}`;
}

export type UnsubscribeRequest = { userId: string; kind: FollowKind | "all"; target: string };

/** The follow a signed address names, or null when the signature does not match. */
export function verifyUnsubscribe(
  params: URLSearchParams,
  secret = getConfig().sessionSecret,
): UnsubscribeRequest | null {
  const userId = params.get("u") ?? "";
  const kind = params.get("k") ?? "";
  const target = params.get("t") ?? "";
  const given = Buffer.from(params.get("s") ?? "");
  if (!userId || !["asset", "analyst", "all"].includes(kind)) return null;
  const expected = Buffer.from(signature(secret, userId, kind, target));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as UnsubscribeRequest["kind"], target };
}

// ---------------------------------------------------------------------------------------------
// E-mails

type PublishedPiece = typeof researchPieces.$inferSelect;

/** A follow with the follower's address and name, as both e-mails read it. */
const followerColumns = {
  userId: researchFollows.userId,
  kind: researchFollows.kind,
  target: researchFollows.target,
  email: users.email,
  name: users.firstName,
  fullName: users.name,
};

/** The assets a piece is about: its tags, and a pick's or setup's own asset. */
function assetsOf(piece: PublishedPiece): string[] {
  const own = (piece.details as { asset?: unknown } | null)?.asset;
  return [...new Set([...piece.assets, ...(typeof own === "string" ? [own] : [])])];
}

/**
 * In the publishing transaction: one e-mail per follower of the piece's assets or author, for
 * picks and setups. A member who follows both hears once (the first reason found).
 */
export async function enqueueFollowerEmails(tx: Db, piece: PublishedPiece) {
  if (piece.kind !== "pick" && piece.kind !== "setup") return 0;
  const assets = assetsOf(piece);
  const followers = await tx
    .select(followerColumns)
    .from(researchFollows)
    .innerJoin(users, eq(users.id, researchFollows.userId))
    .where(
      or(
        and(eq(researchFollows.kind, "analyst"), eq(researchFollows.target, piece.authorId)),
        assets.length > 0
          ? and(eq(researchFollows.kind, "asset"), inArray(researchFollows.target, assets))
          : sql`false`,
      ),
    );
  if (followers.length === 0) return 0;
  const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, piece.authorId));
  const headline = `New ${RESEARCH_KIND_LABELS[piece.kind].toLowerCase()}`;
  const seen = new Set<string>();
  let queued = 0;
  for (const f of followers) {
    if (seen.has(f.userId) || f.userId === piece.authorId) continue;
    seen.add(f.userId);
    const reason =
      f.kind === "asset" ? `you follow ${f.target}` : `you follow ${author?.name ?? "this analyst"}`;
    const sent = await enqueueEmail(tx, `research:${piece.id}:follower:${f.userId}`, {
      to: f.email,
      template: "research-published",
      data: {
        name: f.name || f.fullName,
        headline: headline.charAt(0).toUpperCase() + headline.slice(1),
        title: piece.title,
        summary: piece.summary,
        path: `/research/${piece.slug}`,
        reason,
        unsubscribePath: unsubscribePath(f.userId, f.kind, f.target),
        premium: piece.premium,
      },
    });
    if (sent) queued++;
    // The notification centre carries it too, once per piece and member (ADR 0075).
    await notify(tx, {
      userId: f.userId,
      key: `research:${piece.id}:user:${f.userId}`,
      kind: "research",
      title: `${headline.charAt(0).toUpperCase() + headline.slice(1)}: ${piece.title}`,
      body: `Because ${reason}.`,
      link: `/research/${piece.slug}`,
    });
  }
  return queued;
}

/** "2026-W48" for the ISO week holding `date` (UTC). */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Monday 00:00 UTC of the week holding `date`. */
function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/**
 * The weekly digest of LAST week's research on what each member follows, queued once per member
 * per week (the outbox key carries the week), so every server may run it at any hour of the week.
 * Members with nothing new that week get nothing.
 */
export async function queueWeeklyDigests(db: Db, now = new Date()) {
  const end = weekStart(now);
  const start = new Date(end.getTime() - 7 * 86_400_000);
  const week = isoWeek(start);
  const pieces = await db
    .select()
    .from(researchPieces)
    .where(
      and(
        eq(researchPieces.status, "published"),
        gte(researchPieces.publishedAt, start),
        lt(researchPieces.publishedAt, end),
      ),
    );
  if (pieces.length === 0) return 0;
  const follows = await db
    .select(followerColumns)
    .from(researchFollows)
    .innerJoin(users, eq(users.id, researchFollows.userId));
  const byUser = new Map<string, { email: string; name: string; items: Map<string, PublishedPiece> }>();
  for (const f of follows) {
    const entry = byUser.get(f.userId) ?? { email: f.email, name: f.name || f.fullName, items: new Map() };
    byUser.set(f.userId, entry);
    for (const p of pieces) {
      const match = f.kind === "analyst" ? p.authorId === f.target : assetsOf(p).includes(f.target);
      if (match && p.authorId !== f.userId) entry.items.set(p.id, p);
    }
  }
  let queued = 0;
  for (const [userId, entry] of byUser) {
    if (entry.items.size === 0) continue;
    const items = [...entry.items.values()]
      .sort((a, b) => (a.publishedAt?.getTime() ?? 0) - (b.publishedAt?.getTime() ?? 0))
      .map((p) => ({
        title: p.title,
        kind: RESEARCH_KIND_LABELS[p.kind],
        path: `/research/${p.slug}`,
        premium: p.premium,
      }));
    const sent = await enqueueEmail(db, `research-digest:${week}:${userId}`, {
      to: entry.email,
      template: "research-digest",
      data: { name: entry.name, week, items, unsubscribePath: unsubscribePath(userId, "all", "") },
    });
    if (sent) queued++;
  }
  return queued;
}

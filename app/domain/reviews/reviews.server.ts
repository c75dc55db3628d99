import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { auditLog, reviewFlags, reviews, reviewVotes } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { ReviewInput } from "./schema.ts";

export interface ReviewCard {
  id: string;
  authorName: string;
  /** Approved reviews by the same member (samples carry their own number). */
  authorReviewCount: number;
  country: string;
  rating: number;
  title: string;
  body: string;
  experiencedOn: string;
  createdAt: string;
  usefulCount: number;
  /** Whether the member looking at the card has already found it useful. */
  votedUseful: boolean;
  /** Whether whoever is looking (reporterKey) has already reported it. */
  reportedByViewer: boolean;
  isSample: boolean;
}

/** A member writes a review; nobody sees it until an admin approves it. */
export async function createReview(db: Db, author: { id: string; name: string }, input: ReviewInput) {
  const id = randomUUID();
  await db.insert(reviews).values({
    id,
    userId: author.id,
    authorName: author.name.trim() || "Member",
    country: input.country,
    rating: input.rating,
    title: input.title,
    body: input.body,
    experiencedOn: input.experiencedOn,
  });
  return { id };
}

/**
 * Who reported a review: the member, or for a visitor a keyed hash of their address, so the
 * address itself is never stored. One report per key and review.
 */
export function reviewReporterKey(viewer: { userId: string | null; ip?: string | null; secret: string }) {
  if (viewer.userId) return `user:${viewer.userId}`;
  const digest = createHash("sha256")
    .update(`${viewer.secret}:${viewer.ip ?? "unknown"}`)
    .digest("hex");
  return `ip:${digest.slice(0, 32)}`;
}

function cardsQuery(db: Db, viewerId: string | null, reporterKey: string | null = null) {
  return db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      authorReviewCount: sql<number>`coalesce(${reviews.sampleAuthorReviewCount}, (
        select count(*) from reviews r2 where r2.user_id = ${reviews.userId} and r2.status = 'approved'))::int`,
      country: reviews.country,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      experiencedOn: reviews.experiencedOn,
      createdAt: reviews.createdAt,
      usefulCount: sql<number>`(select count(*) from review_votes v where v.review_id = ${reviews.id})::int`,
      votedUseful: viewerId
        ? sql<boolean>`exists (select 1 from review_votes v where v.review_id = ${reviews.id} and v.user_id = ${viewerId})`
        : sql<boolean>`false`,
      reportedByViewer: reporterKey
        ? sql<boolean>`exists (select 1 from review_flags f where f.review_id = ${reviews.id} and f.reporter_key = ${reporterKey})`
        : sql<boolean>`false`,
      isSample: reviews.isSample,
      status: reviews.status,
      userId: reviews.userId,
    })
    .from(reviews);
}

type Row = Awaited<ReturnType<typeof cardsQuery>>[number];
function toCard(row: Row): ReviewCard {
  return {
    id: row.id,
    authorName: row.authorName,
    authorReviewCount: Number(row.authorReviewCount),
    country: row.country,
    rating: row.rating,
    title: row.title,
    body: row.body,
    experiencedOn: row.experiencedOn,
    createdAt: row.createdAt.toISOString(),
    usefulCount: Number(row.usefulCount),
    votedUseful: Boolean(row.votedUseful),
    reportedByViewer: Boolean(row.reportedByViewer),
    isSample: row.isSample,
  };
}

/** Approved reviews, newest first: what the landing page shows. */
export async function listApprovedReviews(
  db: Db,
  options: { viewerId?: string | null; reporterKey?: string | null; limit?: number } = {},
) {
  const rows = await cardsQuery(db, options.viewerId ?? null, options.reporterKey ?? null)
    .where(eq(reviews.status, "approved"))
    .orderBy(desc(reviews.createdAt))
    .limit(options.limit ?? 6);
  return rows.map(toCard);
}

/** The moderation queue: pending reviews, and approved ones members have flagged. */
export async function listModerationQueue(db: Db) {
  const rows = await cardsQuery(db, null)
    .where(
      sql`${reviews.status} = 'pending' or exists (select 1 from review_flags f where f.review_id = ${reviews.id})`,
    )
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  const flags = await db
    .select({ reviewId: reviewFlags.reviewId, count: sql<number>`count(*)::int` })
    .from(reviewFlags)
    .groupBy(reviewFlags.reviewId);
  return rows.map((row) => ({
    ...toCard(row),
    status: row.status as "pending" | "approved" | "rejected",
    flagCount: Number(flags.find((f) => f.reviewId === row.id)?.count ?? 0),
  }));
}

export type Decision = "approve" | "reject";

/** Who moderated, for the audit log. */
export interface Moderator {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * An admin's decision. Resolving a review also clears the reports against it; the decision and
 * its audit record are written in one transaction.
 */
export async function moderateReview(db: Db, reviewId: string, moderator: Moderator, decision: Decision) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({
        status: decision === "approve" ? "approved" : "rejected",
        moderatedBy: moderator.adminId,
        moderatedAt: new Date(),
      })
      .where(eq(reviews.id, reviewId))
      .returning({ id: reviews.id, title: reviews.title, authorName: reviews.authorName });
    if (!row) return { ok: false as const };
    await tx.delete(reviewFlags).where(eq(reviewFlags.reviewId, reviewId));
    await tx.insert(auditLog).values({
      id: randomUUID(),
      at: new Date(),
      userId: moderator.adminId,
      event: decision === "approve" ? "admin-review-approved" : "admin-review-rejected",
      ip: moderator.ip ?? null,
      userAgent: moderator.userAgent?.slice(0, 500) ?? null,
      detail: { reviewId, title: row.title, author: row.authorName },
    });
    return { ok: true as const, title: row.title };
  });
}

/** 'Useful': at most one vote per member per approved review (the primary key enforces it). */
export async function voteUseful(db: Db, reviewId: string, userId: string) {
  const [review] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "approved")));
  if (!review) return { ok: false as const };
  const inserted = await db
    .insert(reviewVotes)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId });
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .where(eq(reviewVotes.reviewId, reviewId));
  return { ok: true as const, counted: inserted.length === 1, usefulCount: Number(count?.n ?? 0) };
}

/** Reports a review for moderation; one report per reporter and review. */
export async function flagReview(db: Db, reviewId: string, reporterKey: string) {
  const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
  if (!review) return { ok: false as const };
  await db.insert(reviewFlags).values({ reviewId, reporterKey }).onConflictDoNothing();
  return { ok: true as const };
}

/** Sample reviews on a fresh install: approved, labelled as sample content on every card. */
export async function seedSampleReviews(db: Db, now = new Date()): Promise<number> {
  const day = 86_400_000;
  const date = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  const rows = await db
    .insert(reviews)
    .values(
      [
        {
          id: "sample-review-1",
          authorName: "Amara Okafor",
          country: "NG",
          rating: 5,
          title: "Research I can actually follow",
          body: "Every pick explains why it was chosen and what would make the team change its mind. I started in the demo account and only moved real money once I understood the tools.",
          experiencedOn: date(9).toISOString().slice(0, 10),
          createdAt: date(6),
          sampleAuthorReviewCount: 3,
        },
        {
          id: "sample-review-2",
          authorName: "Lukas Brenner",
          country: "DE",
          rating: 4,
          title: "Clear numbers, honest about risk",
          body: "I like that prices show where they come from and how old they are. The ETF tracker saves me time. I would like more live events in European hours.",
          experiencedOn: date(20).toISOString().slice(0, 10),
          createdAt: date(15),
          sampleAuthorReviewCount: 1,
        },
        {
          id: "sample-review-3",
          authorName: "Grace Liu",
          country: "GB",
          rating: 5,
          title: "Support answered within a day",
          body: "I misspelt my e-mail address when signing up. Support checked it was really me and fixed it the next morning. The withdrawal approval step gives me peace of mind.",
          experiencedOn: date(40).toISOString().slice(0, 10),
          createdAt: date(33),
          sampleAuthorReviewCount: 2,
        },
      ].map((r) => ({ ...r, status: "approved", isSample: true })),
    )
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return rows.length;
}

// Comments on research (issue 20, ADR 0083): members who can read a piece comment on it and reply
// one level deep; authors edit within 15 minutes; members report; moderators (moderate:comment:any)
// hide with a reason that everyone then reads in the comment's place. Posting, editing and
// reporting are rate-limited per member, and a member younger than 7 days posts no links. Every
// function takes the piece the caller has already checked the member may read.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { researchCommentReports, researchComments, researchPieces, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type AuditContext, recordAudit } from "../accounts/audit.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import {
  canStillEdit,
  commentMessages,
  containsLink,
  EDIT_WINDOW_MS,
  isNewMember,
  publicName,
  type ReportReason,
} from "./rules.ts";

export const commentsPerHour: Readonly<Window> = Object.freeze({ limit: 20, windowMs: 60 * 60_000 });
export const editsPerHour: Readonly<Window> = Object.freeze({ limit: 30, windowMs: 60 * 60_000 });
export const reportsPerHour: Readonly<Window> = Object.freeze({ limit: 20, windowMs: 60 * 60_000 });

export type CommentResult =
  | { ok: true; commentId: string }
  | { ok: false; field: "body" | "reason" | "form"; message: string };

/** The published piece at `slug`, if the reader may read all of it (premium needs research:premium). */
export async function readablePiece(db: Db, slug: string, canReadPremium: boolean) {
  const [piece] = await db
    .select({ id: researchPieces.id, premium: researchPieces.premium })
    .from(researchPieces)
    .where(and(eq(researchPieces.slug, slug), eq(researchPieces.status, "published")));
  if (!piece || (piece.premium && !canReadPremium)) return null;
  return { id: piece.id };
}

export interface CommentView {
  id: string;
  authorName: string;
  mine: boolean;
  /** Null when hidden: the words never leave the server once a moderator hides them. */
  body: string | null;
  hiddenReason: string | null;
  createdAt: string;
  edited: boolean;
  /** The author, within the edit window, on a comment not hidden. */
  canEdit: boolean;
  editableUntil: string;
  reportedByMe: boolean;
  replies: CommentView[];
}

/** A piece's comments, oldest first, each reply under its comment; `viewerId` marks their own. */
export async function listComments(
  db: Db,
  pieceId: string,
  viewerId: string,
  now: Date,
): Promise<CommentView[]> {
  const rows = await db
    .select({
      id: researchComments.id,
      parentId: researchComments.parentId,
      authorId: researchComments.authorId,
      body: researchComments.body,
      createdAt: researchComments.createdAt,
      editedAt: researchComments.editedAt,
      hiddenReason: researchComments.hiddenReason,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      reportedByMe: sql<boolean>`exists (select 1 from research_comment_reports r
        where r.comment_id = ${researchComments.id} and r.reporter_id = ${viewerId})`,
    })
    .from(researchComments)
    .innerJoin(users, eq(users.id, researchComments.authorId))
    .where(eq(researchComments.pieceId, pieceId))
    .orderBy(asc(researchComments.createdAt), asc(researchComments.id))
    .limit(500);
  const views = new Map<string, CommentView>();
  const top: CommentView[] = [];
  for (const row of rows) {
    const hidden = row.hiddenReason !== null;
    const mine = row.authorId === viewerId;
    const view: CommentView = {
      id: row.id.toString(),
      authorName: publicName(row),
      mine,
      body: hidden ? null : row.body,
      hiddenReason: row.hiddenReason,
      createdAt: row.createdAt.toISOString(),
      edited: row.editedAt !== null,
      canEdit: mine && !hidden && canStillEdit(row.createdAt, now),
      editableUntil: new Date(row.createdAt.getTime() + EDIT_WINDOW_MS).toISOString(),
      reportedByMe: Boolean(row.reportedByMe),
      replies: [],
    };
    views.set(view.id, view);
    const parent = row.parentId === null ? undefined : views.get(row.parentId.toString());
    if (parent) parent.replies.push(view);
    else if (row.parentId === null) top.push(view);
  }
  return top;
}

async function linkRefusal(db: Db, userId: string, body: string, now: Date): Promise<CommentResult | null> {
  if (!containsLink(body)) return null;
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user || isNewMember(user.createdAt, now))
    return { ok: false, field: "body", message: commentMessages.links };
  return null;
}

export async function postComment(
  db: Db,
  input: { pieceId: string; userId: string; body: string; parentId: bigint | null; clock: Clock },
): Promise<CommentResult> {
  const now = input.clock.now();
  if (input.parentId !== null) {
    const [parent] = await db
      .select({ parentId: researchComments.parentId, hiddenAt: researchComments.hiddenAt })
      .from(researchComments)
      .where(and(eq(researchComments.id, input.parentId), eq(researchComments.pieceId, input.pieceId)));
    if (!parent) return { ok: false, field: "form", message: commentMessages.missing };
    if (parent.parentId !== null) return { ok: false, field: "body", message: commentMessages.replyDepth };
    if (parent.hiddenAt !== null) return { ok: false, field: "body", message: commentMessages.replyHidden };
  }
  const links = await linkRefusal(db, input.userId, input.body, now);
  if (links) return links;
  const decision = await consume(db, `comment:${input.userId}`, commentsPerHour, input.clock);
  if (!decision.allowed) return { ok: false, field: "body", message: commentMessages.rate };
  const [row] = await db
    .insert(researchComments)
    .values({
      pieceId: input.pieceId,
      authorId: input.userId,
      parentId: input.parentId,
      body: input.body,
      createdAt: now,
    })
    .returning({ id: researchComments.id });
  if (!row) throw new Error("comment not saved");
  return { ok: true, commentId: row.id.toString() };
}

/** The author's own comment, within the edit window, not hidden. */
export async function editComment(
  db: Db,
  input: { pieceId: string; commentId: bigint; userId: string; body: string; clock: Clock },
): Promise<CommentResult> {
  const now = input.clock.now();
  const [comment] = await db
    .select({ createdAt: researchComments.createdAt, hiddenAt: researchComments.hiddenAt })
    .from(researchComments)
    .where(
      and(
        eq(researchComments.id, input.commentId),
        eq(researchComments.pieceId, input.pieceId),
        eq(researchComments.authorId, input.userId),
      ),
    );
  if (!comment) return { ok: false, field: "form", message: commentMessages.missing };
  if (comment.hiddenAt !== null) return { ok: false, field: "body", message: commentMessages.hidden };
  if (!canStillEdit(comment.createdAt, now))
    return { ok: false, field: "body", message: commentMessages.editWindow };
  const links = await linkRefusal(db, input.userId, input.body, now);
  if (links) return links;
  const decision = await consume(db, `comment-edit:${input.userId}`, editsPerHour, input.clock);
  if (!decision.allowed) return { ok: false, field: "body", message: commentMessages.editRate };
  // The window is checked again by the update itself, so a save that arrives late changes nothing.
  const updated = await db
    .update(researchComments)
    .set({ body: input.body, editedAt: now })
    .where(
      and(
        eq(researchComments.id, input.commentId),
        eq(researchComments.authorId, input.userId),
        isNull(researchComments.hiddenAt),
        sql`${researchComments.createdAt} >= ${new Date(now.getTime() - EDIT_WINDOW_MS)}`,
      ),
    )
    .returning({ id: researchComments.id });
  if (updated.length === 0) return { ok: false, field: "body", message: commentMessages.editWindow };
  return { ok: true, commentId: input.commentId.toString() };
}

/** One report per member and comment (a second changes nothing); never one's own. */
export async function reportComment(
  db: Db,
  input: { pieceId: string; commentId: bigint; userId: string; reason: ReportReason; clock: Clock },
): Promise<CommentResult> {
  const [comment] = await db
    .select({ authorId: researchComments.authorId })
    .from(researchComments)
    .where(and(eq(researchComments.id, input.commentId), eq(researchComments.pieceId, input.pieceId)));
  if (!comment) return { ok: false, field: "form", message: commentMessages.missing };
  if (comment.authorId === input.userId)
    return { ok: false, field: "reason", message: commentMessages.reportOwn };
  const decision = await consume(db, `comment-report:${input.userId}`, reportsPerHour, input.clock);
  if (!decision.allowed) return { ok: false, field: "reason", message: commentMessages.reportRate };
  await db
    .insert(researchCommentReports)
    .values({
      commentId: input.commentId,
      reporterId: input.userId,
      reason: input.reason,
      createdAt: input.clock.now(),
    })
    .onConflictDoNothing();
  return { ok: true, commentId: input.commentId.toString() };
}

/** A moderator hides a comment with a reason everyone reads in its place; audited. */
export async function hideComment(
  db: Db,
  input: { commentId: bigint; staffId: string; reason: string; audit: AuditContext },
): Promise<CommentResult> {
  const now = input.audit.clock.now();
  return withTx(db, async (tx) => {
    const [hidden] = await tx
      .update(researchComments)
      .set({ hiddenAt: now, hiddenBy: input.staffId, hiddenReason: input.reason })
      .where(and(eq(researchComments.id, input.commentId), isNull(researchComments.hiddenAt)))
      .returning({
        id: researchComments.id,
        pieceId: researchComments.pieceId,
        authorId: researchComments.authorId,
      });
    if (!hidden) return { ok: false, field: "form", message: "This comment is hidden already, or gone." };
    await recordAudit(tx, input.audit, "admin-comment-hidden", input.staffId, {
      commentId: hidden.id.toString(),
      pieceId: hidden.pieceId,
      authorId: hidden.authorId,
      reason: input.reason,
    });
    return { ok: true, commentId: hidden.id.toString() };
  });
}

/** The moderators' queue: reported comments not yet hidden, most-reported first, then oldest report. */
export async function listReportedComments(db: Db) {
  const rows = await db
    .select({
      id: researchComments.id,
      body: researchComments.body,
      createdAt: researchComments.createdAt,
      authorEmail: users.email,
      pieceSlug: researchPieces.slug,
      pieceTitle: researchPieces.title,
      reports: sql<number>`count(${researchCommentReports.id})::int`,
      reasons: sql<string[]>`array_agg(distinct ${researchCommentReports.reason})`,
      firstReportAt: sql<string>`min(${researchCommentReports.createdAt})`,
    })
    .from(researchCommentReports)
    .innerJoin(researchComments, eq(researchComments.id, researchCommentReports.commentId))
    .innerJoin(users, eq(users.id, researchComments.authorId))
    .innerJoin(researchPieces, eq(researchPieces.id, researchComments.pieceId))
    .where(isNull(researchComments.hiddenAt))
    .groupBy(researchComments.id, users.email, researchPieces.slug, researchPieces.title)
    .orderBy(sql`count(${researchCommentReports.id}) desc`, sql`min(${researchCommentReports.createdAt})`)
    .limit(100);
  return rows.map((r) => ({
    id: r.id.toString(),
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    authorEmail: r.authorEmail,
    pieceSlug: r.pieceSlug,
    pieceTitle: r.pieceTitle,
    reports: Number(r.reports),
    reasons: [...r.reasons].sort() as ReportReason[],
  }));
}

// The research studio (issue 18, ADR 0073): drafts, review and publishing. Each step is one
// conditional UPDATE on the piece's status, so a double click, a second reviewer or two servers'
// publishing jobs at once move it once. Publishing happens in one transaction with what it
// creates: version 1 of the text, and for a pick the track-record row priced from the feed at that
// moment (never typed) — a price that is missing or stale refuses the publishing, which changes
// nothing and can be tried again.
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import { researchPieces, researchVersions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { enqueueFollowerEmails } from "./follows.server.ts";
import { publishPick } from "./picks.server.ts";
import { openSetupForPiece, setupDetailsErrors } from "./setup-publishing.server.ts";
import {
  checkPublishAt,
  type DraftInput,
  draftSchema,
  mayReview,
  pickDetailsSchema,
  readySchema,
  type StudioKind,
  slugFor,
  studioMessages,
} from "./studio-rules.ts";

export type StudioFailure = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 503;
  message: string;
  fields?: Partial<Record<string, string>>;
};
export type StudioResult<T = { id: string }> = ({ ok: true } & T) | StudioFailure;

export interface Staff {
  id: string;
  role: string;
}

export const fail = (status: StudioFailure["status"], message: string, fields?: StudioFailure["fields"]) =>
  ({ ok: false, status, message, ...(fields ? { fields } : {}) }) as const;

export async function createDraft(db: Db, input: { author: Staff; kind: StudioKind; now?: Date }) {
  const id = randomUUID();
  const now = input.now ?? new Date();
  await db.insert(researchPieces).values({
    id,
    kind: input.kind,
    authorId: input.author.id,
    title: "",
    // Unique and unguessable until the title is known; it follows the title until publishing.
    slug: slugFor("untitled", randomBytes(4).toString("hex")),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function getPiece(db: Db, id: string) {
  const [piece] = await db.select().from(researchPieces).where(eq(researchPieces.id, id));
  return piece ?? null;
}

/** The kind's own fields, checked: a pick's asset, risk and horizon; a setup's levels. */
function detailsErrors(kind: string, details: unknown): Partial<Record<string, string>> | null {
  if (kind === "pick") {
    const parsed = pickDetailsSchema.safeParse(details);
    if (parsed.success) return null;
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = `pick.${String(issue.path[0] ?? "form")}`;
      errors[key] ??= issue.message;
    }
    return errors;
  }
  if (kind === "setup") return setupDetailsErrors(details);
  return null;
}

/** Saves a draft as it is (unfinished is fine, malformed is not). Only its author, only a draft. */
export async function saveDraft(
  db: Db,
  input: { pieceId: string; author: Staff; draft: DraftInput; details: unknown; now?: Date },
): Promise<StudioResult> {
  const parsed = draftSchema.safeParse(input.draft);
  if (!parsed.success) {
    const fields: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    return fail(400, "Check the highlighted fields.", fields);
  }
  const piece = await getPiece(db, input.pieceId);
  if (!piece) return fail(404, "No such piece.");
  if (piece.authorId !== input.author.id) return fail(403, studioMessages.notYours);
  const d = parsed.data;
  const now = input.now ?? new Date();
  const suffix = piece.slug.slice(piece.slug.lastIndexOf("-") + 1);
  const saved = await db
    .update(researchPieces)
    .set({
      title: d.title,
      summary: d.summary,
      bodyMd: d.body,
      premium: d.premium,
      holdings: d.holdings,
      assets: d.assets,
      topics: d.topics,
      details: (input.details ?? {}) as Record<string, unknown>,
      slug: slugFor(d.title || "untitled", suffix),
      updatedAt: now,
    })
    .where(and(eq(researchPieces.id, piece.id), eq(researchPieces.status, "draft")))
    .returning({ id: researchPieces.id });
  if (saved.length === 0) return fail(409, studioMessages.notDraft);
  return { ok: true, id: piece.id };
}

/** Draft → in review, when every field a reader sees is there (else the fields that are not). */
export async function submitForReview(
  db: Db,
  input: { pieceId: string; author: Staff; now?: Date },
): Promise<StudioResult> {
  const piece = await getPiece(db, input.pieceId);
  if (!piece) return fail(404, "No such piece.");
  if (piece.authorId !== input.author.id) return fail(403, studioMessages.notYours);
  if (piece.status !== "draft") return fail(409, studioMessages.notDraft);
  const ready = readySchema.safeParse({
    title: piece.title,
    summary: piece.summary,
    body: piece.bodyMd,
    premium: piece.premium,
    holdings: piece.holdings,
    assets: piece.assets,
    topics: piece.topics,
  });
  const fields: Partial<Record<string, string>> = {};
  if (!ready.success) for (const issue of ready.error.issues) fields[String(issue.path[0])] ??= issue.message;
  Object.assign(fields, detailsErrors(piece.kind, piece.details) ?? {});
  if (Object.keys(fields).length > 0) return fail(400, "Finish these before sending it for review.", fields);
  const now = input.now ?? new Date();
  const moved = await db
    .update(researchPieces)
    .set({ status: "in_review", submittedAt: now, reviewNote: null, updatedAt: now })
    .where(and(eq(researchPieces.id, piece.id), eq(researchPieces.status, "draft")))
    .returning({ id: researchPieces.id });
  if (moved.length === 0) return fail(409, studioMessages.notDraft);
  return { ok: true, id: piece.id };
}

/** In review → draft, with the reviewer's note for the author. */
export async function sendBack(
  db: Db,
  input: { pieceId: string; reviewer: Staff; note: string; now?: Date },
): Promise<StudioResult> {
  const note = input.note.trim();
  if (!note) return fail(400, studioMessages.reviewNoteRequired, { note: studioMessages.reviewNoteRequired });
  const piece = await getPiece(db, input.pieceId);
  if (!piece) return fail(404, "No such piece.");
  if (!mayReview(input.reviewer, piece.authorId)) return fail(403, studioMessages.ownPiece);
  const now = input.now ?? new Date();
  const moved = await db
    .update(researchPieces)
    .set({
      status: "draft",
      reviewNote: note.slice(0, 2000),
      reviewerId: input.reviewer.id,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(and(eq(researchPieces.id, piece.id), eq(researchPieces.status, "in_review")))
    .returning({ id: researchPieces.id });
  if (moved.length === 0) return fail(409, studioMessages.notInReview);
  return { ok: true, id: piece.id };
}

/**
 * In review → published now, or → scheduled for `publishAt`. Another analyst or an admin only.
 * Publishing now that cannot price a pick or setup changes nothing (503: try again in a minute).
 */
export async function approve(
  db: Db,
  input: { pieceId: string; reviewer: Staff; publishAt?: Date; now?: Date; staleSeconds: number },
): Promise<StudioResult<{ id: string; status: "published" | "scheduled" }>> {
  const now = input.now ?? new Date();
  const piece = await getPiece(db, input.pieceId);
  if (!piece) return fail(404, "No such piece.");
  if (!mayReview(input.reviewer, piece.authorId)) return fail(403, studioMessages.ownPiece);
  if (piece.status !== "in_review") return fail(409, studioMessages.notInReview);
  if (input.publishAt) {
    const problem = checkPublishAt(input.publishAt, now);
    if (problem) return fail(400, problem, { publishAt: problem });
    const moved = await db
      .update(researchPieces)
      .set({
        status: "scheduled",
        publishAt: input.publishAt,
        reviewerId: input.reviewer.id,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(researchPieces.id, piece.id), eq(researchPieces.status, "in_review")))
      .returning({ id: researchPieces.id });
    if (moved.length === 0) return fail(409, studioMessages.notInReview);
    return { ok: true, id: piece.id, status: "scheduled" };
  }
  const published = await publish(db, {
    pieceId: piece.id,
    from: "in_review",
    reviewerId: input.reviewer.id,
    now,
    staleSeconds: input.staleSeconds,
  });
  if (!published.ok) return published;
  return { ok: true, id: piece.id, status: "published" };
}

class PublishRefused extends Error {
  readonly failure: StudioFailure;
  constructor(failure: StudioFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** One piece published in one transaction: status, version 1, its pick or setup, followers' e-mails. */
async function publish(
  db: Db,
  input: {
    pieceId: string;
    from: "in_review" | "scheduled";
    reviewerId?: string;
    now: Date;
    staleSeconds: number;
  },
): Promise<StudioResult> {
  const { now } = input;
  try {
    return await db.transaction(async (tx) => {
      const [piece] = await tx
        .update(researchPieces)
        .set({
          status: "published",
          publishedAt: now,
          version: 1,
          publishAt: null,
          updatedAt: now,
          ...(input.reviewerId ? { reviewerId: input.reviewerId, reviewedAt: now } : {}),
        })
        .where(and(eq(researchPieces.id, input.pieceId), eq(researchPieces.status, input.from)))
        .returning();
      if (!piece) throw new PublishRefused(fail(409, studioMessages.notInReview));
      if (piece.kind === "pick") {
        const details = pickDetailsSchema.parse(piece.details);
        const pick = await publishPick(tx, {
          analystId: piece.authorId,
          asset: details.asset,
          title: piece.title,
          thesis: piece.summary,
          risk: details.risk,
          horizon: details.horizon,
          now,
          staleSeconds: input.staleSeconds,
        });
        if (!pick.ok) throw new PublishRefused(fail(503, pick.message));
        await tx.update(researchPieces).set({ pickId: pick.id }).where(eq(researchPieces.id, piece.id));
      }
      if (piece.kind === "setup") {
        const setup = await openSetupForPiece(tx, { piece, now, staleSeconds: input.staleSeconds });
        if (!setup.ok) throw new PublishRefused(fail(setup.status, setup.message));
      }
      await tx.insert(researchVersions).values({
        pieceId: piece.id,
        version: 1,
        title: piece.title,
        summary: piece.summary,
        bodyMd: piece.bodyMd,
        holdings: piece.holdings,
        changeNote: null,
        editorId: piece.authorId,
        createdAt: now,
      });
      await enqueueFollowerEmails(tx, piece);
      return { ok: true as const, id: piece.id };
    });
  } catch (error) {
    if (error instanceof PublishRefused) return error.failure;
    throw error;
  }
}

/**
 * The publishing job: scheduled pieces whose time has come, on every server. Each is claimed by
 * its conditional update inside its own transaction, so two servers publish it once; one that
 * cannot be priced stays scheduled and is tried on the next pass.
 */
export async function publishDue(db: Db, input: { now?: Date; staleSeconds: number; limit?: number }) {
  const now = input.now ?? new Date();
  const due = await db
    .select({ id: researchPieces.id })
    .from(researchPieces)
    .where(and(eq(researchPieces.status, "scheduled"), lte(researchPieces.publishAt, now)))
    .orderBy(researchPieces.publishAt)
    .limit(input.limit ?? 20);
  const published: string[] = [];
  for (const { id } of due) {
    const result = await publish(db, {
      pieceId: id,
      from: "scheduled",
      now,
      staleSeconds: input.staleSeconds,
    });
    if (result.ok) published.push(id);
    else if (result.status !== 409)
      log.warn("scheduled research not published yet", { id, reason: result.message });
  }
  return published;
}

// Corrections to published research (issue 18, ADR 0073): each is a new version with what
// changed, shown to readers as "Updated on …"; the text before it stays in research_versions.
import { and, eq, sql } from "drizzle-orm";
import { researchPieces, researchVersions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { fail, getPiece, type Staff, type StudioResult } from "./studio.server.ts";
import { readySchema, studioMessages } from "./studio-rules.ts";

/**
 * A correction to a published piece: a new version with what changed, shown to readers as
 * "Updated on …". The author or an admin; the pick's or setup's prices and levels never change.
 */
export async function correct(
  db: Db,
  input: {
    pieceId: string;
    editor: Staff;
    title: string;
    summary: string;
    body: string;
    holdings: string;
    changeNote: string;
    now?: Date;
  },
): Promise<StudioResult<{ id: string; version: number }>> {
  const fields: Partial<Record<string, string>> = {};
  const ready = readySchema.pick({ title: true, summary: true, body: true, holdings: true }).safeParse(input);
  if (!ready.success) for (const issue of ready.error.issues) fields[String(issue.path[0])] ??= issue.message;
  const changeNote = input.changeNote.trim();
  if (!changeNote) fields.changeNote = studioMessages.changeNoteRequired;
  if (Object.keys(fields).length > 0) return fail(400, "Check the highlighted fields.", fields);
  const piece = await getPiece(db, input.pieceId);
  if (!piece) return fail(404, "No such piece.");
  if (piece.authorId !== input.editor.id && input.editor.role !== "admin")
    return fail(403, studioMessages.notYours);
  if (piece.status !== "published") return fail(409, studioMessages.notPublished);
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // The version read is the one written over: a second correction at the same moment waits for
    // this one and then finds the version moved on (the unique (piece, version) backs it up).
    const [moved] = await tx
      .update(researchPieces)
      .set({
        title: input.title.trim(),
        summary: input.summary.trim(),
        bodyMd: input.body,
        holdings: input.holdings.trim(),
        version: sql`${researchPieces.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(researchPieces.id, piece.id), eq(researchPieces.version, piece.version)))
      .returning({ version: researchPieces.version });
    if (!moved)
      return fail(409, "Someone else corrected this piece a moment ago. Reload to see their version.");
    await tx.insert(researchVersions).values({
      pieceId: piece.id,
      version: moved.version,
      title: input.title.trim(),
      summary: input.summary.trim(),
      bodyMd: input.body,
      holdings: input.holdings.trim(),
      changeNote: changeNote.slice(0, 500),
      editorId: input.editor.id,
      createdAt: now,
    });
    return { ok: true as const, id: piece.id, version: moved.version };
  });
}

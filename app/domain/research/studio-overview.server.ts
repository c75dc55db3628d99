// What the studio's pages list (issue 18, ADR 0073).
import { and, desc, eq, inArray, ne, or } from "drizzle-orm";
import { researchPieces, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Staff } from "./studio.server.ts";

/** The studio's home: the viewer's own pieces, and the pieces other authors sent for review. */
export async function studioOverview(db: Db, viewer: Staff) {
  const columns = {
    id: researchPieces.id,
    kind: researchPieces.kind,
    status: researchPieces.status,
    title: researchPieces.title,
    slug: researchPieces.slug,
    premium: researchPieces.premium,
    updatedAt: researchPieces.updatedAt,
    publishAt: researchPieces.publishAt,
    publishedAt: researchPieces.publishedAt,
    reviewNote: researchPieces.reviewNote,
    authorName: users.name,
  };
  const mine = await db
    .select(columns)
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(eq(researchPieces.authorId, viewer.id))
    .orderBy(desc(researchPieces.updatedAt))
    .limit(100);
  const queue = await db
    .select(columns)
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(
      and(
        ne(researchPieces.authorId, viewer.id),
        or(eq(researchPieces.status, "in_review"), eq(researchPieces.status, "scheduled")),
      ),
    )
    .orderBy(researchPieces.submittedAt)
    .limit(100);
  return { mine, queue };
}

/** The author's and reviewer's names for a piece's pages. */
export async function peopleNames(db: Db, ids: string[]) {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return {} as Record<string, string>;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

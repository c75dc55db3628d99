// Sample research (issue 18), so a newcomer sees the research desk working out of the box: reports
// (free and premium), market updates and the desk's stances with a timeline, all by the sample
// analyst, published on past dates, marked sample (the pages label them Sample). Each piece is
// published as an analyst's would be — version 1 with its research_versions row — and one report
// carries a correction (version 2, with what changed), so "Updated on …" shows.
// Idempotent: fixed ids inserted once; stances only when the sample has none yet.
import { and, eq } from "drizzle-orm";
import { marketStances, researchPieces, researchVersions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { ensureSampleAnalyst, SAMPLE_ANALYST_ID } from "./sample-picks.server.ts";
import { type SamplePiece, sampleReports, sampleStances, sampleUpdates } from "./sample-research-content.ts";

const DAY = 86_400_000;

async function seedPiece(db: Db, piece: SamplePiece, now: Date): Promise<number> {
  const publishedAt = new Date(now.getTime() - piece.publishedDaysAgo * DAY);
  const correction = piece.correction;
  const correctedAt = correction ? new Date(publishedAt.getTime() + correction.daysAfter * DAY) : null;
  const inserted = await db
    .insert(researchPieces)
    .values({
      id: piece.id,
      slug: piece.slug,
      kind: piece.kind,
      authorId: SAMPLE_ANALYST_ID,
      status: "published",
      title: piece.title,
      summary: piece.summary,
      bodyMd: piece.bodyMd,
      premium: piece.premium,
      holdings: piece.holdings,
      assets: [...piece.assets],
      topics: [...piece.topics],
      submittedAt: publishedAt,
      reviewedAt: publishedAt,
      publishedAt,
      version: correction ? 2 : 1,
      sample: true,
      createdAt: publishedAt,
      updatedAt: correctedAt ?? publishedAt,
    })
    .onConflictDoNothing()
    .returning({ id: researchPieces.id });
  const versions = [
    {
      pieceId: piece.id,
      version: 1,
      title: piece.title,
      summary: piece.summary,
      bodyMd: correction?.originalBodyMd ?? piece.bodyMd,
      holdings: piece.holdings,
      changeNote: null,
      editorId: SAMPLE_ANALYST_ID,
      createdAt: publishedAt,
    },
    ...(correction && correctedAt
      ? [
          {
            pieceId: piece.id,
            version: 2,
            title: piece.title,
            summary: piece.summary,
            bodyMd: piece.bodyMd,
            holdings: piece.holdings,
            changeNote: correction.note,
            editorId: SAMPLE_ANALYST_ID,
            createdAt: correctedAt,
          },
        ]
      : []),
  ];
  // Versions are history (never updated): a second run finds them and leaves them be.
  await db.insert(researchVersions).values(versions).onConflictDoNothing();
  return inserted.length;
}

/** Seeds the sample reports, updates and stances once; returns how many rows it added. */
export async function seedSampleResearch(db: Db, now = new Date()): Promise<number> {
  await ensureSampleAnalyst(db);
  let added = 0;
  for (const piece of [...sampleReports, ...sampleUpdates]) added += await seedPiece(db, piece, now);
  const [existing] = await db
    .select({ id: marketStances.id })
    .from(marketStances)
    .where(and(eq(marketStances.sample, true), eq(marketStances.authorId, SAMPLE_ANALYST_ID)))
    .limit(1);
  if (!existing) {
    const rows = await db
      .insert(marketStances)
      .values(
        sampleStances.map((s) => ({
          horizon: s.horizon,
          stance: s.stance,
          rationale: s.rationale,
          authorId: SAMPLE_ANALYST_ID,
          setAt: new Date(now.getTime() - s.daysAgo * DAY),
          sample: true,
        })),
      )
      .returning({ id: marketStances.id });
    added += rows.length;
  }
  return added;
}

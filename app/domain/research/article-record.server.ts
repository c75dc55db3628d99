// What an article about a pick or a setup links to (issue 18): the pick's record on the track
// record (entry price from the feed at publishing, exit when closed) or the setup's status on the
// board. Both are public to members on /picks and /setups already, so a locked (premium) article
// shows them too; a premium setup's levels stay on the board's own rules.
import { eq } from "drizzle-orm";
import { researchPicks, researchPieces, tradingSetups } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { followsOf } from "./follows.server.ts";
import type { ArticleRecord } from "./reading.ts";
import { type SetupStatus, setupStatusLabel } from "./setup-rules.ts";

export type { ArticleRecord } from "./reading.ts";

export async function articleRecord(db: Db, slug: string): Promise<ArticleRecord> {
  const [row] = await db
    .select({
      pickAsset: researchPicks.asset,
      entryPrice: researchPicks.entryPrice,
      closedAt: researchPicks.closedAt,
      exitPrice: researchPicks.exitPrice,
      setupAsset: tradingSetups.asset,
      side: tradingSetups.side,
      status: tradingSetups.status,
    })
    .from(researchPieces)
    .leftJoin(researchPicks, eq(researchPicks.id, researchPieces.pickId))
    .leftJoin(tradingSetups, eq(tradingSetups.pieceId, researchPieces.id))
    .where(eq(researchPieces.slug, slug));
  return {
    pick:
      row?.pickAsset && row.entryPrice
        ? {
            asset: row.pickAsset,
            entryPrice: row.entryPrice,
            closed: row.closedAt !== null,
            exitPrice: row.exitPrice,
          }
        : null,
    setup:
      row?.setupAsset && row.side && row.status
        ? {
            asset: row.setupAsset,
            side: row.side,
            status: row.status,
            statusLabel: setupStatusLabel(row.status as SetupStatus),
          }
        : null,
  };
}

/** Which of these the member follows, as "asset:SOL" / "analyst:<id>". */
export async function followedKeys(db: Db, userId: string): Promise<string[]> {
  return (await followsOf(db, userId)).map((f) => `${f.kind}:${f.target}`);
}

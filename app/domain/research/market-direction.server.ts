// The desk's market direction (issue 18): each row of market_stances is a stance taken (history,
// never changed — a database rule); the latest per horizon is the current one, and all of them,
// newest first, are the timeline.
import { desc, eq } from "drizzle-orm";
import { marketStances, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Author } from "./reading.ts";

export type Horizon = "short" | "medium" | "long";
export type Stance = "bullish" | "neutral" | "bearish";

export interface StanceEntry {
  id: string;
  horizon: Horizon;
  stance: Stance;
  rationale: string;
  /** ISO. */
  setAt: string;
  author: Author;
  sample: boolean;
}

export interface MarketDirection {
  /** One per horizon, short → long; null where the desk has taken none yet. */
  current: { horizon: Horizon; entry: StanceEntry | null }[];
  /** Every stance, newest first (at most `limit`). */
  timeline: StanceEntry[];
  sample: boolean;
}

const HORIZONS: readonly Horizon[] = Object.freeze(["short", "medium", "long"]);

const columns = {
  id: marketStances.id,
  horizon: marketStances.horizon,
  stance: marketStances.stance,
  rationale: marketStances.rationale,
  setAt: marketStances.setAt,
  sample: marketStances.sample,
  authorId: users.id,
  authorName: users.name,
};

function toEntry(r: {
  id: bigint;
  horizon: Horizon;
  stance: Stance;
  rationale: string;
  setAt: Date;
  sample: boolean;
  authorId: string;
  authorName: string;
}): StanceEntry {
  return {
    id: r.id.toString(),
    horizon: r.horizon,
    stance: r.stance,
    rationale: r.rationale,
    setAt: r.setAt.toISOString(),
    author: { id: r.authorId, name: r.authorName },
    sample: r.sample,
  };
}

export async function getMarketDirection(db: Db, options: { limit?: number } = {}): Promise<MarketDirection> {
  // Two stances at the same instant: the later row is the later decision.
  const [latest, rows] = await Promise.all([
    db
      .selectDistinctOn([marketStances.horizon], columns)
      .from(marketStances)
      .innerJoin(users, eq(users.id, marketStances.authorId))
      .orderBy(marketStances.horizon, desc(marketStances.setAt), desc(marketStances.id)),
    db
      .select(columns)
      .from(marketStances)
      .innerJoin(users, eq(users.id, marketStances.authorId))
      .orderBy(desc(marketStances.setAt), desc(marketStances.id))
      .limit(options.limit ?? 100),
  ]);
  const timeline = rows.map(toEntry);
  return {
    current: HORIZONS.map((horizon) => {
      const row = latest.find((r) => r.horizon === horizon);
      return { horizon, entry: row ? toEntry(row) : null };
    }),
    timeline,
    sample: timeline.some((e) => e.sample),
  };
}

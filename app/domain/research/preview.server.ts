// The public previews (app/domain/content/previews.ts): a real free piece from the database for
// visitors — the newest free one of the feature's kind, whole, as the Atom feed gives it to anyone —
// or, for market direction, the desk's current stance; and the Premium plan as the operator sells
// it. Nothing premium is read here.
import { desc, eq } from "drizzle-orm";
import { researchPicks, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { FeaturePreview } from "../content/previews.ts";
import { getOfferedPlan } from "../membership/plans.server.ts";
import { getMarketDirection, type MarketDirection } from "./market-direction.server.ts";
import { getArticle, latestFreePiece } from "./reading.server.ts";
import type { Article } from "./reading.ts";

export interface PickPreview {
  id: string;
  asset: string;
  title: string;
  thesis: string;
  risk: string;
  horizon: string;
  analyst: string;
  publishedAt: string;
  closed: boolean;
  sample: boolean;
}

export interface PreviewView {
  article: Article | null;
  /** Market direction's preview: the current stance per horizon (no timeline). */
  direction: Pick<MarketDirection, "current" | "sample"> | null;
  /** Picks' preview without a free pick piece: the newest picks on the record, words only. */
  picks: PickPreview[];
  plan: { name: string; features: string[]; monthlyPriceMinor: string } | null;
}

export async function previewView(db: Db, preview: FeaturePreview): Promise<PreviewView> {
  const sample = preview.sample;
  const piece = sample ? await latestFreePiece(db, sample.kinds, { topic: sample.topic }) : null;
  // A free piece is never locked: getArticle returns all of it.
  const article = piece ? await getArticle(db, piece.slug, { canReadPremium: false }) : null;
  const direction = preview.id === "market-direction" ? await getMarketDirection(db, { limit: 1 }) : null;
  const picks =
    preview.id === "picks" && !article
      ? await db
          .select({ pick: researchPicks, analyst: users.name })
          .from(researchPicks)
          .innerJoin(users, eq(users.id, researchPicks.analystId))
          .orderBy(desc(researchPicks.publishedAt))
          .limit(3)
      : [];
  const plan = await getOfferedPlan(db);
  return {
    article: article && !article.locked ? { ...article, related: [] } : null,
    direction: direction ? { current: direction.current, sample: direction.sample } : null,
    picks: picks.map(({ pick, analyst }) => ({
      id: pick.id,
      asset: pick.asset,
      title: pick.title,
      thesis: pick.thesis,
      risk: pick.risk,
      horizon: pick.horizon,
      analyst,
      publishedAt: pick.publishedAt.toISOString(),
      closed: pick.closedAt !== null,
      sample: pick.sample,
    })),
    plan: plan
      ? {
          name: plan.name,
          features: [...plan.features],
          monthlyPriceMinor: plan.monthlyPriceMinor.toString(),
        }
      : null,
  };
}

// The /picks page's data (issue 18): every pick ever published — open ones at the feed's price now,
// closed ones at their exit — each against holding Bitcoin over the same window, and the summary.
// An open pick whose current price is missing or stale is listed without a return and left out of
// the summary (said on the page), never priced by guess.
import { and, desc, eq, gte, type SQL } from "drizzle-orm";
import { researchPicks, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import {
  type PickPeriod,
  type PickReturn,
  pickReturn,
  type TrackRecord,
  trackRecord,
} from "./track-record.ts";

const PERIOD_DAYS: Readonly<Record<Exclude<PickPeriod, "all">, number>> = Object.freeze({
  "30d": 30,
  "90d": 90,
  "1y": 365,
});

export interface PickRow {
  id: string;
  asset: string;
  title: string;
  analyst: string;
  risk: string;
  horizon: string;
  publishedAt: string;
  closedAt: string | null;
  entryPrice: string;
  /** The exit price, or the feed's price now while open (null when missing or stale). */
  lastPrice: string | null;
  returns: PickReturn | null;
  sample: boolean;
}

export interface PicksView {
  picks: PickRow[];
  summary: TrackRecord;
  /** Open picks left out of the summary because today's price is missing or stale. */
  unpriced: number;
  analysts: { id: string; name: string }[];
  sample: boolean;
}

export async function picksView(
  db: Db,
  o: { now: Date; staleSeconds: number; period: PickPeriod; analystId?: string },
): Promise<PicksView> {
  const where: SQL[] = [];
  if (o.period !== "all") {
    where.push(
      gte(researchPicks.publishedAt, new Date(o.now.getTime() - PERIOD_DAYS[o.period] * 86_400_000)),
    );
  }
  if (o.analystId) where.push(eq(researchPicks.analystId, o.analystId));
  const rows = await db
    .select({ pick: researchPicks, analyst: users.name })
    .from(researchPicks)
    .innerJoin(users, eq(users.id, researchPicks.analystId))
    .where(and(...where))
    .orderBy(desc(researchPicks.publishedAt));
  // Sample picks show the page working until the desk publishes; once a real pick exists they are
  // neither listed nor counted, so they never flatter (or spoil) the real record.
  const real = await db
    .select({ id: researchPicks.id })
    .from(researchPicks)
    .where(eq(researchPicks.sample, false))
    .limit(1);
  const hideSamples = real.length > 0;
  const analysts = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(researchPicks)
    .innerJoin(users, eq(users.id, researchPicks.analystId))
    .where(hideSamples ? eq(researchPicks.sample, false) : undefined)
    .orderBy(users.name);

  // One feed read per asset (and Bitcoin), fresh or not at all.
  const shown = hideSamples ? rows.filter((r) => !r.pick.sample) : rows;
  const assets = [...new Set(["BTC", ...shown.map((r) => r.pick.asset)])];
  const prices = new Map<string, string | null>();
  for (const asset of assets) {
    const quote = await getUsdPrice(db, asset, { now: o.now, staleSeconds: o.staleSeconds });
    prices.set(asset, quote && !quote.stale ? quote.priceUsd : null);
  }
  const btcNow = prices.get("BTC") ?? null;

  const picks: PickRow[] = shown.map(({ pick, analyst }) => {
    const open = pick.closedAt === null;
    const last = open ? (prices.get(pick.asset) ?? null) : pick.exitPrice;
    const btcLast = open ? btcNow : pick.btcExitPrice;
    return {
      id: pick.id,
      asset: pick.asset,
      title: pick.title,
      analyst,
      risk: pick.risk,
      horizon: pick.horizon,
      publishedAt: pick.publishedAt.toISOString(),
      closedAt: pick.closedAt?.toISOString() ?? null,
      entryPrice: pick.entryPrice,
      lastPrice: last,
      returns:
        last && btcLast
          ? pickReturn({
              entryPrice: pick.entryPrice,
              exitPrice: last,
              btcEntryPrice: pick.btcEntryPrice,
              btcExitPrice: btcLast,
            })
          : null,
      sample: pick.sample,
    };
  });
  const priced = picks.flatMap((p) => (p.returns ? [p.returns] : []));
  return {
    picks,
    summary: trackRecord(priced),
    unpriced: picks.length - priced.length,
    analysts,
    sample: picks.some((p) => p.sample),
  };
}

// Sample picks (issue 18), so a newcomer sees the track record working: a sample analyst and a few
// picks, open and closed, entered and exited at prices from the sample market history (the
// seven-day hourly series the sample provider serves), labelled Sample everywhere they show.
// Idempotent: fixed ids, inserted once.
import { researchPicks, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { toDecimalString } from "../market-data/decimal.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";

export const SAMPLE_ANALYST_ID = "sample-analyst";

const HOUR = 3_600_000;

/** Hours ago → the sample series' price then (its last point is now). */
function priceHoursAgo(series: readonly number[], hoursAgo: number): string {
  const point = series[series.length - 1 - hoursAgo];
  const text = point === undefined ? null : toDecimalString(point);
  if (!text) throw new Error(`no sample price ${hoursAgo} h ago`);
  return text;
}

const samples = [
  {
    id: "sample-pick-eth",
    asset: "ETH",
    title: "Ether ahead of the staking inflows",
    thesis: "Staking demand and fee burn tighten supply while spot ETF inflows continue.",
    risk: "medium",
    horizon: "medium",
    openedHoursAgo: 160,
    closedHoursAgo: 40,
  },
  {
    id: "sample-pick-sol",
    asset: "SOL",
    title: "Solana's throughput story",
    thesis: "Rising on-chain activity and low fees keep developers and users arriving.",
    risk: "high",
    horizon: "short",
    openedHoursAgo: 120,
    closedHoursAgo: null,
  },
  {
    id: "sample-pick-bnb",
    asset: "BNB",
    title: "BNB as the exchange cycle turns",
    thesis: "Exchange volumes recover with the market; the quarterly burn reduces supply.",
    risk: "medium",
    horizon: "long",
    openedHoursAgo: 72,
    closedHoursAgo: null,
  },
  {
    id: "sample-pick-trx",
    asset: "TRX",
    title: "TRON's stablecoin traffic",
    thesis: "Most USDT transfers settle on TRON; fees follow that traffic.",
    risk: "low",
    horizon: "short",
    openedHoursAgo: 140,
    closedHoursAgo: 20,
  },
] as const;

/** The sample analyst who signs every piece of sample research (picks, reports, stances). */
export async function ensureSampleAnalyst(db: Db): Promise<void> {
  await db
    .insert(users)
    .values({
      id: SAMPLE_ANALYST_ID,
      name: "Maya Chen (sample analyst)",
      firstName: "Maya",
      lastName: "Chen",
      email: "sample-analyst@coinlens.invalid",
      emailVerified: true,
      role: "analyst",
    })
    .onConflictDoNothing();
}

export async function seedSamplePicks(db: Db, now = new Date()): Promise<number> {
  const series = new Map(sampleMarkets(now).map((q) => [q.symbol, q.sparkline7d]));
  const btc = series.get("BTC") ?? [];
  await ensureSampleAnalyst(db);
  const rows = await db
    .insert(researchPicks)
    .values(
      samples.map((s) => {
        const own = series.get(s.asset) ?? [];
        const closed = s.closedHoursAgo === null ? null : s.closedHoursAgo;
        return {
          id: s.id,
          asset: s.asset,
          analystId: SAMPLE_ANALYST_ID,
          title: s.title,
          thesis: s.thesis,
          risk: s.risk,
          horizon: s.horizon,
          entryPrice: priceHoursAgo(own, s.openedHoursAgo),
          btcEntryPrice: priceHoursAgo(btc, s.openedHoursAgo),
          publishedAt: new Date(now.getTime() - s.openedHoursAgo * HOUR),
          closedAt: closed === null ? null : new Date(now.getTime() - closed * HOUR),
          exitPrice: closed === null ? null : priceHoursAgo(own, closed),
          btcExitPrice: closed === null ? null : priceHoursAgo(btc, closed),
          sample: true,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: researchPicks.id });
  return rows.length;
}

// /portfolio/insights: figures about the member's own portfolio, computed and explained, never
// advice (ADR 0078). Concentration from what they hold now at today's quotes; volatility and
// maximum drawdown from their daily snapshots; each coin's volatility and the correlations between
// coins from the daily closes we keep; and the trades a target allocation would take, at the swap's
// real spread and fee. Every figure says how many days it rests on.
import { and, asc, eq, gte } from "drizzle-orm";
import { portfolioSnapshots } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getDailyBars } from "../market-data/cache.server.ts";
import { ASSET_INFO, type Asset } from "../money/assets.ts";
import { getSwapSpreadBps } from "../swap/swap.server.ts";
import { currentPrices, currentRate } from "./gains.server.ts";
import type { InsightsView, RebalanceView } from "./page-views.ts";
import { planRebalance } from "./rebalance.ts";
import { currentHoldings, type HoldingBySource } from "./sources.server.ts";
import {
  alignedReturns,
  annualisedVolatility,
  concentration,
  correlation,
  dailyReturns,
  datedReturns,
  MIN_HISTORY_DAYS,
  maximumDrawdown,
} from "./statistics.ts";
import { listTargets } from "./targets.server.ts";
import { type DisplayCurrency, valueInUsdCents } from "./valuation.ts";

const VOLATILITY_DAYS = 365;
const CORRELATION_DAYS = 90;

function isoDaysAgo(now: Date, days: number) {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The member's daily snapshots since `since` (their own rows only), oldest first. */
export async function listSnapshots(db: Db, userId: string, since: string) {
  const rows = await db
    .select({
      day: portfolioSnapshots.day,
      valueUsdCents: portfolioSnapshots.valueUsdCents,
      flowUsdCents: portfolioSnapshots.flowUsdCents,
    })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.userId, userId), gte(portfolioSnapshots.day, since)))
    .orderBy(asc(portfolioSnapshots.day));
  return rows;
}

export async function insightsPage(
  db: Db,
  userId: string,
  options: { staleSeconds: number; feeBps: number; currency?: DisplayCurrency; now?: Date },
): Promise<InsightsView> {
  const now = options.now ?? new Date();
  const [holdings, current, snapshots, targets, spreadBps, rate] = await Promise.all([
    currentHoldings(db, userId),
    currentPrices(db, { staleSeconds: options.staleSeconds, now }),
    listSnapshots(db, userId, isoDaysAgo(now, VOLATILITY_DAYS)),
    listTargets(db, userId),
    getSwapSpreadBps(db),
    currentRate(db, options.currency ?? "USD", { staleSeconds: options.staleSeconds, now }),
  ]);
  const prices: Partial<Record<Asset, string>> = { ...current.prices, USD: "1" };

  const unpriced: Asset[] = [];
  const valued: { asset: Asset; value: bigint; coinlensMinor: bigint }[] = [];
  for (const h of holdings) {
    const price = prices[h.asset];
    if (!price) unpriced.push(h.asset);
    else
      valued.push({
        asset: h.asset,
        value: valueInUsdCents(h.totalMinor, h.asset, price),
        coinlensMinor: h.coinlensMinor,
      });
  }
  const total = valued.reduce((s, v) => s + v.value, 0n);
  valued.sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
  const conc = concentration(valued.map((v) => ({ key: v.asset, value: Number(v.value) })));

  // The portfolio's own history: returns net of money paid in or out that day.
  const portfolioReturns = datedReturns(
    snapshots.map((s) => ({ day: s.day, value: Number(s.valueUsdCents), flow: Number(s.flowUsdCents) })),
  );
  const enoughSnapshots = snapshots.length >= MIN_HISTORY_DAYS;

  // Each coin held: its closes over the last year.
  const coins = valued.filter((v) => v.asset !== "USD").map((v) => v.asset);
  const closes = new Map<Asset, Map<string, number>>();
  await Promise.all(
    coins.map(async (asset) => {
      const bars = await getDailyBars(db, "coin", asset, { since: isoDaysAgo(now, VOLATILITY_DAYS) });
      closes.set(asset, new Map(bars.map((b) => [b.day, Number(b.close)])));
    }),
  );
  const coinViews = coins.map((asset) => {
    const series = [...(closes.get(asset)?.values() ?? [])];
    return {
      asset,
      days: series.length,
      volatility: series.length >= MIN_HISTORY_DAYS ? annualisedVolatility(dailyReturns(series)) : null,
    };
  });
  const recent = new Map<string, Map<string, number>>();
  const correlationSince = isoDaysAgo(now, CORRELATION_DAYS);
  for (const asset of coins)
    recent.set(asset, new Map([...(closes.get(asset) ?? [])].filter(([day]) => day >= correlationSince)));
  let correlationView: InsightsView["correlation"] = null;
  if (coins.length >= 2) {
    const aligned = alignedReturns(recent);
    const enough = aligned.days.length >= MIN_HISTORY_DAYS;
    correlationView = {
      assets: coins,
      days: aligned.days.length,
      matrix: coins.map((a) =>
        coins.map((b) => {
          if (!enough) return null;
          if (a === b) return 1;
          return correlation(aligned.returns.get(a) ?? [], aligned.returns.get(b) ?? []);
        }),
      ),
    };
  }

  return {
    // Without a rate for the chosen currency the page stays in dollars.
    currency: rate ? (options.currency ?? "USD") : "USD",
    perUsd: rate ?? "1",
    minDays: MIN_HISTORY_DAYS,
    totalUsdCents: total.toString(),
    holdings: valued.map((v) => ({
      asset: v.asset,
      name: v.asset === "USD" ? "Cash (USD)" : (current.names[v.asset] ?? ASSET_INFO[v.asset].name),
      valueUsdCents: v.value.toString(),
      share: total > 0n ? Number(v.value) / Number(total) : 0,
      coinlensMinor: v.coinlensMinor.toString(),
    })),
    unpriced,
    concentration:
      conc?.largest && total > 0n
        ? {
            largest: conc.largest.key as Asset,
            share: conc.largest.share,
            herfindahl: conc.herfindahl,
            effectiveHoldings: conc.effectiveHoldings,
          }
        : null,
    portfolio: {
      days: snapshots.length,
      volatility: enoughSnapshots ? annualisedVolatility(portfolioReturns.map((r) => r.r)) : null,
      drawdown: enoughSnapshots ? maximumDrawdown(portfolioReturns) : null,
    },
    coins: coinViews,
    correlation: correlationView,
    targets,
    rebalance: rebalanceOf(holdings, prices, targets, { spreadBps, feeBps: options.feeBps }),
    freshness: current.freshness,
  };
}

/**
 * The trades that would bring the whole portfolio to the member's targets, and their cost at the
 * swap's spread and fee. Null without targets. Coins held outside Coinlens count in the whole but
 * cannot be sold here: each sale says how much of it is outside.
 */
export function rebalanceOf(
  holdings: readonly HoldingBySource[],
  prices: Partial<Record<Asset, string>>,
  targets: Partial<Record<Asset, number>>,
  costs: { spreadBps: number; feeBps: number },
): RebalanceView | null {
  if (Object.keys(targets).length === 0) return null;
  const base = { ...costs, totalUsdCents: "0", totalCostUsdCents: "0", trades: [] };
  const needed = new Set<Asset>([...holdings.map((h) => h.asset), ...(Object.keys(targets) as Asset[])]);
  const missing = [...needed].filter((a) => !prices[a]);
  if (missing.length > 0)
    return {
      ...base,
      problem: `We have no current price for ${missing.join(", ")}, so the trades cannot be worked out now.`,
    };
  const plan = planRebalance({
    holdings: holdings.map((h) => ({ asset: h.asset, quantityMinor: h.totalMinor })),
    pricesUsd: prices,
    targetBps: targets,
    spreadBps: costs.spreadBps,
    feeBps: costs.feeBps,
  });
  const onCoinlens = new Map(holdings.map((h) => [h.asset, h.coinlensMinor]));
  return {
    ...costs,
    totalUsdCents: plan.totalUsdCents.toString(),
    totalCostUsdCents: plan.totalCostUsdCents.toString(),
    trades: plan.trades.map((t) => {
      const here = onCoinlens.get(t.asset) ?? 0n;
      const outside = t.side === "sell" && t.quantityMinor > here ? t.quantityMinor - here : 0n;
      return {
        side: t.side,
        asset: t.asset,
        valueUsdCents: t.valueUsdCents.toString(),
        quantityMinor: t.quantityMinor.toString(),
        costUsdCents: t.costUsdCents.toString(),
        outsideMinor: outside.toString(),
      };
    }),
    problem: null,
  };
}

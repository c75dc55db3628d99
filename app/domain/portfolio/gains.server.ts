// /portfolio/gains: FIFO gains and staking income over every movement of the member (ADR 0078),
// valued at each day's close (market_daily_bars) and today's quotes. Only the member's own rows.
import type { Db } from "../../db/client.server.ts";
import { getDailyBars, getQuotes } from "../market-data/cache.server.ts";
import type { Asset } from "../money/assets.ts";
import { gainsReport } from "./gains.ts";
import { lotEventsOf, type PriceOn, utcDay } from "./lot-events.ts";
import type { GainsPageView } from "./page-views.ts";
import { listMovements } from "./sources.server.ts";

export type { AssetGainsView, GainsPageView } from "./page-views.ts";

/** Today's USD price per coin from the quotes cache (the ones we have). */
export async function currentPrices(db: Db, options: { staleSeconds: number; now: Date }) {
  const quotes = await getQuotes(db, options);
  const prices: Partial<Record<Asset, string>> = {};
  const names: Partial<Record<Asset, string>> = {};
  for (const q of quotes.quotes) {
    const symbol = q.symbol.toUpperCase() as Asset;
    prices[symbol] = q.priceUsd;
    names[symbol] = q.name;
  }
  return {
    prices,
    names,
    freshness: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
  };
}

export async function gainsPage(
  db: Db,
  userId: string,
  options: { staleSeconds: number; now?: Date },
): Promise<GainsPageView> {
  const now = options.now ?? new Date();
  const [movements, current] = await Promise.all([
    listMovements(db, userId),
    currentPrices(db, { staleSeconds: options.staleSeconds, now }),
  ]);
  const coins = new Set<Asset>();
  for (const m of movements) for (const l of m.legs) if (l.asset !== "USD") coins.add(l.asset);
  const since = movements[0] ? utcDay(movements[0].at) : utcDay(now);
  const closes = new Map<Asset, Map<string, string>>();
  await Promise.all(
    [...coins].map(async (asset) => {
      const bars = await getDailyBars(db, "coin", asset, { since });
      closes.set(asset, new Map(bars.map((b) => [b.day, b.close])));
    }),
  );
  const priceOn: PriceOn = (asset, day) => {
    const close = closes.get(asset)?.get(day);
    if (close) return { priceUsd: close, estimated: false };
    const quote = current.prices[asset];
    return quote ? { priceUsd: quote, estimated: true } : null;
  };
  const perAsset = lotEventsOf(movements, priceOn);
  const report = gainsReport(perAsset, current.prices);
  const at = (asset: Asset, id: string) =>
    perAsset
      .find((p) => p.asset === asset)
      ?.at.get(id)
      ?.toISOString() ?? null;
  return {
    movements: movements.length,
    assets: report.assets.map((a) => ({
      asset: a.asset,
      name: current.names[a.asset] ?? a.asset,
      inconsistent: a.inconsistent
        ? {
            heldMinor: a.inconsistent.heldMinor.toString(),
            wantedMinor: a.inconsistent.wantedMinor.toString(),
            at: at(a.asset, a.inconsistent.eventId),
          }
        : null,
      quantityMinor: a.quantityMinor.toString(),
      costUsdCents: a.costUsdCents.toString(),
      valueUsdCents: a.valueUsdCents?.toString() ?? null,
      unrealisedUsdCents: a.unrealisedUsdCents?.toString() ?? null,
      realisedUsdCents: a.realisedUsdCents.toString(),
      incomeUsdCents: a.incomeUsdCents.toString(),
      estimated: a.estimated,
      unpriced: a.unpriced,
    })),
    years: report.years.map((y) => ({
      year: y.year,
      realisedUsdCents: y.realisedUsdCents.toString(),
      incomeUsdCents: y.incomeUsdCents.toString(),
    })),
    totals: {
      costUsdCents: report.totals.costUsdCents.toString(),
      valueUsdCents: report.totals.valueUsdCents.toString(),
      unrealisedUsdCents: report.totals.unrealisedUsdCents.toString(),
      realisedUsdCents: report.totals.realisedUsdCents.toString(),
      incomeUsdCents: report.totals.incomeUsdCents.toString(),
    },
    freshness: current.freshness,
  };
}

// /portfolio/gains: FIFO gains and staking income over every movement of the member (ADR 0078),
// valued at each day's close (market_daily_bars) and today's quotes. Only the member's own rows.
import { and, asc, eq, gte } from "drizzle-orm";
import { fxDailyRates } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getDailyBars, getFxRates, getQuotes } from "../market-data/cache.server.ts";
import type { Asset } from "../money/assets.ts";
import { gainsReport } from "./gains.ts";
import { lotEventsOf, type PriceOn, type ToDisplay, utcDay } from "./lot-events.ts";
import type { GainsPageView } from "./page-views.ts";
import { convertSigned } from "./performance.ts";
import { listMovements } from "./sources.server.ts";
import type { DisplayCurrency } from "./valuation.ts";

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

/** Today's rate of a display currency (units per USD), "1" for USD; null when we have none. */
export async function currentRate(
  db: Db,
  currency: DisplayCurrency,
  options: { staleSeconds: number; now: Date },
) {
  if (currency === "USD") return "1";
  const fx = await getFxRates(db, options);
  return fx.rates.find((r) => r.currency === currency)?.perUsd ?? null;
}

/**
 * US cents of any day in `currency`, at that day's rate from fx_daily_rates (a day without a fixing
 * takes the last one before it; a day before the first kept rate takes the first), or today's rate
 * when no history is kept. Null when there is no rate at all.
 */
async function converterTo(db: Db, currency: DisplayCurrency, since: string, today: string | null) {
  if (currency === "USD") return (cents: bigint) => cents;
  const rows = await db
    .select({ day: fxDailyRates.day, perUsd: fxDailyRates.perUsd })
    .from(fxDailyRates)
    .where(and(eq(fxDailyRates.currency, currency), gte(fxDailyRates.day, since)))
    .orderBy(asc(fxDailyRates.day));
  if (rows.length === 0 && today === null) return null;
  const rateOn = (day: string) => {
    let rate = rows[0]?.perUsd ?? (today as string);
    for (const r of rows) {
      if (r.day > day) break;
      rate = r.perUsd;
    }
    return rate;
  };
  return ((cents: bigint, day: string) => convertSigned(cents, rateOn(day))) satisfies ToDisplay;
}

export async function gainsPage(
  db: Db,
  userId: string,
  options: { staleSeconds: number; currency?: DisplayCurrency; now?: Date },
): Promise<GainsPageView> {
  const now = options.now ?? new Date();
  const wanted = options.currency ?? "USD";
  const [movements, current, todayRate] = await Promise.all([
    listMovements(db, userId),
    currentPrices(db, { staleSeconds: options.staleSeconds, now }),
    currentRate(db, wanted, { staleSeconds: options.staleSeconds, now }),
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
  // With no rate for the chosen currency at all, the page stays in dollars and says so.
  const convert = await converterTo(db, wanted, since, todayRate);
  const currency: DisplayCurrency = convert && todayRate ? wanted : "USD";
  const today = utcDay(now);
  const perAsset = lotEventsOf(movements, priceOn, currency === "USD" ? undefined : (convert as ToDisplay));
  const report = gainsReport(
    perAsset,
    current.prices,
    currency === "USD" ? undefined : (cents) => (convert as ToDisplay)(cents, today),
  );
  const at = (asset: Asset, id: string) =>
    perAsset
      .find((p) => p.asset === asset)
      ?.at.get(id)
      ?.toISOString() ?? null;
  return {
    currency,
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

// The price and FX history the portfolio's value over time is drawn from (ADR 0078): daily coin
// closes in market_daily_bars and the FX of each day in fx_daily_rates, both kept for good. Only
// days we do not hold yet are asked of the history providers, and what they return is inserted
// `on conflict do nothing`, so a close the quotes refresh wrote is never replaced and two servers
// filling the same gap at once write each day once.
import { and, asc, between, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { fxDailyRates, marketDailyBars } from "../../../db/schema/index.ts";
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { addDays, dayOf, daysBetween } from "../portfolio/days.ts";
import { createCoinGeckoHistoryProvider } from "./coingecko.server.ts";
import { normalize } from "./decimal.ts";
import { createFrankfurterProvider } from "./fx-history.server.ts";
import type { DailyFxRate, HistoryProviders } from "./providers.ts";
import { sampleDailyCloses, sampleDailyFx } from "./sample-history.ts";
import { type MarketDataSource, type TrackedSymbol, trackedCoins } from "./types.ts";

export function createSampleHistoryProviders(clock: () => Date = () => new Date()): HistoryProviders {
  return {
    prices: {
      source: "sample",
      earliestDay: () => null,
      async fetchDailyCloses(coinId, from, to) {
        const coin = trackedCoins.find((c) => c.id === coinId);
        return coin ? sampleDailyCloses(coin.symbol, from, to, dayOf(clock())) : [];
      },
    },
    fx: {
      source: "sample",
      fetchDailyRates: async (currencies, from, to) => sampleDailyFx(currencies, from, to, dayOf(clock())),
    },
  };
}

export function createHistoryProviders(
  config: Pick<Config, "marketData"> & { market: Config["market"] },
): HistoryProviders {
  if (config.marketData === "sample") return createSampleHistoryProviders();
  return {
    prices: createCoinGeckoHistoryProvider({
      apiKey: config.market.coingeckoApiKey,
      plan: config.market.coingeckoPlan,
    }),
    fx: createFrankfurterProvider(),
  };
}

/** Runs of consecutive days in [from, to] that are not in `have` (sorted days). */
function missingRuns(have: readonly string[], from: string, to: string): [string, string][] {
  const runs: [string, string][] = [];
  let cursor = from;
  for (const day of have) {
    if (day < cursor) continue;
    if (day > to) break;
    if (day > cursor) runs.push([cursor, addDays(day, -1)]);
    cursor = addDays(day, 1);
  }
  if (cursor <= to) runs.push([cursor, to]);
  return runs;
}

/**
 * Makes sure the coins have a close for every day from `from` to `to` that the provider can
 * serve, fetching only the missing runs of days. Returns the source of the closes fetched, or
 * null when nothing was missing.
 */
export async function ensureDailyCloses(
  db: Db,
  providers: HistoryProviders,
  input: { symbols: readonly TrackedSymbol[]; from: string; to: string; today: string },
): Promise<MarketDataSource | null> {
  const earliest = providers.prices.earliestDay(input.today);
  const from = earliest && earliest > input.from ? earliest : input.from;
  if (from > input.to || input.symbols.length === 0) return null;
  let fetched: MarketDataSource | null = null;
  for (const symbol of input.symbols) {
    const coin = trackedCoins.find((c) => c.symbol === symbol);
    if (!coin) continue;
    const rows = await db
      .select({ day: marketDailyBars.day })
      .from(marketDailyBars)
      .where(
        and(
          eq(marketDailyBars.kind, "coin"),
          eq(marketDailyBars.symbol, symbol),
          between(marketDailyBars.day, from, input.to),
        ),
      )
      .orderBy(asc(marketDailyBars.day));
    for (const [start, end] of missingRuns(
      rows.map((r) => r.day),
      from,
      input.to,
    )) {
      const closes = await providers.prices.fetchDailyCloses(coin.id, start, end);
      const values = closes.map((c) => ({
        kind: "coin" as const,
        symbol,
        day: c.day,
        close: c.close,
        source: providers.prices.source,
      }));
      for (let i = 0; i < values.length; i += 1000)
        await db
          .insert(marketDailyBars)
          .values(values.slice(i, i + 1000))
          .onConflictDoNothing();
      fetched = providers.prices.source;
    }
  }
  return fetched;
}

/** Keeps FX of each day for good (the FX refresh writes today's; history adds the past). */
export async function saveFxDailyRates(db: Db, rates: readonly DailyFxRate[], source: MarketDataSource) {
  const rows = rates.map((r) => ({ currency: r.currency, day: r.day, perUsd: r.perUsd, source }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(fxDailyRates)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [fxDailyRates.currency, fxDailyRates.day],
        set: { perUsd: sql`excluded.per_usd`, source: sql`excluded.source` },
        // A day's rate only ever changes while the day is the refresher's today.
        setWhere: sql`${fxDailyRates.day} >= current_date`,
      });
}

/**
 * Makes sure EUR and GBP have the FX of the days from `from` to `to`: the days before the first
 * one we keep and after the last are fetched (a working-day series has weekend gaps by nature, so
 * gaps inside are not asked for again; a weekend converts at the last fixing before it).
 */
export async function ensureFxHistory(
  db: Db,
  providers: HistoryProviders,
  input: { currencies: readonly string[]; from: string; to: string },
) {
  for (const currency of input.currencies) {
    const [span] = await db
      .select({
        first: sql<string | null>`min(${fxDailyRates.day})`,
        last: sql<string | null>`max(${fxDailyRates.day})`,
      })
      .from(fxDailyRates)
      .where(eq(fxDailyRates.currency, currency));
    const runs: [string, string][] = [];
    if (!span?.first || !span.last) runs.push([input.from, input.to]);
    else {
      if (input.from < span.first) runs.push([input.from, addDays(span.first, -1)]);
      // A last fixing a few days old is a weekend or a holiday, not a gap to fill.
      if (daysBetween(span.last, input.to) > 4) runs.push([addDays(span.last, 1), input.to]);
    }
    for (const [start, end] of runs) {
      if (start > end) continue;
      const rates = await providers.fx.fetchDailyRates([currency], start, end);
      await saveFxDailyRates(
        db,
        rates.filter((r) => r.currency === currency),
        providers.fx.source,
      );
    }
  }
}

/** The closes of the coins from `from` to `to`, with each coin's last close before `from`. */
export async function readDailyCloses(
  db: Db,
  symbols: readonly string[],
  from: string,
  to: string,
): Promise<{ symbol: string; day: string; close: string; source: string }[]> {
  if (symbols.length === 0) return [];
  const inRange = db
    .select({
      symbol: marketDailyBars.symbol,
      day: marketDailyBars.day,
      close: marketDailyBars.close,
      source: marketDailyBars.source,
    })
    .from(marketDailyBars)
    .where(
      and(
        eq(marketDailyBars.kind, "coin"),
        inArray(marketDailyBars.symbol, [...symbols]),
        between(marketDailyBars.day, from, to),
      ),
    )
    .orderBy(asc(marketDailyBars.day));
  const before = symbols.map((symbol) =>
    db
      .select({
        symbol: marketDailyBars.symbol,
        day: marketDailyBars.day,
        close: marketDailyBars.close,
        source: marketDailyBars.source,
      })
      .from(marketDailyBars)
      .where(
        and(
          eq(marketDailyBars.kind, "coin"),
          eq(marketDailyBars.symbol, symbol),
          lt(marketDailyBars.day, from),
        ),
      )
      .orderBy(desc(marketDailyBars.day))
      .limit(1),
  );
  const [rows, ...earlier] = await Promise.all([inRange, ...before]);
  return [...earlier.flat(), ...rows].map((r) => ({ ...r, close: normalize(r.close) }));
}

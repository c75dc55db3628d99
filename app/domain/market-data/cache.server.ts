import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  etfFlows,
  etfQuotes,
  fxRates,
  marketDailyBars,
  marketQuotes,
  newsItems,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { normalize } from "./decimal.ts";
import {
  type DailyBar,
  type EtfFlow,
  type EtfQuote,
  type EtfSymbol,
  type FxCurrency,
  type FxRate,
  fxCurrencies,
  isEtfSymbol,
  type MarketDataSource,
  type NewsItem,
  type Quote,
  type TrackedSymbol,
  trackedCoins,
} from "./types.ts";

/**
 * The cache: the refresher writes it (cache-writes.server.ts), everyone else reads it here.
 * Readers say how old the data is and whether it is stale, so a swap can refuse a stale price and
 * a page can label it.
 */

/** Default age after which data is stale; MARKET_DATA_STALE_SECONDS overrides it. */
export const defaultStaleSeconds = 600;

export interface Freshness {
  /** The oldest time among the values returned (ISO), or null when there are none. */
  asOf: string | null;
  stale: boolean;
  /** True when any value came from the sample provider. */
  sample: boolean;
}

function freshness(times: (Date | string)[], sources: string[], staleSeconds: number, now: Date): Freshness {
  if (times.length === 0) return { asOf: null, stale: true, sample: false };
  const oldest = Math.min(...times.map((t) => new Date(t).getTime()));
  return {
    asOf: new Date(oldest).toISOString(),
    stale: now.getTime() - oldest > staleSeconds * 1000,
    sample: sources.includes("sample"),
  };
}

const dec = (v: string | null) => (v == null ? null : normalize(v));

type QuoteRow = typeof marketQuotes.$inferSelect;

function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.rank,
    priceUsd: normalize(row.priceUsd),
    marketCapUsd: dec(row.marketCapUsd),
    volume24hUsd: dec(row.volume24hUsd),
    high24hUsd: dec(row.high24hUsd),
    low24hUsd: dec(row.low24hUsd),
    change24hPct: row.change24hPct == null ? null : Number(row.change24hPct),
    sparkline7d: row.sparkline7d,
    lastUpdated: row.lastUpdated.toISOString(),
    source: row.source as MarketDataSource,
  };
}

export interface ReadOptions {
  staleSeconds?: number;
  now?: Date;
}

/** The tracked coins' latest quotes (BTC, ETH, SOL, BNB, BCH, TRX, USDT), in that order. */
export async function getQuotes(
  db: Db,
  options: ReadOptions & { symbols?: readonly TrackedSymbol[] } = {},
): Promise<{ quotes: Quote[] } & Freshness> {
  const wanted = trackedCoins.filter((c) => !options.symbols || options.symbols.includes(c.symbol));
  const rows = await db
    .select()
    .from(marketQuotes)
    .where(
      inArray(
        marketQuotes.id,
        wanted.map((c) => c.id),
      ),
    );
  const quotes = wanted.flatMap((c) => {
    const row = rows.find((r) => r.id === c.id);
    return row ? [toQuote(row)] : [];
  });
  const f = freshness(
    quotes.map((q) => q.lastUpdated),
    quotes.map((q) => q.source),
    options.staleSeconds ?? defaultStaleSeconds,
    options.now ?? new Date(),
  );
  // Missing coins make the set incomplete: callers must not treat it as fresh.
  return { quotes, ...f, stale: f.stale || quotes.length < wanted.length };
}

export interface UsdPrice {
  asset: string;
  /** Exact decimal string. */
  priceUsd: string;
  asOf: string;
  stale: boolean;
  source: MarketDataSource;
}

/** One asset's USD price for money features; USD itself is 1. Null when never fetched. */
export async function getUsdPrice(
  db: Db,
  asset: string,
  options: ReadOptions = {},
): Promise<UsdPrice | null> {
  const now = options.now ?? new Date();
  if (asset === "USD")
    return { asset, priceUsd: "1", asOf: now.toISOString(), stale: false, source: "sample" };
  const coin = trackedCoins.find((c) => c.symbol === asset);
  if (!coin) return null;
  const [row] = await db.select().from(marketQuotes).where(eq(marketQuotes.id, coin.id));
  if (!row) return null;
  const age = now.getTime() - row.lastUpdated.getTime();
  return {
    asset,
    priceUsd: normalize(row.priceUsd),
    asOf: row.lastUpdated.toISOString(),
    stale: age > (options.staleSeconds ?? defaultStaleSeconds) * 1000,
    source: row.source as MarketDataSource,
  };
}

/** The screener: the top coins by rank. */
export async function getMarkets(
  db: Db,
  options: ReadOptions & { limit?: number } = {},
): Promise<{ markets: Quote[] } & Freshness> {
  const rows = await db
    .select()
    .from(marketQuotes)
    .where(sql`${marketQuotes.rank} is not null`)
    .orderBy(asc(marketQuotes.rank))
    .limit(options.limit ?? 100);
  const markets = rows.map(toQuote);
  return {
    markets,
    ...freshness(
      markets.map((q) => q.lastUpdated),
      markets.map((q) => q.source),
      options.staleSeconds ?? defaultStaleSeconds,
      options.now ?? new Date(),
    ),
  };
}

export async function getFxRates(
  db: Db,
  options: ReadOptions = {},
): Promise<{ rates: FxRate[] } & Freshness> {
  const rows = await db
    .select()
    .from(fxRates)
    .where(inArray(fxRates.currency, [...fxCurrencies]));
  const rates = rows
    .map((r) => ({
      currency: r.currency as FxCurrency,
      perUsd: normalize(r.perUsd),
      asOf: r.asOf.toISOString(),
      source: r.source as MarketDataSource,
    }))
    .sort((a, b) => fxCurrencies.indexOf(a.currency) - fxCurrencies.indexOf(b.currency));
  // FX providers publish daily: a day and a bit is the floor for staleness.
  const staleSeconds = Math.max(options.staleSeconds ?? defaultStaleSeconds, 26 * 3600);
  return {
    rates,
    ...freshness(
      rates.map((r) => r.asOf),
      rates.map((r) => r.source),
      staleSeconds,
      options.now ?? new Date(),
    ),
  };
}

export interface NewsPage {
  items: (NewsItem & { provider: string })[];
  page: number;
  pageSize: number;
  total: number;
  sample: boolean;
}

/** Newest first; `tag` filters by a coin symbol or an ETF ticker. */
export async function getNews(
  db: Db,
  options: { tag?: string; page?: number; pageSize?: number } = {},
): Promise<NewsPage> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 10, 1), 50);
  const page = Math.max(options.page ?? 1, 1);
  const where = options.tag ? sql`${newsItems.tags} @> array[${options.tag}]::text[]` : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(newsItems)
    .where(where);
  const rows = await db
    .select()
    .from(newsItems)
    .where(where)
    .orderBy(desc(newsItems.publishedAt), asc(newsItems.url))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((r) => ({
      url: r.url,
      title: r.title,
      source: r.source,
      publishedAt: r.publishedAt.toISOString(),
      summary: r.summary,
      tags: r.tags,
      provider: r.provider,
    })),
    page,
    pageSize,
    total: Number(total),
    sample: rows.some((r) => r.provider === "sample"),
  };
}

export interface EtfSummary extends EtfQuote {
  changePct: number | null;
}

function toEtfQuote(row: typeof etfQuotes.$inferSelect): EtfSummary {
  const price = normalize(row.priceUsd);
  const previous = dec(row.previousCloseUsd);
  return {
    symbol: row.symbol as EtfSymbol,
    priceUsd: price,
    previousCloseUsd: previous,
    aumUsd: dec(row.aumUsd),
    btcHeld: dec(row.btcHeld),
    asOf: row.asOf.toISOString(),
    source: row.source as MarketDataSource,
    changePct:
      previous && Number(previous) > 0 ? ((Number(price) - Number(previous)) / Number(previous)) * 100 : null,
  };
}

export async function getEtfQuotes(
  db: Db,
  options: ReadOptions = {},
): Promise<{ etfs: EtfSummary[] } & Freshness> {
  const rows = await db.select().from(etfQuotes);
  const etfs = rows.filter((r) => isEtfSymbol(r.symbol)).map(toEtfQuote);
  // ETF prices are end-of-day: stale when older than four days (a long weekend) plus the configured age.
  const staleSeconds = (options.staleSeconds ?? defaultStaleSeconds) + 4 * 86_400;
  return {
    etfs,
    ...freshness(
      etfs.map((e) => e.asOf),
      etfs.map((e) => e.source),
      staleSeconds,
      options.now ?? new Date(),
    ),
  };
}

export async function getDailyBars(
  db: Db,
  kind: "coin" | "etf",
  symbol: string,
  options: { since?: string } = {},
): Promise<DailyBar[]> {
  const rows = await db
    .select()
    .from(marketDailyBars)
    .where(
      and(
        eq(marketDailyBars.kind, kind),
        eq(marketDailyBars.symbol, symbol),
        options.since ? gte(marketDailyBars.day, options.since) : undefined,
      ),
    )
    .orderBy(asc(marketDailyBars.day));
  return rows.map((r) => ({
    day: r.day,
    open: dec(r.open),
    high: dec(r.high),
    low: dec(r.low),
    close: normalize(r.close),
    volume: dec(r.volume),
  }));
}

/** The last `days` trading days of flows that have data, for every fund. */
export async function getEtfFlows(
  db: Db,
  options: { days?: number } = {},
): Promise<{ days: string[]; flows: EtfFlow[]; sample: boolean }> {
  const dayRows = await db
    .selectDistinct({ day: etfFlows.day })
    .from(etfFlows)
    .orderBy(desc(etfFlows.day))
    .limit(options.days ?? 10);
  const days = dayRows.map((r) => r.day).sort();
  if (days.length === 0) return { days, flows: [], sample: false };
  const rows = await db.select().from(etfFlows).where(inArray(etfFlows.day, days));
  return {
    days,
    flows: rows
      .filter((r) => isEtfSymbol(r.symbol))
      .map((r) => ({ symbol: r.symbol as EtfSymbol, day: r.day, netFlowUsdM: normalize(r.netFlowUsdM) })),
    sample: rows.some((r) => r.source === "sample"),
  };
}

import type { Db } from "../../db/client.server.ts";
import { getDailyBars, getEtfFlows, getEtfQuotes, getMarkets, getNews, getQuotes } from "./cache.server.ts";
import { etfStats, rangeNote, rangePosition } from "./etf-stats.ts";
import { nyseStatus } from "./nyse.ts";
import { type EtfInfo, type EtfSymbol, etfDirectory, etfInfo, tickerSymbols } from "./types.ts";

/** What the pages and JSON endpoints show, each composed from the cache in one call. */

export async function tickerView(db: Db, staleSeconds: number) {
  const { quotes, asOf, stale, sample } = await getQuotes(db, { staleSeconds, symbols: tickerSymbols });
  const ordered = tickerSymbols.flatMap((s) => quotes.filter((q) => q.symbol === s));
  return {
    quotes: ordered.map((q) => ({
      symbol: q.symbol,
      name: q.name,
      priceUsd: q.priceUsd,
      change24hPct: q.change24hPct,
    })),
    asOf,
    stale,
    sample,
    staleSeconds,
  };
}
export type TickerView = Awaited<ReturnType<typeof tickerView>>;

/** Each point as a whole number 0 (the week's low) to 100 (its high). */
export function sparklineShape(points: readonly number[]): number[] {
  const min = Math.min(...points);
  const span = Math.max(...points) - min || 1;
  return points.map((p) => Math.round(((p - min) / span) * 100));
}

export async function screenerView(db: Db, staleSeconds: number) {
  const { markets, asOf, stale, sample } = await getMarkets(db, { staleSeconds, limit: 100 });
  return {
    rows: markets.map((q) => ({
      id: q.id,
      rank: q.rank,
      symbol: q.symbol,
      name: q.name,
      priceUsd: q.priceUsd,
      change24hPct: q.change24hPct,
      marketCapUsd: q.marketCapUsd,
      volume24hUsd: q.volume24hUsd,
      // 168 hourly points drawn in ~120 px: every fourth is plenty, and only the line's shape is
      // drawn, so each is sent as a whole number 0–100 of the week's range (ADR 0095).
      sparkline7d: sparklineShape(q.sparkline7d.filter((_, i, all) => i % 4 === 0 || i === all.length - 1)),
    })),
    asOf,
    stale,
    sample,
  };
}
export type ScreenerView = Awaited<ReturnType<typeof screenerView>>;

export async function etfListView(db: Db, staleSeconds: number) {
  const { etfs, asOf, stale, sample } = await getEtfQuotes(db, { staleSeconds });
  const flows = await getEtfFlows(db, { days: 10 });
  return {
    funds: etfDirectory.map((info) => {
      const quote = etfs.find((e) => e.symbol === info.symbol);
      return { ...info, priceUsd: quote?.priceUsd ?? null, changePct: quote?.changePct ?? null };
    }),
    flows,
    asOf,
    stale,
    sample,
  };
}

export async function etfDetailView(db: Db, symbol: EtfSymbol, staleSeconds: number, now = new Date()) {
  const info: EtfInfo = etfInfo(symbol);
  const { etfs, stale } = await getEtfQuotes(db, { staleSeconds, now });
  const quote = etfs.find((e) => e.symbol === symbol) ?? null;
  const bars = await getDailyBars(db, "etf", symbol);
  const stats = etfStats(bars);
  const price = quote ? Number(quote.priceUsd) : null;
  const position = price == null ? "unknown" : rangePosition(price, stats.week52Low, stats.week52High);
  const news = await getNews(db, { tag: symbol, pageSize: 8 });
  return {
    info,
    quote,
    stale,
    sample: quote?.source === "sample",
    market: nyseStatus(now),
    stats,
    rangeNote: rangeNote(position),
    history: bars.map((b) => [b.day, Number(b.close)] as [string, number]),
    news: news.items,
    now: now.toISOString(),
  };
}
export type EtfDetailView = Awaited<ReturnType<typeof etfDetailView>>;

export { getNews };

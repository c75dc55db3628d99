// Writing the market-data cache: only the refresher does (and tests, to set prices). Every write
// is an upsert that an older value never wins, so two app servers refreshing at once, or a slow
// response arriving late, leave the newest data in place. Reads are in cache.server.ts.
import { sql } from "drizzle-orm";
import {
  etfFlows,
  etfQuotes,
  fxRates,
  marketDailyBars,
  marketQuotes,
  newsItems,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { EtfSnapshot } from "./providers.ts";
import { withSampleOverrides } from "./sample-overrides.server.ts";
import {
  type DailyBar,
  type FxRate,
  type MarketDataSource,
  type NewsItem,
  type Quote,
  trackedCoins,
} from "./types.ts";

export async function saveQuotes(db: Db, provided: Quote[], fetchedAt = new Date()) {
  if (provided.length === 0) return;
  // A price set by hand on /dev/market stays until cleared: the sample refresher reports it too.
  const quotes = await withSampleOverrides(db, provided);
  const applied = await db
    .insert(marketQuotes)
    .values(
      quotes.map((q) => ({
        id: q.id,
        symbol: q.symbol,
        name: q.name,
        rank: q.rank,
        priceUsd: q.priceUsd,
        marketCapUsd: q.marketCapUsd,
        volume24hUsd: q.volume24hUsd,
        high24hUsd: q.high24hUsd,
        low24hUsd: q.low24hUsd,
        change24hPct: q.change24hPct == null ? null : q.change24hPct.toFixed(4),
        sparkline7d: q.sparkline7d,
        lastUpdated: new Date(q.lastUpdated),
        fetchedAt,
        source: q.source,
      })),
    )
    .onConflictDoUpdate({
      target: marketQuotes.id,
      set: {
        symbol: sql`excluded.symbol`,
        name: sql`excluded.name`,
        rank: sql`excluded.rank`,
        priceUsd: sql`excluded.price_usd`,
        marketCapUsd: sql`excluded.market_cap_usd`,
        volume24hUsd: sql`excluded.volume_24h_usd`,
        high24hUsd: sql`excluded.high_24h_usd`,
        low24hUsd: sql`excluded.low_24h_usd`,
        change24hPct: sql`excluded.change_24h_pct`,
        sparkline7d: sql`excluded.sparkline_7d`,
        lastUpdated: sql`excluded.last_updated`,
        fetchedAt: sql`excluded.fetched_at`,
        source: sql`excluded.source`,
      },
      // An older quote never overwrites a newer one (two servers, a slow response).
      setWhere: sql`${marketQuotes.lastUpdated} <= excluded.last_updated`,
    })
    .returning({ id: marketQuotes.id });
  // Today's close so far for the tracked coins: daily history is kept for good. Only quotes that
  // were stored count, so an older quote arriving late cannot move the day's close either.
  const stored = new Set(applied.map((r) => r.id));
  const tracked = quotes.filter((q) => stored.has(q.id) && trackedCoins.some((c) => c.id === q.id));
  if (tracked.length === 0) return;
  await saveDailyBars(
    db,
    "coin",
    tracked.map((q) => ({
      symbol: q.symbol,
      bars: [
        {
          day: q.lastUpdated.slice(0, 10),
          open: null,
          high: q.high24hUsd,
          low: q.low24hUsd,
          close: q.priceUsd,
          volume: q.volume24hUsd,
        },
      ],
    })),
    tracked[0]?.source ?? "sample",
  );
}

export async function saveDailyBars(
  db: Db,
  kind: "coin" | "etf",
  series: { symbol: string; bars: DailyBar[] }[],
  source: MarketDataSource,
) {
  const rows = series.flatMap(({ symbol, bars }) =>
    bars.map((b) => ({
      kind,
      symbol,
      day: b.day,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      source,
    })),
  );
  // Chunked: a few thousand bars at once stays well under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(marketDailyBars)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [marketDailyBars.kind, marketDailyBars.symbol, marketDailyBars.day],
        set: {
          open: sql`coalesce(excluded.open, ${marketDailyBars.open})`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
          source: sql`excluded.source`,
        },
      });
  }
}

export async function saveFxRates(db: Db, rates: FxRate[], fetchedAt = new Date()) {
  if (rates.length === 0) return;
  await db
    .insert(fxRates)
    .values(
      rates.map((r) => ({
        currency: r.currency,
        perUsd: r.perUsd,
        asOf: new Date(r.asOf),
        fetchedAt,
        source: r.source,
      })),
    )
    .onConflictDoUpdate({
      target: fxRates.currency,
      set: {
        perUsd: sql`excluded.per_usd`,
        asOf: sql`excluded.as_of`,
        fetchedAt: sql`excluded.fetched_at`,
        source: sql`excluded.source`,
      },
    });
}

/** Inserts new items; an item already stored (same canonical URL) keeps its first version. */
export async function saveNews(db: Db, items: NewsItem[], provider: "sample" | "rss"): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await db
    .insert(newsItems)
    .values(
      items.map((n) => ({
        url: n.url,
        title: n.title,
        source: n.source,
        publishedAt: new Date(n.publishedAt),
        summary: n.summary,
        tags: n.tags,
        provider,
      })),
    )
    .onConflictDoNothing()
    .returning({ url: newsItems.url });
  return inserted.length;
}

export async function saveEtfSnapshot(
  db: Db,
  snapshot: EtfSnapshot,
  source: MarketDataSource,
  fetchedAt = new Date(),
) {
  if (snapshot.quotes.length > 0) {
    await db
      .insert(etfQuotes)
      .values(
        snapshot.quotes.map((q) => ({
          symbol: q.symbol,
          priceUsd: q.priceUsd,
          previousCloseUsd: q.previousCloseUsd,
          aumUsd: q.aumUsd,
          btcHeld: q.btcHeld,
          asOf: new Date(q.asOf),
          fetchedAt,
          source: q.source,
        })),
      )
      .onConflictDoUpdate({
        target: etfQuotes.symbol,
        set: {
          priceUsd: sql`excluded.price_usd`,
          previousCloseUsd: sql`excluded.previous_close_usd`,
          // A source without holdings keeps the last known ones.
          aumUsd: sql`coalesce(excluded.aum_usd, ${etfQuotes.aumUsd})`,
          btcHeld: sql`coalesce(excluded.btc_held, ${etfQuotes.btcHeld})`,
          asOf: sql`excluded.as_of`,
          fetchedAt: sql`excluded.fetched_at`,
          source: sql`excluded.source`,
        },
      });
  }
  await saveDailyBars(db, "etf", snapshot.bars, source);
  if (snapshot.flows.length > 0) {
    await db
      .insert(etfFlows)
      .values(snapshot.flows.map((f) => ({ ...f, source })))
      .onConflictDoUpdate({
        target: [etfFlows.symbol, etfFlows.day],
        set: { netFlowUsdM: sql`excluded.net_flow_usd_m`, source: sql`excluded.source` },
      });
  }
}

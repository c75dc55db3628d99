import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The market data cache (docs/decisions/0020, 0021). Pages and callers read only these tables;
 * only the refresher writes them. Prices are `numeric` (exact decimals), never floats.
 */

/** The latest quote per coin (CoinGecko /coins/markets fields). */
export const marketQuotes = pgTable(
  "market_quotes",
  {
    id: text("id").primaryKey(),
    symbol: text("symbol").notNull(),
    name: text("name").notNull(),
    rank: integer("rank"),
    priceUsd: numeric("price_usd", { precision: 38, scale: 18 }).notNull(),
    marketCapUsd: numeric("market_cap_usd", { precision: 38, scale: 2 }),
    volume24hUsd: numeric("volume_24h_usd", { precision: 38, scale: 2 }),
    high24hUsd: numeric("high_24h_usd", { precision: 38, scale: 18 }),
    low24hUsd: numeric("low_24h_usd", { precision: 38, scale: 18 }),
    change24hPct: numeric("change_24h_pct", { precision: 12, scale: 4 }),
    /** Seven days of prices for the sparkline (display only). */
    sparkline7d: jsonb("sparkline_7d").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** The provider's time for this quote; staleness is measured from here. */
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    source: text("source").notNull(),
  },
  (t) => [
    index("market_quotes_symbol_idx").on(t.symbol),
    index("market_quotes_rank_idx").on(t.rank),
    check("market_quotes_price_positive", sql`${t.priceUsd} >= 0`),
  ],
);

/** Daily bars for coins and ETFs, kept for good (history never depends on a provider's window). */
export const marketDailyBars = pgTable(
  "market_daily_bars",
  {
    kind: text("kind", { enum: ["coin", "etf"] }).notNull(),
    symbol: text("symbol").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    open: numeric("open", { precision: 38, scale: 18 }),
    high: numeric("high", { precision: 38, scale: 18 }),
    low: numeric("low", { precision: 38, scale: 18 }),
    close: numeric("close", { precision: 38, scale: 18 }).notNull(),
    volume: numeric("volume", { precision: 38, scale: 2 }),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.symbol, t.day] })],
);

export const fxRates = pgTable(
  "fx_rates",
  {
    currency: text("currency").primaryKey(),
    /** Units of the currency per 1 USD. */
    perUsd: numeric("per_usd", { precision: 24, scale: 10 }).notNull(),
    asOf: timestamp("as_of", { withTimezone: true }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    source: text("source").notNull(),
  },
  (t) => [check("fx_rates_positive", sql`${t.perUsd} > 0`)],
);

/** News items, deduplicated by canonical URL. */
export const newsItems = pgTable(
  "news_items",
  {
    url: text("url").primaryKey(),
    title: text("title").notNull(),
    source: text("source").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    summary: text("summary"),
    /** Coin symbols and ETF tickers mentioned (upper case). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    provider: text("provider").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("news_items_published_idx").on(t.publishedAt),
    index("news_items_tags_idx").using("gin", t.tags),
  ],
);

/** The latest figures per spot bitcoin ETF. Static facts (issuer, fee) live in code. */
export const etfQuotes = pgTable("etf_quotes", {
  symbol: text("symbol").primaryKey(),
  priceUsd: numeric("price_usd", { precision: 24, scale: 6 }).notNull(),
  previousCloseUsd: numeric("previous_close_usd", { precision: 24, scale: 6 }),
  aumUsd: numeric("aum_usd", { precision: 24, scale: 2 }),
  btcHeld: numeric("btc_held", { precision: 24, scale: 8 }),
  asOf: timestamp("as_of", { withTimezone: true }).notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  source: text("source").notNull(),
});

/** Daily net flows per fund in US$ millions. */
export const etfFlows = pgTable(
  "etf_flows",
  {
    symbol: text("symbol").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    netFlowUsdM: numeric("net_flow_usd_m", { precision: 14, scale: 1 }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.day] })],
);

/**
 * One row per refresh job ('quotes', 'markets', 'fx', 'news', 'etfs'): when it is next due and who
 * holds the lease. Claiming is one UPDATE … WHERE due AND lease expired, so with several app
 * servers exactly one runs each job, and a 429 pushes next_due_at out for every server.
 */
export const marketRefreshJobs = pgTable("market_refresh_jobs", {
  job: text("job").primaryKey(),
  nextDueAt: timestamp("next_due_at", { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  leasedBy: text("leased_by"),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastError: text("last_error"),
  failures: integer("failures").notNull().default(0),
});

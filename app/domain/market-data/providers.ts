import type {
  DailyBar,
  EtfFlow,
  EtfQuote,
  EtfSymbol,
  FxRate,
  MarketDataSource,
  NewsItem,
  Quote,
} from "./types.ts";

/**
 * The four market data sources, each behind a small interface with a real HTTP implementation
 * and a deterministic sample one. Only the refresher calls providers; pages read the cache.
 */
export interface QuotesProvider {
  readonly source: Quote["source"];
  /** Quotes for the given CoinGecko ids. */
  fetchQuotes(ids: readonly string[]): Promise<Quote[]>;
  /** The top coins by market cap, rank order (the screener). */
  fetchMarkets(limit: number): Promise<Quote[]>;
}

export interface FxProvider {
  readonly source: FxRate["source"];
  fetchRates(): Promise<FxRate[]>;
}

export interface NewsProvider {
  readonly source: "sample" | "rss";
  fetchNews(): Promise<NewsItem[]>;
}

export interface EtfSnapshot {
  quotes: EtfQuote[];
  bars: { symbol: EtfSymbol; bars: DailyBar[] }[];
  /** Empty when the source has no flow data. */
  flows: EtfFlow[];
}

export interface EtfProvider {
  readonly source: EtfQuote["source"];
  fetchEtfs(symbols: readonly EtfSymbol[]): Promise<EtfSnapshot>;
}

export interface MarketDataProviders {
  quotes: QuotesProvider;
  fx: FxProvider;
  news: NewsProvider;
  etfs: EtfProvider;
}

/** One day's close of a coin in USD (exact decimal text), for the portfolio's history. */
export interface DailyClose {
  day: string;
  close: string;
}

/** One day's FX rate: units of `currency` per 1 USD. */
export interface DailyFxRate {
  currency: string;
  day: string;
  perUsd: string;
}

/**
 * Daily closes for the portfolio's value over time (ADR 0078). Called only for days we do not
 * keep yet; what it returns is kept for good in market_daily_bars.
 */
export interface PriceHistoryProvider {
  readonly source: MarketDataSource;
  /** The earliest day the plan can serve as of `today`, or null when there is no limit. */
  earliestDay(today: string): string | null;
  /** Closes of one coin (its CoinGecko id) from `from` to `to`, both included, oldest first. */
  fetchDailyCloses(coinId: string, from: string, to: string): Promise<DailyClose[]>;
}

/** The FX of each day (kept for good in fx_daily_rates). Days without a fixing are absent. */
export interface FxHistoryProvider {
  readonly source: MarketDataSource;
  fetchDailyRates(currencies: readonly string[], from: string, to: string): Promise<DailyFxRate[]>;
}

export interface HistoryProviders {
  prices: PriceHistoryProvider;
  fx: FxHistoryProvider;
}

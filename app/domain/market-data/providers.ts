import type { DailyBar, EtfFlow, EtfQuote, EtfSymbol, FxRate, NewsItem, Quote } from "./types.ts";

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

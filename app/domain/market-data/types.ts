/**
 * Market data shapes shared by providers, the cache, loaders and the browser. Pure: no I/O.
 *
 * Prices are decimal strings (PostgreSQL `numeric`), never JavaScript numbers, wherever they can
 * feed money later (swap quotes, balances in USD): see docs/decisions/0020-market-prices-as-decimals.md.
 * Display-only figures (percentages, the 7-day sparkline) are numbers.
 */
import { deepFreeze } from "../freeze.ts";

/** The coins Coinlens holds wallets for, with their CoinGecko ids. */
export const trackedCoins = deepFreeze([
  { symbol: "BTC", id: "bitcoin", name: "Bitcoin" },
  { symbol: "ETH", id: "ethereum", name: "Ethereum" },
  { symbol: "SOL", id: "solana", name: "Solana" },
  { symbol: "BNB", id: "binancecoin", name: "BNB" },
  { symbol: "BCH", id: "bitcoin-cash", name: "Bitcoin Cash" },
  { symbol: "TRX", id: "tron", name: "TRON" },
  { symbol: "USDT", id: "tether", name: "Tether" },
] as const);

export type TrackedSymbol = (typeof trackedCoins)[number]["symbol"];
export const trackedSymbols: readonly TrackedSymbol[] = Object.freeze(trackedCoins.map((c) => c.symbol));

/** The seed's ticker tape order. */
export const tickerSymbols: readonly TrackedSymbol[] = Object.freeze([
  "BCH",
  "BNB",
  "BTC",
  "ETH",
  "SOL",
  "TRX",
  "USDT",
]);

export function isTrackedSymbol(value: string): value is TrackedSymbol {
  return (trackedSymbols as readonly string[]).includes(value);
}

/** One coin as CoinGecko's /coins/markets describes it, with our fetch time. */
export interface Quote {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  /** USD, exact decimal string. */
  priceUsd: string;
  marketCapUsd: string | null;
  volume24hUsd: string | null;
  high24hUsd: string | null;
  low24hUsd: string | null;
  /** Percent, display only. */
  change24hPct: number | null;
  /** Seven days of prices, oldest first; display only. */
  sparkline7d: number[];
  /** When the provider last updated this quote (ISO). Staleness is measured from here. */
  lastUpdated: string;
  source: MarketDataSource;
}

export type MarketDataSource =
  | "sample"
  | "coingecko"
  | "open-er-api"
  | "frankfurter"
  | "rss"
  | "alpha-vantage";

export const fxCurrencies = Object.freeze(["USD", "EUR", "GBP", "NGN"] as const);
export type FxCurrency = (typeof fxCurrencies)[number];

export interface FxRate {
  currency: FxCurrency;
  /** Units of the currency per 1 USD, exact decimal string. */
  perUsd: string;
  asOf: string;
  source: MarketDataSource;
}

export interface NewsItem {
  url: string;
  title: string;
  source: string;
  publishedAt: string;
  summary: string | null;
  /** Coin symbols and ETF tickers the item mentions (upper case). */
  tags: string[];
}

export interface EtfInfo {
  symbol: EtfSymbol;
  name: string;
  issuer: string;
  expenseRatioBps: number;
  /** ISO date the fund started trading as a spot bitcoin ETF (or earlier, as a trust). */
  inception: string;
}

/** A fund's latest figures. */
export interface EtfQuote {
  symbol: EtfSymbol;
  priceUsd: string;
  previousCloseUsd: string | null;
  aumUsd: string | null;
  btcHeld: string | null;
  asOf: string;
  source: MarketDataSource;
}

export interface DailyBar {
  /** YYYY-MM-DD (exchange-local trading day for ETFs, UTC day for coins). */
  day: string;
  open: string | null;
  high: string | null;
  low: string | null;
  close: string;
  volume: string | null;
}

export interface EtfFlow {
  symbol: EtfSymbol;
  day: string;
  /** Net creations minus redemptions in US$ millions, one decimal, exact. */
  netFlowUsdM: string;
}

/** Static facts about the spot bitcoin ETFs; prices and holdings come from a provider. */
export const etfDirectory = deepFreeze([
  {
    symbol: "IBIT",
    name: "iShares Bitcoin Trust ETF",
    issuer: "BlackRock",
    expenseRatioBps: 25,
    inception: "2024-01-11",
  },
  {
    symbol: "FBTC",
    name: "Fidelity Wise Origin Bitcoin Fund",
    issuer: "Fidelity",
    expenseRatioBps: 25,
    inception: "2024-01-11",
  },
  {
    symbol: "GBTC",
    name: "Grayscale Bitcoin Trust ETF",
    issuer: "Grayscale",
    expenseRatioBps: 150,
    inception: "2013-09-25",
  },
  {
    symbol: "BTC",
    name: "Grayscale Bitcoin Mini Trust ETF",
    issuer: "Grayscale",
    expenseRatioBps: 15,
    inception: "2024-07-31",
  },
  {
    symbol: "ARKB",
    name: "ARK 21Shares Bitcoin ETF",
    issuer: "ARK Invest and 21Shares",
    expenseRatioBps: 21,
    inception: "2024-01-11",
  },
  {
    symbol: "BITB",
    name: "Bitwise Bitcoin ETF",
    issuer: "Bitwise",
    expenseRatioBps: 20,
    inception: "2024-01-11",
  },
  {
    symbol: "HODL",
    name: "VanEck Bitcoin ETF",
    issuer: "VanEck",
    expenseRatioBps: 20,
    inception: "2024-01-11",
  },
  {
    symbol: "BRRR",
    name: "CoinShares Bitcoin ETF",
    issuer: "CoinShares",
    expenseRatioBps: 25,
    inception: "2024-01-11",
  },
  {
    symbol: "BTCO",
    name: "Invesco Galaxy Bitcoin ETF",
    issuer: "Invesco",
    expenseRatioBps: 25,
    inception: "2024-01-11",
  },
  {
    symbol: "EZBC",
    name: "Franklin Bitcoin ETF",
    issuer: "Franklin Templeton",
    expenseRatioBps: 19,
    inception: "2024-01-11",
  },
  {
    symbol: "BTCW",
    name: "WisdomTree Bitcoin Fund",
    issuer: "WisdomTree",
    expenseRatioBps: 25,
    inception: "2024-01-11",
  },
  {
    symbol: "DEFI",
    name: "Hashdex Bitcoin ETF",
    issuer: "Hashdex",
    expenseRatioBps: 94,
    inception: "2022-09-15",
  },
] as const) satisfies readonly {
  symbol: string;
  name: string;
  issuer: string;
  expenseRatioBps: number;
  inception: string;
}[];

export type EtfSymbol = (typeof etfDirectory)[number]["symbol"];
export const etfSymbols: readonly EtfSymbol[] = Object.freeze(etfDirectory.map((e) => e.symbol));

/** The ten cards of the seed's 'Featured ETFs' grid. */
export const featuredEtfSymbols: readonly EtfSymbol[] = Object.freeze([
  "IBIT",
  "FBTC",
  "GBTC",
  "ARKB",
  "BITB",
  "HODL",
  "BRRR",
  "BTCO",
  "EZBC",
  "DEFI",
]);

export function isEtfSymbol(value: string): value is EtfSymbol {
  return (etfSymbols as readonly string[]).includes(value);
}

export function etfInfo(symbol: EtfSymbol): EtfInfo {
  const info = etfDirectory.find((e) => e.symbol === symbol);
  if (!info) throw new Error(`unknown ETF ${symbol}`);
  return info;
}

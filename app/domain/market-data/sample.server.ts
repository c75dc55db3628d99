import { divide, multiply, toDecimalString } from "./decimal.ts";
import { newYorkTime, recentTradingDays } from "./nyse.ts";
import type {
  EtfProvider,
  FxProvider,
  MarketDataProviders,
  NewsProvider,
  QuotesProvider,
} from "./providers.ts";
import { tagMentions } from "./tags.ts";
import {
  type DailyBar,
  type EtfFlow,
  type EtfQuote,
  type EtfSymbol,
  type FxRate,
  type NewsItem,
  type Quote,
  trackedCoins,
} from "./types.ts";

/**
 * Deterministic sample market data: the default offline and in tests, always labelled 'Sample
 * data' where shown. Prices come from the seed's swap table (§9): BTC→USDT 31000, ETH 1700, SOL 90,
 * BNB 400, BCH 312, USDT 1, and TRX from BTC→TRX 600000. Everything else (other coins, ETF history,
 * flows) is generated from a fixed seed, so two runs, two servers and the tests see the same numbers.
 * Only the timestamps follow the clock, so sample data is fresh while the refresher runs.
 */

export const sampleUsdPrices: Readonly<Record<(typeof trackedCoins)[number]["symbol"], string>> =
  Object.freeze({
    BTC: "31000",
    ETH: "1700",
    SOL: "90",
    BNB: "400",
    BCH: "312",
    USDT: "1",
    TRX: divide("31000", "600000", 12),
  });

const trackedDetails: Record<string, { supply: string; change: number; rank: number }> = {
  BTC: { supply: "19550000", change: 1.84, rank: 1 },
  ETH: { supply: "120200000", change: -0.92, rank: 2 },
  USDT: { supply: "86000000000", change: 0.01, rank: 3 },
  BNB: { supply: "151000000", change: 0.47, rank: 4 },
  SOL: { supply: "423000000", change: 3.15, rank: 7 },
  TRX: { supply: "88500000000", change: -0.38, rank: 11 },
  BCH: { supply: "19570000", change: 2.06, rank: 17 },
};

/** The other coins of the sample top 100, roughly in market-cap order. */
const otherCoins: [string, string, string][] = [
  ["ripple", "XRP", "XRP"],
  ["usd-coin", "USDC", "USDC"],
  ["cardano", "ADA", "Cardano"],
  ["dogecoin", "DOGE", "Dogecoin"],
  ["the-open-network", "TON", "Toncoin"],
  ["avalanche-2", "AVAX", "Avalanche"],
  ["chainlink", "LINK", "Chainlink"],
  ["polkadot", "DOT", "Polkadot"],
  ["matic-network", "MATIC", "Polygon"],
  ["shiba-inu", "SHIB", "Shiba Inu"],
  ["litecoin", "LTC", "Litecoin"],
  ["dai", "DAI", "Dai"],
  ["uniswap", "UNI", "Uniswap"],
  ["cosmos", "ATOM", "Cosmos Hub"],
  ["stellar", "XLM", "Stellar"],
  ["okb", "OKB", "OKB"],
  ["ethereum-classic", "ETC", "Ethereum Classic"],
  ["monero", "XMR", "Monero"],
  ["filecoin", "FIL", "Filecoin"],
  ["hedera-hashgraph", "HBAR", "Hedera"],
  ["lido-dao", "LDO", "Lido DAO"],
  ["aptos", "APT", "Aptos"],
  ["arbitrum", "ARB", "Arbitrum"],
  ["crypto-com-chain", "CRO", "Cronos"],
  ["vechain", "VET", "VeChain"],
  ["near", "NEAR", "NEAR Protocol"],
  ["optimism", "OP", "Optimism"],
  ["maker", "MKR", "Maker"],
  ["quant-network", "QNT", "Quant"],
  ["aave", "AAVE", "Aave"],
  ["the-graph", "GRT", "The Graph"],
  ["algorand", "ALGO", "Algorand"],
  ["elrond-erd-2", "EGLD", "MultiversX"],
  ["blockstack", "STX", "Stacks"],
  ["the-sandbox", "SAND", "The Sandbox"],
  ["eos", "EOS", "EOS"],
  ["tezos", "XTZ", "Tezos"],
  ["theta-token", "THETA", "Theta Network"],
  ["immutable-x", "IMX", "Immutable"],
  ["axie-infinity", "AXS", "Axie Infinity"],
  ["decentraland", "MANA", "Decentraland"],
  ["injective-protocol", "INJ", "Injective"],
  ["render-token", "RNDR", "Render"],
  ["fantom", "FTM", "Fantom"],
  ["neo", "NEO", "NEO"],
  ["kava", "KAVA", "Kava"],
  ["flow", "FLOW", "Flow"],
  ["chiliz", "CHZ", "Chiliz"],
  ["havven", "SNX", "Synthetix"],
  ["xdce-crowd-sale", "XDC", "XDC Network"],
  ["kucoin-shares", "KCS", "KuCoin"],
  ["bitcoin-cash-sv", "BSV", "Bitcoin SV"],
  ["true-usd", "TUSD", "TrueUSD"],
  ["curve-dao-token", "CRV", "Curve DAO"],
  ["mina-protocol", "MINA", "Mina"],
  ["gala", "GALA", "GALA"],
  ["rocket-pool", "RPL", "Rocket Pool"],
  ["zcash", "ZEC", "Zcash"],
  ["iota", "IOTA", "IOTA"],
  ["klay-token", "KLAY", "Klaytn"],
  ["gmx", "GMX", "GMX"],
  ["conflux-token", "CFX", "Conflux"],
  ["pax-gold", "PAXG", "PAX Gold"],
  ["dash", "DASH", "Dash"],
  ["terra-luna", "LUNC", "Terra Luna Classic"],
  ["trust-wallet-token", "TWT", "Trust Wallet"],
  ["nexo", "NEXO", "NEXO"],
  ["frax-share", "FXS", "Frax Share"],
  ["pancakeswap-token", "CAKE", "PancakeSwap"],
  ["enjincoin", "ENJ", "Enjin Coin"],
  ["zilliqa", "ZIL", "Zilliqa"],
  ["basic-attention-token", "BAT", "Basic Attention"],
  ["1inch", "1INCH", "1inch"],
  ["compound-governance-token", "COMP", "Compound"],
  ["qtum", "QTUM", "Qtum"],
  ["convex-finance", "CVX", "Convex Finance"],
  ["dydx", "DYDX", "dYdX"],
  ["oasis-network", "ROSE", "Oasis Network"],
  ["gatechain-token", "GT", "Gate"],
  ["woo-network", "WOO", "WOO"],
  ["celo", "CELO", "Celo"],
  ["internet-computer", "ICP", "Internet Computer"],
  ["sui", "SUI", "Sui"],
  ["sei-network", "SEI", "Sei"],
  ["celestia", "TIA", "Celestia"],
  ["pepe", "PEPE", "Pepe"],
  ["bonk", "BONK", "Bonk"],
  ["worldcoin-wld", "WLD", "Worldcoin"],
  ["fetch-ai", "FET", "Fetch.ai"],
  ["ocean-protocol", "OCEAN", "Ocean Protocol"],
  ["ankr", "ANKR", "Ankr"],
  ["loopring", "LRC", "Loopring"],
  ["ethereum-name-service", "ENS", "Ethereum Name Service"],
  ["gnosis", "GNO", "Gnosis"],
  ["helium", "HNT", "Helium"],
  ["yearn-finance", "YFI", "yearn.finance"],
];

/** Plausible prices for the larger coins (the rest get a deterministic price from 0.03 to 30 USD). */
const approximatePrices: Record<string, number> = {
  XRP: 0.62,
  ADA: 0.38,
  DOGE: 0.081,
  TON: 2.41,
  AVAX: 22.4,
  LINK: 14.52,
  DOT: 5.31,
  MATIC: 0.78,
  SHIB: 0.0000089,
  LTC: 70.12,
  UNI: 6.08,
  ATOM: 9.61,
  XLM: 0.121,
  OKB: 55.3,
  ETC: 19.2,
  XMR: 161.4,
  FIL: 4.62,
  HBAR: 0.065,
  LDO: 2.31,
  APT: 7.62,
  ARB: 1.12,
  CRO: 0.091,
  VET: 0.026,
  NEAR: 2.08,
  OP: 1.94,
  MKR: 1452,
  QNT: 105.3,
  AAVE: 95.2,
  GRT: 0.16,
  ALGO: 0.13,
  EGLD: 41.8,
  STX: 0.71,
  SAND: 0.42,
  EOS: 0.68,
  XTZ: 0.83,
  THETA: 0.92,
  IMX: 1.21,
  AXS: 6.4,
  MANA: 0.43,
  INJ: 22.5,
  RNDR: 3.71,
  FTM: 0.36,
  NEO: 11.4,
  KAVA: 0.71,
  FLOW: 0.69,
  CHZ: 0.078,
  SNX: 3.12,
  BSV: 71.5,
  CRV: 0.52,
  ZEC: 28.4,
  PAXG: 1998,
  DASH: 31.2,
  GMX: 42.7,
  YFI: 7420,
  GNO: 212,
  COMP: 55.6,
  PEPE: 0.0000012,
  BONK: 0.000012,
  SUI: 0.61,
  TIA: 7.8,
  ICP: 4.3,
  WLD: 2.21,
};

/** Small, fast, seedable PRNG (mulberry32) so sample numbers never change between runs. */
export function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function decimalOf(value: number, significant = 6): string {
  return toDecimalString(Number(value.toPrecision(significant))) ?? "0";
}

function sparkline(symbol: string, price: number, change24h: number): number[] {
  const random = seededRandom(`spark:${symbol}`);
  const points = 168;
  const walk: number[] = [0];
  for (let i = 1; i < points; i++) walk.push((walk[i - 1] ?? 0) + (random() - 0.5) * 0.012);
  // End exactly at the price, and pass through the 24 h change a day before.
  const end = walk[points - 1] ?? 0;
  const dayAgo = walk[points - 25] ?? 0;
  const target = Math.log(1 / (1 + change24h / 100));
  return walk.map((w, i) => {
    const shifted = w - end;
    const correction = i >= points - 25 ? 0 : target - (dayAgo - end);
    const value = price * Math.exp(shifted + correction * (i / (points - 25)));
    return Number(value.toPrecision(6));
  });
}

/** The deterministic top-100 for the screener, with the tracked coins at their seed prices. */
export function sampleMarkets(now: Date): Quote[] {
  const lastUpdated = now.toISOString();
  const rows: Omit<Quote, "rank">[] = [];
  for (const coin of trackedCoins) {
    const details = trackedDetails[coin.symbol];
    if (!details) continue;
    const price = sampleUsdPrices[coin.symbol];
    const cap = multiply(price, details.supply, 0);
    const p = Number(price);
    rows.push({
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      priceUsd: price,
      marketCapUsd: cap,
      volume24hUsd: multiply(cap, coin.symbol === "USDT" ? "0.45" : "0.035", 0),
      high24hUsd: decimalOf(p * (1 + Math.max(details.change, 0) / 100 + 0.004)),
      low24hUsd: decimalOf(p * (1 + Math.min(details.change, 0) / 100 - 0.004)),
      change24hPct: details.change,
      sparkline7d:
        coin.symbol === "USDT"
          ? Array.from({ length: 168 }, () => 1)
          : sparkline(coin.symbol, p, details.change),
      lastUpdated,
      source: "sample",
    });
  }
  otherCoins.forEach(([id, symbol, name], index) => {
    const random = seededRandom(`coin:${symbol}`);
    const stable = ["USDC", "DAI", "TUSD"].includes(symbol);
    const price = stable ? 1 : (approximatePrices[symbol] ?? 10 ** (random() * 3 - 1.5));
    const capNumber = 40e9 * 0.955 ** index * (0.9 + random() * 0.2);
    const change = stable ? 0.01 : Math.round((random() * 14 - 6) * 100) / 100;
    rows.push({
      id,
      symbol,
      name,
      priceUsd: decimalOf(price),
      marketCapUsd: decimalOf(capNumber, 12),
      volume24hUsd: decimalOf(capNumber * (0.02 + random() * 0.08), 12),
      high24hUsd: decimalOf(price * (1 + Math.max(change, 0) / 100 + 0.006)),
      low24hUsd: decimalOf(price * (1 + Math.min(change, 0) / 100 - 0.006)),
      change24hPct: change,
      sparkline7d: stable ? Array.from({ length: 168 }, () => 1) : sparkline(symbol, price, change),
      lastUpdated,
      source: "sample",
    });
  });
  return rows
    .sort((a, b) => Number(b.marketCapUsd) - Number(a.marketCapUsd))
    .slice(0, 100)
    .map((row, i) => ({ ...row, rank: i + 1 }));
}

export function createSampleQuotesProvider(clock: () => Date = () => new Date()): QuotesProvider {
  return {
    source: "sample",
    async fetchQuotes(ids) {
      return sampleMarkets(clock()).filter((q) => ids.includes(q.id));
    },
    async fetchMarkets(limit) {
      return sampleMarkets(clock()).slice(0, limit);
    },
  };
}

export const sampleFxPerUsd = Object.freeze({ USD: "1", EUR: "0.85", GBP: "0.75", NGN: "1458.65" } as const);

export function createSampleFxProvider(clock: () => Date = () => new Date()): FxProvider {
  return {
    source: "sample",
    async fetchRates(): Promise<FxRate[]> {
      const asOf = clock().toISOString();
      return Object.entries(sampleFxPerUsd).map(([currency, perUsd]) => ({
        currency: currency as FxRate["currency"],
        perUsd,
        asOf,
        source: "sample",
      }));
    },
  };
}

const sampleHeadlines: { title: string; hoursAgo: number; summary: string }[] = [
  {
    title: "Bitcoin holds above $31,000 as spot ETF inflows continue",
    hoursAgo: 1,
    summary: "Sample item: BTC steadied while IBIT and FBTC reported net creations for a third day.",
  },
  {
    title: "BlackRock's IBIT becomes the largest spot bitcoin ETF by assets",
    hoursAgo: 3,
    summary: "Sample item: the iShares fund overtook GBTC in bitcoin held.",
  },
  {
    title: "Ethereum developers set a date for the next network upgrade",
    hoursAgo: 5,
    summary: "Sample item: ETH client teams agreed the schedule on their weekly call.",
  },
  {
    title: "Solana transaction fees fall after a scheduler update",
    hoursAgo: 8,
    summary: "Sample item: SOL validators adopted the new release over the weekend.",
  },
  {
    title: "Grayscale's GBTC sees smaller outflows as its mini trust grows",
    hoursAgo: 11,
    summary: "Sample item: redemptions from the older trust slowed.",
  },
  {
    title: "Tether publishes its quarterly reserves attestation",
    hoursAgo: 14,
    summary: "Sample item: USDT reserves were reported above liabilities.",
  },
  {
    title: "Fidelity adds bitcoin ETF research to its brokerage app",
    hoursAgo: 18,
    summary: "Sample item: FBTC holders can now follow fund holdings in the app.",
  },
  {
    title: "BNB Chain announces a new grants round for developers",
    hoursAgo: 22,
    summary: "Sample item: the program funds infrastructure and wallets.",
  },
  {
    title: "TRON stablecoin volume reaches a yearly high",
    hoursAgo: 27,
    summary: "Sample item: most USDT transfers on TRX ran through exchanges.",
  },
  {
    title: "Bitcoin Cash miners prepare for the next halving",
    hoursAgo: 31,
    summary: "Sample item: BCH block rewards halve roughly every four years.",
  },
  {
    title: "ARK Invest and 21Shares cut the ARKB fee",
    hoursAgo: 36,
    summary: "Sample item: the ARKB expense ratio is among the lowest of the spot bitcoin ETFs.",
  },
  {
    title: "Bitwise publishes the wallet addresses of the BITB fund",
    hoursAgo: 42,
    summary: "Sample item: anyone can verify the bitcoin BITB holds on chain.",
  },
];

export function sampleNews(now: Date): NewsItem[] {
  return sampleHeadlines.map((h, i) => ({
    url: `https://news.example.com/coinlens-sample/${i + 1}`,
    title: h.title,
    source: "Sample feed",
    publishedAt: new Date(now.getTime() - h.hoursAgo * 3_600_000).toISOString(),
    summary: h.summary,
    tags: tagMentions(`${h.title} ${h.summary}`),
  }));
}

export function createSampleNewsProvider(clock: () => Date = () => new Date()): NewsProvider {
  return { source: "sample", fetchNews: async () => sampleNews(clock()) };
}

/** The seed's ETF prices (§9) where it gives them; the others in its "$19 to $79" range. */
export const sampleEtfPrices: Readonly<Record<EtfSymbol, string>> = Object.freeze({
  IBIT: "38.52",
  FBTC: "58.74",
  GBTC: "62.18",
  BTC: "41.05",
  ARKB: "71.33",
  BITB: "36.63",
  HODL: "74.6",
  BRRR: "19.04",
  BTCO: "67.2",
  EZBC: "40.13",
  BTCW: "78.12",
  DEFI: "79.05",
});

const sampleBtcHeld: Record<EtfSymbol, string> = {
  IBIT: "470512.3",
  FBTC: "199877.6",
  GBTC: "204511.9",
  BTC: "45210.4",
  ARKB: "48320.1",
  BITB: "40118.7",
  HODL: "14890.2",
  BRRR: "5610.5",
  BTCO: "7420.8",
  EZBC: "5230.6",
  BTCW: "3410.9",
  DEFI: "152.3",
};

function dayNumber(day: string) {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** Daily bars ending at the seed price on the latest trading day; a fixed shape per fund and date. */
export function sampleEtfBars(symbol: EtfSymbol, lastDay: string, count: number): DailyBar[] {
  const days = recentTradingDays(lastDay, count);
  const phase = seededRandom(`etf-phase:${symbol}`)() * 6;
  const shape = (day: string) => {
    const t = dayNumber(day);
    const noise = seededRandom(`etf:${symbol}:${day}`)() - 0.5;
    return Math.exp(0.22 * Math.sin(t / 70 + phase) + 0.08 * Math.sin(t / 13 + phase * 2) + 0.03 * noise);
  };
  const price = Number(sampleEtfPrices[symbol]);
  const last = shape(lastDay);
  let previousClose: number | undefined;
  return days.map((day) => {
    const random = seededRandom(`etf-bar:${symbol}:${day}`);
    const close = day === lastDay ? price : (price * shape(day)) / last;
    const open = previousClose ?? close * (1 + (random() - 0.5) * 0.01);
    const high = Math.max(open, close) * (1 + random() * 0.012);
    const low = Math.min(open, close) * (1 - random() * 0.012);
    previousClose = close;
    return {
      day,
      open: open.toFixed(2),
      high: high.toFixed(2),
      low: low.toFixed(2),
      close: day === lastDay ? sampleEtfPrices[symbol] : close.toFixed(2),
      volume: String(Math.round(2e5 + random() * 4e6 * (Number(sampleBtcHeld[symbol]) / 1e5 + 0.2))),
    };
  });
}

/** Net flows (US$ m, one decimal) per fund over the last `count` trading days. */
export function sampleEtfFlows(symbols: readonly EtfSymbol[], lastDay: string, count: number): EtfFlow[] {
  const flows: EtfFlow[] = [];
  for (const day of recentTradingDays(lastDay, count)) {
    for (const symbol of symbols) {
      const random = seededRandom(`flow:${symbol}:${day}`);
      const size = Number(sampleBtcHeld[symbol]) / 100_000;
      const bias = symbol === "GBTC" ? -0.6 : 0.15;
      const value = (random() - 0.5 + bias) * 180 * Math.min(size, 3);
      flows.push({ symbol, day, netFlowUsdM: Math.abs(value) < 0.05 ? "0" : value.toFixed(1) });
    }
  }
  return flows;
}

/** The latest NYSE trading day on or before `now` in New York. */
export function latestTradingDay(now: Date): string {
  return recentTradingDays(newYorkTime(now).date, 1)[0] ?? newYorkTime(now).date;
}

export function createSampleEtfProvider(clock: () => Date = () => new Date()): EtfProvider {
  return {
    source: "sample",
    async fetchEtfs(symbols) {
      const now = clock();
      const lastDay = latestTradingDay(now);
      const bars = symbols.map((symbol) => ({ symbol, bars: sampleEtfBars(symbol, lastDay, 560) }));
      const quotes: EtfQuote[] = bars.map(({ symbol, bars: series }) => ({
        symbol,
        priceUsd: sampleEtfPrices[symbol],
        previousCloseUsd: series.at(-2)?.close ?? null,
        aumUsd: multiply(sampleBtcHeld[symbol], sampleUsdPrices.BTC, 0),
        btcHeld: sampleBtcHeld[symbol],
        asOf: now.toISOString(),
        source: "sample",
      }));
      return { quotes, bars, flows: sampleEtfFlows(symbols, lastDay, 10) };
    },
  };
}

export function createSampleProviders(clock: () => Date = () => new Date()): MarketDataProviders {
  return {
    quotes: createSampleQuotesProvider(clock),
    fx: createSampleFxProvider(clock),
    news: createSampleNewsProvider(clock),
    etfs: createSampleEtfProvider(clock),
  };
}

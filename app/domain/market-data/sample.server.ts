// Deterministic sample market data: the default offline and in tests, always labelled 'Sample
// data' where shown. The tracked coins sit at the seed's prices (sample-seed.ts); the rest of the
// top 100, news (sample-news.server.ts) and ETFs (sample-etf.server.ts) are generated from a fixed
// seed, so two runs, two servers and the tests see the same numbers. Only the timestamps follow
// the clock, so sample data is fresh while the refresher runs.
import { multiply, toDecimalString } from "./decimal.ts";
import type { FxProvider, MarketDataProviders, QuotesProvider } from "./providers.ts";
import { createSampleEtfProvider } from "./sample-etf.server.ts";
import { createSampleNewsProvider } from "./sample-news.server.ts";
import { sampleUsdPrices, seededRandom } from "./sample-seed.ts";
import { type FxRate, type Quote, trackedCoins } from "./types.ts";

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

export function createSampleProviders(clock: () => Date = () => new Date()): MarketDataProviders {
  return {
    quotes: createSampleQuotesProvider(clock),
    fx: createSampleFxProvider(clock),
    news: createSampleNewsProvider(clock),
    etfs: createSampleEtfProvider(clock),
  };
}

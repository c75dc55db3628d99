// The assets Coinlens keeps balances in, and the fixed scale of each (ADR 0030).
// Pure: imported by the browser and the server alike.
import { deepFreeze } from "../freeze.ts";

export const ASSETS = Object.freeze(["USD", "BTC", "ETH", "SOL", "BNB", "BCH", "TRX", "USDT"] as const);
export type Asset = (typeof ASSETS)[number];

/** The seven crypto assets, in the order the wallet lists them. */
export const CRYPTO_ASSETS = Object.freeze([
  "BTC",
  "ETH",
  "SOL",
  "BNB",
  "BCH",
  "TRX",
  "USDT",
] as const) satisfies readonly Asset[];
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

export interface AssetInfo {
  symbol: Asset;
  name: string;
  /** Number of decimal places of the smallest unit: an amount is an integer count of 10^-scale. */
  scale: number;
  /** Decimals shown by default in lists (formatting never rounds unless asked). */
  displayDecimals: number;
}

export const ASSET_INFO: Readonly<Record<Asset, AssetInfo>> = deepFreeze({
  USD: { symbol: "USD", name: "US Dollar", scale: 2, displayDecimals: 2 },
  BTC: { symbol: "BTC", name: "Bitcoin", scale: 8, displayDecimals: 8 },
  ETH: { symbol: "ETH", name: "Ethereum", scale: 9, displayDecimals: 6 },
  SOL: { symbol: "SOL", name: "Solana", scale: 9, displayDecimals: 4 },
  BNB: { symbol: "BNB", name: "BNB", scale: 8, displayDecimals: 4 },
  BCH: { symbol: "BCH", name: "Bitcoin Cash", scale: 8, displayDecimals: 6 },
  TRX: { symbol: "TRX", name: "TRON", scale: 6, displayDecimals: 2 },
  USDT: { symbol: "USDT", name: "Tether", scale: 6, displayDecimals: 2 },
});

export function isAsset(value: unknown): value is Asset {
  return typeof value === "string" && (ASSETS as readonly string[]).includes(value);
}

export function isCryptoAsset(value: unknown): value is CryptoAsset {
  return typeof value === "string" && (CRYPTO_ASSETS as readonly string[]).includes(value);
}

export function scaleOf(asset: Asset): number {
  return ASSET_INFO[asset].scale;
}

/** The largest amount a PostgreSQL bigint column holds: 2^63 − 1 minor units. */
export const MAX_AMOUNT_MINOR = 9_223_372_036_854_775_807n;

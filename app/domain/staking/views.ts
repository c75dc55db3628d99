// The shapes /stake and /fixed-etf's loaders send to the page (views.server.ts builds them): types
// only, so the UI can name them without importing server code. Amounts are decimal strings of
// minor units ("12345"): loader data is JSON.
import type { CryptoAsset } from "../money/assets.ts";

/** A stake's life: open until it matures (or the member exits early). */
export type PositionStatus = "open" | "matured" | "exited";

export interface ProductView {
  durationDays: number;
  aprBps: number;
  minimumUsdMinor: string;
}

export interface CoinView {
  asset: CryptoAsset;
  name: string;
  rank: number | null;
  priceUsd: string | null;
  marketCapUsd: string | null;
  volume24hUsd: string | null;
  high24hUsd: string | null;
  low24hUsd: string | null;
  availableMinor: string;
  products: ProductView[];
}

export interface PositionView {
  id: string;
  asset: CryptoAsset;
  durationDays: number;
  aprBps: number;
  amountMinor: string;
  rewardMinor: string;
  status: PositionStatus;
  openedAt: string;
  maturesAt: string;
  settledAt: string | null;
  progress: number;
}

export interface StakeBoardView {
  coins: CoinView[];
  positions: PositionView[];
  prices: { asOf: string | null; stale: boolean; sample: boolean };
  referralCode: string | null;
}

// Fixed-term staking rules (ADR 0060). Pure: imported by the browser (the stake form's
// estimates) and the server (opening and settling positions). Amounts are bigint minor units;
// rates are integer basis points; nothing here uses floating point on an amount.

import { deepFreeze } from "../freeze.ts";
import { formatAmount, parseAmount } from "../money/amount.ts";
import { ASSET_INFO, type CryptoAsset, scaleOf } from "../money/assets.ts";
import { amountOfUsdMinor, parsePrice, usdMinorOfAmount } from "../money/conversion.ts";
import { mulDiv, scaleDecimal } from "../money/decimal.ts";

/** The six terms the seed offers; the operator sets the rate of each (product brief §2). */
export const STAKE_DURATIONS_DAYS = Object.freeze([3, 7, 14, 30, 90, 180] as const);
export type StakeDurationDays = (typeof STAKE_DURATIONS_DAYS)[number];

/** The seed's names for the durations (its select shows these). */
export const DURATION_LABELS: Readonly<Record<StakeDurationDays, string>> = Object.freeze({
  3: "3 days",
  7: "7 days",
  14: "2 weeks",
  30: "1 month",
  90: "3 months",
  180: "6 months",
});

export function isStakeDuration(value: unknown): value is StakeDurationDays {
  return typeof value === "number" && (STAKE_DURATIONS_DAYS as readonly number[]).includes(value);
}

export const BPS_PER_UNIT = 10_000n;
export const DAYS_PER_YEAR = 365n;
export const DAY_MS = 86_400_000;

/** A staking product as the operator configures it. */
export interface StakingProduct {
  asset: CryptoAsset;
  durationDays: StakeDurationDays;
  /** Estimated annual rate in basis points (650 = 6.50 %). */
  aprBps: number;
  /** The smallest stake, valued in USD at the current price (USD minor units: 10000 = $100). */
  minimumUsdMinor: bigint;
  /** The most one member may have open in this product (asset minor units). */
  perMemberMaximumMinor: bigint;
  /** The most all members together may have open in this product (asset minor units). */
  totalCapacityMinor: bigint;
  enabled: boolean;
}

/**
 * The reward promised for a stake: amount × APR × days ÷ 365, rounded DOWN to the asset's minor
 * unit, so the operator never promises a fraction of a unit nobody can pay.
 */
export function stakeReward(amountMinor: bigint, aprBps: number, durationDays: number): bigint {
  if (typeof amountMinor !== "bigint") throw new TypeError("amountMinor must be a bigint");
  if (amountMinor < 0n) throw new RangeError("amountMinor must not be negative");
  if (!Number.isSafeInteger(aprBps) || aprBps < 0) throw new RangeError("aprBps must be a whole number ≥ 0");
  if (!Number.isSafeInteger(durationDays) || durationDays <= 0)
    throw new RangeError("durationDays must be a whole number > 0");
  return mulDiv(amountMinor, BigInt(aprBps) * BigInt(durationDays), BPS_PER_UNIT * DAYS_PER_YEAR, "down");
}

/** "6.5" for 650 bps: the APR as a percent, exact, without trailing zeros. */
export function formatAprPercent(aprBps: number): string {
  const whole = Math.trunc(aprBps / 100);
  const fraction = String(aprBps % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * An estimated reward as the member reads it (ADR 0060, addendum): at the asset's display decimals
 * (USDT 2, ETH 6, BTC 8 …), rounded DOWN so the words never promise more than the ledger will
 * pay: "2.46" for 2.465753 USDT. Balances and history keep the exact amount.
 */
export function formatReward(rewardMinor: bigint, asset: CryptoAsset): string {
  const scale = scaleOf(asset);
  const decimals = Math.min(ASSET_INFO[asset].displayDecimals, scale);
  const shown = scaleDecimal({ digits: rewardMinor, scale }, decimals, "down");
  const truncated = shown * 10n ** BigInt(scale - decimals);
  // Trailing zeros go, as in every other amount the app shows ("500 USDT", "2.4 USDT").
  return formatAmount(truncated, asset, { grouping: true });
}

/** When a stake opened at `openedAt` for `durationDays` matures. */
export function maturityDate(openedAt: Date, durationDays: number): Date {
  return new Date(openedAt.getTime() + durationDays * DAY_MS);
}

/** How far through its term a position is, 0 to 1 (display only). */
export function stakeProgress(openedAt: Date, maturesAt: Date, now: Date): number {
  const total = maturesAt.getTime() - openedAt.getTime();
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (now.getTime() - openedAt.getTime()) / total));
}

export interface EarlyExitPreview {
  /** What returns to the member's available balance now: the principal, nothing more. */
  returnedMinor: bigint;
  /** The reserved reward the member gives up; it goes back to the rewards pool. */
  forfeitedRewardMinor: bigint;
}

/** Ending a stake before maturity returns the principal only and releases the reserved reward. */
export function earlyExitPreview(position: { amountMinor: bigint; rewardMinor: bigint }): EarlyExitPreview {
  return { returnedMinor: position.amountMinor, forfeitedRewardMinor: position.rewardMinor };
}

/**
 * The USD value of an amount, in USD minor units rounded DOWN (for the minimum check, the stake
 * counts for no more than it is worth). `priceUsd` is an exact decimal string.
 */
export function usdValueMinor(amountMinor: bigint, asset: CryptoAsset, priceUsd: string): bigint {
  return usdMinorOfAmount(amountMinor, asset, parsePrice(priceUsd), "down");
}

/** The smallest amount of `asset` worth at least `usdMinor` at `priceUsd` (rounded UP). */
export function minimumInAsset(usdMinor: bigint, asset: CryptoAsset, priceUsd: string): bigint {
  return amountOfUsdMinor(usdMinor, asset, parsePrice(priceUsd), "up");
}

// ---------------------------------------------------------------------------------------------
// Seeded defaults: realistic estimated rates, longer terms higher (product brief §2).

/** APR in basis points for 3, 7, 14, 30, 90 and 180 days. */
export const DEFAULT_APR_BPS: Readonly<Record<CryptoAsset, readonly number[]>> = deepFreeze({
  BTC: [100, 125, 150, 200, 300, 400],
  ETH: [250, 275, 300, 350, 425, 500],
  SOL: [500, 550, 600, 650, 725, 800],
  BNB: [300, 350, 400, 450, 550, 650],
  BCH: [100, 125, 150, 200, 275, 350],
  TRX: [400, 500, 600, 700, 900, 1100],
  USDT: [400, 450, 500, 600, 750, 900],
});

/** Per-member maximum and total capacity per product, in whole units of the asset. */
const DEFAULT_LIMITS: Readonly<Record<CryptoAsset, { perMember: string; capacity: string }>> = {
  BTC: { perMember: "5", capacity: "100" },
  ETH: { perMember: "100", capacity: "2000" },
  SOL: { perMember: "5000", capacity: "100000" },
  BNB: { perMember: "500", capacity: "10000" },
  BCH: { perMember: "500", capacity: "10000" },
  TRX: { perMember: "2500000", capacity: "50000000" },
  USDT: { perMember: "250000", capacity: "5000000" },
};

/** The seed's minimum: 100 USD for every wallet. */
export const DEFAULT_MINIMUM_USD_MINOR = 10_000n;

export function defaultStakingProducts(): StakingProduct[] {
  return (Object.keys(DEFAULT_APR_BPS) as CryptoAsset[]).flatMap((asset) =>
    STAKE_DURATIONS_DAYS.map((durationDays, i) => ({
      asset,
      durationDays,
      aprBps: DEFAULT_APR_BPS[asset][i] as number,
      minimumUsdMinor: DEFAULT_MINIMUM_USD_MINOR,
      perMemberMaximumMinor: parseAmount(DEFAULT_LIMITS[asset].perMember, asset),
      totalCapacityMinor: parseAmount(DEFAULT_LIMITS[asset].capacity, asset),
      enabled: true,
    })),
  );
}

// The deposit and withdrawal methods: one source of truth for the method cards (/deposit,
// /withdrawal) and the forms' limits (seed §5 and §9). Pure; the browser imports it.

import { deepFreeze } from "../freeze.ts";
import { formatAmount, parseAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";

export type DepositMethodId = "btc" | "usdt" | "bank";
export type WithdrawalMethodId = "btc" | "usdt" | "bank";

export interface AmountLimits {
  asset: Asset;
  /** Smallest accepted amount in minor units. */
  minMinor: bigint;
  /** True when the minimum itself is refused ("above 0.0001"). */
  minExclusive: boolean;
  maxMinor: bigint;
}

export interface PaymentMethod<Id extends string> {
  id: Id;
  name: string;
  /** Icon key the UI maps to an image (public/images/methods/<icon>.svg) or a lucide icon. */
  icon: "btc" | "usdt" | "bank";
  /** Seed §9, verbatim. */
  processingTime: string;
  feePercent: string;
  limits: AmountLimits;
  path: string;
  recommended: boolean;
  /** Network shown on the card and the form ("Bitcoin", "TRON (TRC20)"). */
  network?: string;
}

function limits(asset: Asset, min: string, max: string, minExclusive = false): AmountLimits {
  return { asset, minMinor: parseAmount(min, asset), maxMinor: parseAmount(max, asset), minExclusive };
}

export const DEPOSIT_METHODS: readonly PaymentMethod<DepositMethodId>[] = deepFreeze([
  {
    id: "btc",
    name: "Bitcoin (BTC)",
    icon: "btc",
    processingTime: "Instant to 1 day",
    feePercent: "0",
    // Seed §5: "amount above 0.0001 and at most 10".
    limits: limits("BTC", "0.0001", "10", true),
    path: "/btc-deposit",
    recommended: true,
    network: "Bitcoin",
  },
  {
    id: "usdt",
    name: "Tether (USDT)",
    icon: "usdt",
    processingTime: "Instant to 1 day",
    feePercent: "0",
    // Seed §5: "at least 0.008 and at most 10,000".
    limits: limits("USDT", "0.008", "10000"),
    path: "/usdt-deposit",
    recommended: false,
    network: "TRON (TRC20)",
  },
  {
    id: "bank",
    name: "Online bank transfer",
    icon: "bank",
    processingTime: "1 hour to 1 day",
    feePercent: "0",
    limits: limits("USD", "3", "10000"),
    path: "/online-deposit",
    recommended: false,
  },
]);

export const WITHDRAWAL_METHODS: readonly PaymentMethod<WithdrawalMethodId>[] = deepFreeze([
  {
    id: "bank",
    name: "Online bank",
    icon: "bank",
    processingTime: "1 hour to 1 day",
    feePercent: "0",
    limits: limits("USD", "3", "10000"),
    path: "/online-bank-withdrawal",
    recommended: true,
  },
  {
    id: "btc",
    name: "Bitcoin (BTC)",
    icon: "btc",
    processingTime: "Instant to 1 day",
    feePercent: "0",
    limits: limits("BTC", "0.00001", "10000"),
    path: "/btc-withdrawal",
    recommended: false,
    network: "Bitcoin",
  },
  {
    id: "usdt",
    name: "Tether (USDT)",
    icon: "usdt",
    processingTime: "Instant to 1 day",
    feePercent: "0",
    limits: limits("USDT", "3", "10000"),
    path: "/usdt-withdrawal",
    recommended: false,
    network: "TRON (TRC20)",
  },
]);

export function depositMethod(id: DepositMethodId): PaymentMethod<DepositMethodId> {
  return DEPOSIT_METHODS.find((m) => m.id === id) as PaymentMethod<DepositMethodId>;
}

export function withdrawalMethod(id: WithdrawalMethodId): PaymentMethod<WithdrawalMethodId> {
  return WITHDRAWAL_METHODS.find((m) => m.id === id) as PaymentMethod<WithdrawalMethodId>;
}

/** "0.00001 – 10,000 BTC" for a card; "Above 0.0001, up to 10 BTC" when the minimum is exclusive. */
export function describeLimits(l: AmountLimits): string {
  const min = formatAmount(l.minMinor, l.asset, { grouping: true });
  const max = formatAmount(l.maxMinor, l.asset, { grouping: true });
  return l.minExclusive ? `Above ${min}, up to ${max} ${l.asset}` : `${min} – ${max} ${l.asset}`;
}

export function isWithinLimits(amountMinor: bigint, l: AmountLimits): boolean {
  const aboveMin = l.minExclusive ? amountMinor > l.minMinor : amountMinor >= l.minMinor;
  return aboveMin && amountMinor <= l.maxMinor;
}

/** The message shown next to an amount outside the limits. */
export function limitsMessage(l: AmountLimits): string {
  const min = formatAmount(l.minMinor, l.asset, { grouping: true });
  const max = formatAmount(l.maxMinor, l.asset, { grouping: true });
  return l.minExclusive
    ? `Enter an amount above ${min} ${l.asset} and at most ${max} ${l.asset}.`
    : `Enter an amount from ${min} to ${max} ${l.asset}.`;
}

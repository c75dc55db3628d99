// Paying the membership from the balance, and how a membership's state is said (pure; the
// checkout page, the Billing page and the server share it). ADR 0070.
import { formatDate } from "../dates.ts";
import { formatAmount, formatWithSymbol } from "../money/amount.ts";
import { scaleOf } from "../money/assets.ts";
import { amountOfUsdMinor, parsePrice } from "../money/conversion.ts";
import type { BillingPeriod } from "./plans.ts";

/** What a membership can be paid with from the balance, in the order the page lists them. */
export const CRYPTO_PAY_ASSETS = Object.freeze(["USD", "USDT", "BTC"] as const);
export type CryptoPayAsset = (typeof CRYPTO_PAY_ASSETS)[number];

export function isCryptoPayAsset(value: unknown): value is CryptoPayAsset {
  return typeof value === "string" && (CRYPTO_PAY_ASSETS as readonly string[]).includes(value);
}

export const PAY_ASSET_LABELS: Readonly<Record<CryptoPayAsset, string>> = Object.freeze({
  USD: "USD cash",
  USDT: "Tether (USDT)",
  BTC: "Bitcoin (BTC)",
});

/**
 * How much of `asset` pays `usdMinor` cents at `priceUsd` (USD per whole unit): rounded UP to the
 * asset's minor unit, so the operator is never paid less than the price. USD cash is the price itself.
 */
export function cryptoAmountFor(usdMinor: bigint, asset: CryptoPayAsset, priceUsd: string): bigint {
  if (usdMinor <= 0n) throw new RangeError("the price must be above zero");
  if (asset === "USD") return usdMinor;
  return amountOfUsdMinor(usdMinor, asset, parsePrice(priceUsd), "up");
}

/**
 * The amount as the member is asked to pay it: "$3,000.00", "3,000.00 USDT", "0.03210000 BTC"
 * (BTC at its full eight decimals, so the button shows exactly what leaves the balance).
 */
export function payAmountText(minor: bigint, asset: CryptoPayAsset): string {
  if (asset === "USD") return formatWithSymbol(minor, "USD");
  const decimals = asset === "BTC" ? scaleOf("BTC") : 2;
  return `${formatAmount(minor, asset, { grouping: true, minDecimals: decimals })} ${asset}`;
}

/** "$3,000.00" from USD cents. */
export const usdText = (minor: bigint) => formatWithSymbol(minor, "USD");

export const PERIOD_LABELS: Readonly<Record<BillingPeriod, string>> = Object.freeze({
  monthly: "Monthly",
  yearly: "Yearly",
});

export const PERIOD_NOUNS: Readonly<Record<BillingPeriod, string>> = Object.freeze({
  monthly: "month",
  yearly: "year",
});

export const cryptoCheckoutMessages = Object.freeze({
  expired: "This quote has expired. Please get a new quote.",
  stalePrices:
    "Prices are out of date right now, so paying in crypto is paused. Please try again in a few minutes or pay with USD cash.",
  demo: "Demo funds are virtual: they cannot pay for a membership. Switch to your real account to pay from its balance.",
  chooseAsset: "Choose what to pay with.",
  noBalance: (asset: CryptoPayAsset) => `You have no ${asset} to pay with. Choose another balance.`,
  balanceLow: (balance: string, needed: string) =>
    `Your balance is too low for this payment: you have ${balance} and it costs ${needed}. Deposit more or choose another balance.`,
  cardManaged:
    "Your membership is paid by card. Change it in Settings → Billing, or cancel it there before paying in crypto.",
  changed: "Your membership changed since this quote. Please get a new quote.",
  notOffered: "This plan cannot be bought right now.",
  shorterPeriod:
    "Switching to a shorter period takes effect at your next renewal: change it in Settings → Billing.",
  notFound: "This quote was not found. Please get a new quote.",
  nothingDue: "Nothing is due on your membership.",
  unexpected: "An error occurred. Please try again.",
} as const);

// ---------------------------------------------------------------------------------------------
// How a membership's state is said (Settings → Billing)

export interface StatusInput {
  status: "active" | "past_due" | "expired";
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  graceUntil: Date | null;
}

/**
 * "Active"; "Active until 1 Dec 2026" once cancelled; "Payment due — access until 4 Dec 2026"
 * during grace; "Expired" when access has ended (also for a live row whose time ran out before
 * the job moved it on: what the member holds is what we say).
 */
export function membershipStatusLabel(sub: StatusInput | null, now: Date): string {
  if (!sub) return "Expired";
  if (sub.status === "past_due") {
    if (!sub.graceUntil || now.getTime() >= sub.graceUntil.getTime()) return "Expired";
    return `Payment due — access until ${formatDate(sub.graceUntil)}`;
  }
  if (sub.status === "expired") return "Expired";
  if (now.getTime() >= sub.currentPeriodEnd.getTime())
    return sub.cancelAtPeriodEnd ? "Expired" : "Renewal due";
  return sub.cancelAtPeriodEnd ? `Active until ${formatDate(sub.currentPeriodEnd)}` : "Active";
}

/** When a crypto renewal is announced: RENEWAL_REMINDER_DAYS before it takes the balance. */
export function reminderDueAt(periodEnd: Date, reminderDays: number): Date {
  return new Date(periodEnd.getTime() - reminderDays * 24 * 60 * 60 * 1000);
}

/** The end of the grace a failed renewal gets. */
export function graceEndFor(periodEnd: Date, graceDays: number): Date {
  return new Date(periodEnd.getTime() + graceDays * 24 * 60 * 60 * 1000);
}

/**
 * The membership offer shown in the pricing block. Prices and features are operator data (the
 * plans table, read by pricing.server.ts); this file is pure so the browser can format them too.
 */
import { deepFreeze } from "../freeze.ts";
import { groupThousands } from "../money/decimal.ts";

export type BillingPeriod = "monthly" | "yearly";

export interface MembershipPrices {
  monthlyCents: number;
  yearlyCents: number;
}

/** What the pricing block sells: the offered plan, its prices in whole cents and its lines. */
export interface MembershipOffer extends MembershipPrices {
  planId: string;
  name: string;
  features: string[];
}

/** The seed's prices (§ constants): 250.00 dollars a month, 3000.00 dollars a year. */
export const defaultMembershipPrices: Readonly<MembershipPrices> = Object.freeze({
  monthlyCents: 25_000,
  yearlyCents: 300_000,
});

export const paymentMethods = deepFreeze({
  card: {
    label: "Pay with Card",
    methods: ["Visa", "Mastercard", "American Express"],
    note: "Charged in USD by our card processor. We never see or store your full card number.",
  },
  crypto: {
    label: "Pay with Crypto",
    methods: ["Bitcoin (BTC)", "Tether (USDT, TRC20)"],
    note: "Paid from your wallet balance at the quoted rate. The price in USD stays the same.",
  },
} as const);
export type PaymentKind = keyof typeof paymentMethods;

export function isPaymentKind(value: unknown): value is PaymentKind {
  return value === "card" || value === "crypto";
}

/** Whole cents → "$3,000.00". Integer arithmetic only; amounts are never floats. */
export function formatUsdCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a price in cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, "0");
  return `$${groupThousands(dollars.toString())}.${rest}`;
}

/** "Research: a curated list…" → a bold title and its text; a line without a title is all text. */
export function splitFeature(line: string): { title: string | null; text: string } {
  const at = line.indexOf(": ");
  if (at <= 0 || at > 40) return { title: null, text: line };
  const text = line.slice(at + 2);
  // "Research: a curated list" reads as the pricing block always showed it: "Research: A curated list".
  return { title: line.slice(0, at), text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` };
}

/**
 * The checkout with the chosen plan, period and payment method (app/routes/_app/billing/).
 */
export function checkoutHref(planId: string, period: BillingPeriod, method: PaymentKind): string {
  const query = new URLSearchParams({ plan: planId, period, method });
  return `/billing/checkout?${query.toString()}`;
}

/**
 * The pricing block's Subscribe: the checkout for a member, sign-up for a visitor, who comes back
 * to the same checkout once their address is confirmed (the confirmation link carries it).
 */
export function subscribeHref(input: {
  planId: string;
  period: BillingPeriod;
  method: PaymentKind;
  signedIn: boolean;
}): string {
  const checkout = checkoutHref(input.planId, input.period, input.method);
  return input.signedIn ? checkout : `/signup?redirectTo=${encodeURIComponent(checkout)}`;
}

/** What a year costs less than twelve months, in cents (0 when it does not). */
export function yearlySavingCents(prices: MembershipPrices): number {
  return Math.max(0, prices.monthlyCents * 12 - prices.yearlyCents);
}

/**
 * The membership offer shown in the pricing block. Prices are operator settings in integer cents
 * (see pricing.server.ts); this file is pure so the browser can format them too.
 */
import { deepFreeze } from "../freeze.ts";

export type BillingPeriod = "monthly" | "yearly";

export interface MembershipPrices {
  monthlyCents: number;
  yearlyCents: number;
}

/** The seed's prices (§ constants): 250.00 dollars a month, 3000.00 dollars a year. */
export const defaultMembershipPrices: Readonly<MembershipPrices> = Object.freeze({
  monthlyCents: 25_000,
  yearlyCents: 300_000,
});

export const offerFeatures = deepFreeze([
  { title: "Research", text: "A curated list of token picks and investments." },
  { title: "Analysis", text: "Trading setups for informed decisions." },
  { title: "Community", text: "Real-time feedback and live events." },
  { title: "Tools", text: "Portfolio optimisation and data-driven insights." },
] as const);

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

/** Whole cents → "$3,000.00". Integer arithmetic only; amounts are never floats. */
export function formatUsdCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a price in cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, "0");
  return `$${dollars.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${rest}`;
}

// Membership plans and the rules of a paid period (pure; browser-importable). Plans are operator
// data (db/schema/membership.ts); this file knows only how to read them. ADR 0070.
import type { BillingPeriod } from "../content/pricing.ts";

export type { BillingPeriod };
export const BILLING_PERIODS = Object.freeze([
  "monthly",
  "yearly",
] as const satisfies readonly BillingPeriod[]);
export type PaymentMethod = "card" | "crypto";
export const PAYMENT_METHODS = Object.freeze(["card", "crypto"] as const satisfies readonly PaymentMethod[]);
export type SubscriptionStatus = "active" | "past_due" | "expired";

/** A member is told of a price change this many days before it applies to their renewal. */
export const PRICE_CHANGE_NOTICE_DAYS = 30;
/** After a failed renewal, access continues this long while we ask the member to pay. */
export const GRACE_DAYS = 3;
/** A crypto renewal is announced this many days before it takes the balance. */
export const RENEWAL_REMINDER_DAYS = 3;

export interface Plan {
  id: string;
  name: string;
  monthlyPriceMinor: bigint;
  yearlyPriceMinor: bigint;
  nextMonthlyPriceMinor: bigint | null;
  nextYearlyPriceMinor: bigint | null;
  nextPricesFrom: Date | null;
  features: string[];
  entitlements: string[];
  isDefault: boolean;
  active: boolean;
  sortOrder: number;
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return value === "monthly" || value === "yearly";
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return value === "card" || value === "crypto";
}

/** Whether a plan is on sale: active, paid, and not the free default every member holds. */
export function isForSale(plan: Plan | null | undefined): plan is Plan {
  return plan?.active === true && !plan.isDefault && plan.monthlyPriceMinor > 0n;
}

/** What a period of the plan costs for a period starting at `at` (a scheduled change applies from its date). */
export function priceFor(plan: Plan, period: BillingPeriod, at: Date): bigint {
  const scheduled = plan.nextPricesFrom !== null && at.getTime() >= plan.nextPricesFrom.getTime();
  if (period === "monthly") {
    return scheduled && plan.nextMonthlyPriceMinor !== null
      ? plan.nextMonthlyPriceMinor
      : plan.monthlyPriceMinor;
  }
  return scheduled && plan.nextYearlyPriceMinor !== null ? plan.nextYearlyPriceMinor : plan.yearlyPriceMinor;
}

/**
 * The end of a period that starts at `start`: the same day and time one calendar month or year
 * later (UTC), clamped to the month's last day (31 January + 1 month = 28 or 29 February).
 */
export function addPeriod(start: Date, period: BillingPeriod): Date {
  const months = period === "monthly" ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/**
 * The unused part of a paid period, credited when a member switches: price × remaining / length,
 * rounded down to the cent (the member is never credited more than they paid). Zero once over.
 */
export function prorationCredit(input: {
  priceMinor: bigint;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): bigint {
  const length = BigInt(input.periodEnd.getTime() - input.periodStart.getTime());
  if (length <= 0n) return 0n;
  const remaining = BigInt(
    Math.max(0, input.periodEnd.getTime() - Math.max(input.now.getTime(), input.periodStart.getTime())),
  );
  return (input.priceMinor * remaining) / length;
}

// ---------------------------------------------------------------------------------------------
// Entitlements: 'area:level' ('research:premium', 'events:live') or 'area:N' for a limit ('alerts:50').

export const ENTITLEMENT_PATTERN = /^[a-z][a-z-]*:[a-z0-9-]+$/;

export function isEntitlement(value: unknown): value is string {
  return typeof value === "string" && ENTITLEMENT_PATTERN.test(value);
}

export function grants(granted: readonly string[], wanted: string): boolean {
  return granted.includes(wanted);
}

/** The largest limit granted for an area ('alerts' with 'alerts:50' → 50), or 0 if none. */
export function entitlementLimit(granted: readonly string[], area: string): number {
  let limit = 0;
  for (const entry of granted) {
    const [name, value] = entry.split(":");
    if (name === area && value && /^\d+$/.test(value)) limit = Math.max(limit, Number(value));
  }
  return limit;
}

/** CL-000042: the invoice number as printed. */
export function formatInvoiceNumber(number: bigint): string {
  return `CL-${number.toString().padStart(6, "0")}`;
}

/** Days → milliseconds, for the period rules above. */
export const days = (n: number) => n * 24 * 60 * 60 * 1000;

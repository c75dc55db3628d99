// What a refused premium request carries (ADR 0070; pure, so the error boundaries that render it
// can read it in the browser). requireEntitlement (app/utils/entitlements.server.ts) builds it.
import { formatWithSymbol } from "../money/amount.ts";

/** What a paywall shows: the plan that grants the entitlement and its prices (cents as strings). */
export interface Paywall {
  entitlement: string;
  plan: {
    id: string;
    name: string;
    monthlyPriceMinor: string;
    yearlyPriceMinor: string;
    features: string[];
  } | null;
}

export interface PaywallBody {
  error: "entitlement_required";
  message: string;
  paywall: Paywall;
}

export function isPaywallBody(value: unknown): value is PaywallBody {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { error?: unknown }).error === "entitlement_required"
  );
}

/** What the refused page is part of, in words ("Premium research"). */
export function entitlementArea(entitlement: string): string {
  const [area, level] = entitlement.split(":");
  const names: Record<string, string> = {
    research: "research",
    alerts: "price alerts",
    events: "live events",
  };
  const name = names[area ?? ""] ?? area ?? "this feature";
  return level === "premium" || level === "live" ? `Premium ${name}` : `More ${name}`;
}

/** "$250.00", or null for a price that is not a whole number of cents (never shown wrong). */
export function paywallPrice(minor: string): string | null {
  return /^\d{1,15}$/.test(minor) ? formatWithSymbol(BigInt(minor), "USD") : null;
}

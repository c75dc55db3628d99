// What the checkout's first page shows (ADR 0070): the plan, its price for the chosen period, and
// whether the member can buy it now. Paying is the card and crypto checkouts' (their own routes).
import type { Db } from "../../db/client.server.ts";
import { formatWithSymbol } from "../money/amount.ts";
import { getMembership, givesAccess } from "./membership.server.ts";
import { getOfferedPlan, getPlan } from "./plans.server.ts";
import {
  type BillingPeriod,
  isBillingPeriod,
  isForSale,
  isPaymentMethod,
  type PaymentMethod,
  priceFor,
} from "./plans.ts";

const usd = (minor: bigint) => formatWithSymbol(minor, "USD");

export interface CheckoutStart {
  plan: { id: string; name: string; features: string[] };
  period: BillingPeriod;
  method: PaymentMethod;
  monthly: string;
  yearly: string;
  /** The chosen period's price. */
  price: string;
  /** What a year saves against twelve monthly payments (null when nothing). */
  yearlySaving: string | null;
  /** The member already holds this plan: nothing to buy here, Billing manages it. */
  alreadyMember: { until: string; cancelling: boolean } | null;
}

/** Reads ?plan=&period=&method= as given, falling back to the offered plan, monthly and card. */
export function checkoutChoices(params: URLSearchParams) {
  const period = params.get("period");
  const method = params.get("method");
  return {
    planId: params.get("plan"),
    period: isBillingPeriod(period) ? period : ("monthly" as const),
    method: isPaymentMethod(method) ? method : ("card" as const),
  };
}

/** Null when there is nothing to sell under that name (an unknown, free or withdrawn plan). */
export async function checkoutStart(
  db: Db,
  input: { userId: string; planId: string | null; period: BillingPeriod; method: PaymentMethod; now?: Date },
): Promise<CheckoutStart | null> {
  const now = input.now ?? new Date();
  const plan = input.planId ? await getPlan(db, input.planId) : await getOfferedPlan(db);
  if (!isForSale(plan)) return null;
  const monthly = priceFor(plan, "monthly", now);
  const yearly = priceFor(plan, "yearly", now);
  const saving = monthly * 12n - yearly;
  const membership = await getMembership(db, input.userId, now);
  const sub = membership.subscription;
  const holds = sub && sub.planId === plan.id && givesAccess(sub, now);
  return {
    plan: { id: plan.id, name: plan.name, features: [...plan.features] },
    period: input.period,
    method: input.method,
    monthly: usd(monthly),
    yearly: usd(yearly),
    price: usd(input.period === "monthly" ? monthly : yearly),
    yearlySaving: saving > 0n ? usd(saving) : null,
    alreadyMember: holds
      ? { until: sub.currentPeriodEnd.toISOString(), cancelling: sub.cancelAtPeriodEnd }
      : null,
  };
}

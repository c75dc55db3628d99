import type { Db } from "../../db/client.server.ts";
import { getOfferedPlan } from "../membership/plans.server.ts";
import type { MembershipOffer } from "./pricing.ts";

/**
 * What the pricing block sells: the operator's offered plan (membership_plans, ADR 0070) with its
 * current prices and lines, or null when no paid plan is offered (then nothing is for sale and
 * the block is not shown). Prices are whole cents; a plan priced beyond a safe integer is not shown.
 */
export async function getMembershipOffer(db: Db): Promise<MembershipOffer | null> {
  const plan = await getOfferedPlan(db);
  if (!plan) return null;
  const monthlyCents = Number(plan.monthlyPriceMinor);
  const yearlyCents = Number(plan.yearlyPriceMinor);
  if (!Number.isSafeInteger(monthlyCents) || !Number.isSafeInteger(yearlyCents)) return null;
  return { planId: plan.id, name: plan.name, monthlyCents, yearlyCents, features: [...plan.features] };
}

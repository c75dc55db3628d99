// The one server-side check for paid features (ADR 0070). Every premium loader, action and API
// calls requireEntitlement; a page or link the member cannot see is never the check.
import { getDb } from "../db/db.server.ts";
import type { CurrentSession } from "../domain/accounts/common.server.ts";
import { getMembership, type Membership } from "../domain/membership/membership.server.ts";
import type { PaywallBody } from "../domain/membership/paywall.ts";
import { getOfferedPlan } from "../domain/membership/plans.server.ts";
import { grants } from "../domain/membership/plans.ts";
import { type RouteArgs, requireSession } from "./auth.server.ts";

export { isPaywallBody, type Paywall, type PaywallBody } from "../domain/membership/paywall.ts";

export const paywallMessage = "This is part of the Premium membership.";

/** The paywall a refused request carries: what it is part of, and the plan that grants it. */
export async function paywallBody(entitlement: string): Promise<PaywallBody> {
  const plan = (await getOfferedPlan(getDb())) ?? null;
  return {
    error: "entitlement_required",
    message: paywallMessage,
    paywall: {
      entitlement,
      plan:
        plan && grants(plan.entitlements, entitlement)
          ? {
              id: plan.id,
              name: plan.name,
              monthlyPriceMinor: plan.monthlyPriceMinor.toString(),
              yearlyPriceMinor: plan.yearlyPriceMinor.toString(),
              features: plan.features,
            }
          : null,
    },
  };
}

/**
 * The signed-in member's session and membership when they hold `entitlement`. Otherwise a 403
 * whose JSON body carries the paywall: an API caller gets it as is, and a page's error boundary
 * (the _app layout's) renders it as the paywall with the plan and Subscribe.
 */
export async function requireEntitlement(
  args: RouteArgs,
  entitlement: string,
): Promise<{ session: CurrentSession; membership: Membership }> {
  const session = await requireSession(args);
  const membership = await getMembership(getDb(), session.user.id);
  if (grants(membership.entitlements, entitlement)) return { session, membership };
  throw Response.json(await paywallBody(entitlement), {
    status: 403,
    headers: { "Cache-Control": "private, no-store" },
  });
}

/**
 * The same check without refusing: for a page that shows everyone part of itself (an article's
 * opening) and the rest only to holders. The caller must leave the rest out itself.
 */
export async function hasEntitlement(args: RouteArgs, entitlement: string): Promise<boolean> {
  const session = await requireSession(args);
  const membership = await getMembership(getDb(), session.user.id);
  return grants(membership.entitlements, entitlement);
}

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
  const db = getDb();
  const membership = await getMembership(db, session.user.id);
  if (grants(membership.entitlements, entitlement)) return { session, membership };
  const plan = (await getOfferedPlan(db)) ?? null;
  const body: PaywallBody = {
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
  throw Response.json(body, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

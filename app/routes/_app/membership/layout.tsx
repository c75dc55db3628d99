import { Outlet } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { getMembership } from "~/domain/membership/membership.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/layout";

export const meta = () => [{ title: "Your membership · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const membership = await getMembership(getDb(), session.user.id);
  return {
    planName: membership.plan.name,
    paid: !membership.plan.isDefault,
    until: membership.subscription?.currentPeriodEnd.toISOString() ?? null,
  };
}

/** /membership and its premium section: what the member's plan gives them, and what Premium adds. */
export default function MembershipLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-4xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Your membership</h1>
        <p className="mt-1 text-muted" data-testid="membership-plan">
          You are on {loaderData.planName}.
        </p>
      </div>
      <Outlet />
    </div>
  );
}

import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { checkoutHref } from "~/domain/content/pricing.ts";
import { planOffer } from "~/domain/membership/billing-page.server.ts";
import { getMembership } from "~/domain/membership/membership.server.ts";
import { getOfferedPlan } from "~/domain/membership/plans.server.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { PlanFeatures } from "~/ui/membership/plan-features.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/overview";

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const db = getDb();
  const [membership, offered] = [await getMembership(db, session.user.id), await getOfferedPlan(db)];
  return {
    current: {
      name: membership.plan.name,
      features: membership.plan.features,
      paid: !membership.plan.isDefault,
    },
    offer: offered ? planOffer(offered) : null,
  };
}

export default function MembershipOverview({ loaderData: { current, offer } }: Route.ComponentProps) {
  const holdsOffer = offer !== null && current.paid && current.name === offer.name;
  return (
    <>
      <Card>
        <CardHeader title={`What ${current.name} includes`} />
        <div className="px-5 py-5">
          <PlanFeatures features={current.features} />
        </div>
      </Card>
      {offer && !holdsOffer ? (
        <Card>
          <CardHeader title={`What ${offer.name} adds`} />
          <div className="grid gap-6 px-5 py-5 md:grid-cols-[1fr_auto]">
            <PlanFeatures features={offer.features} />
            <div className="flex flex-col gap-2 md:w-56">
              <p className="text-ink">
                <span className="text-2xl font-extrabold tabular-nums">{offer.monthly}</span>{" "}
                <span className="text-sm text-muted">per month</span>
              </p>
              <p className="-mt-1 text-sm text-muted">or {offer.yearly} per year</p>
              <ButtonLink to={checkoutHref(offer.planId, "monthly", "card")}>Subscribe</ButtonLink>
            </div>
          </div>
        </Card>
      ) : null}
      <Link
        to="/membership/premium"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
      >
        Open the Premium member area
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </>
  );
}

import { LockKeyhole } from "lucide-react";
import { checkoutHref } from "~/domain/content/pricing.ts";
import { entitlementArea, type PaywallBody, paywallPrice } from "~/domain/membership/paywall.ts";
import { ButtonLink } from "../button.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";
import { PlanFeatures } from "./plan-features.tsx";

/**
 * What a member without the entitlement sees instead of a premium page or section: what it is
 * part of, the plan that unlocks it with its prices and lines, and Subscribe. The server refused
 * the content (requireEntitlement); this only explains the refusal.
 */
export function PaywallCard({
  body,
  headingLevel = 2,
  className,
}: {
  body: PaywallBody;
  /** 1 when the paywall is the whole page. */
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const { plan, entitlement } = body.paywall;
  const Heading = `h${headingLevel}` as const;
  const monthly = plan ? paywallPrice(plan.monthlyPriceMinor) : null;
  const yearly = plan ? paywallPrice(plan.yearlyPriceMinor) : null;
  return (
    <Card className={cn("overflow-hidden", className)} data-testid="paywall">
      <div className="flex items-start gap-4 border-b border-line bg-brand-soft/60 px-5 py-5 sm:px-6">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand text-inverse">
          <LockKeyhole aria-hidden className="size-5" />
        </span>
        <div>
          <p className="text-sm font-semibold text-brand-strong">{entitlementArea(entitlement)}</p>
          <Heading className="mt-1 text-xl font-bold tracking-tight text-ink">{body.message}</Heading>
        </div>
      </div>
      {plan ? (
        <div className="grid gap-6 px-5 py-5 sm:px-6 md:grid-cols-[1fr_auto]">
          <div>
            <p className="text-sm font-semibold text-ink">Everything in {plan.name}</p>
            <PlanFeatures features={plan.features} className="mt-3" />
          </div>
          <div className="flex flex-col gap-3 md:w-56">
            {monthly ? (
              <p className="text-ink">
                <span className="text-2xl font-extrabold tabular-nums">{monthly}</span>{" "}
                <span className="text-sm text-muted">per month</span>
              </p>
            ) : null}
            {yearly ? <p className="-mt-2 text-sm text-muted">or {yearly} per year</p> : null}
            <ButtonLink to={checkoutHref(plan.id, "monthly", "card")} className="w-full">
              Subscribe
            </ButtonLink>
            <p className="text-xs text-muted">
              Cancel any time; access runs to the end of the period you paid for.
            </p>
          </div>
        </div>
      ) : (
        <p className="px-5 py-5 text-sm text-muted sm:px-6">
          No plan offers this at the moment. Please check again later.
        </p>
      )}
    </Card>
  );
}

import { Clock } from "lucide-react";
import { Link } from "react-router";
import { deepFreeze } from "~/domain/freeze.ts";
import { Badge } from "../badge.tsx";
import { Card } from "../card.tsx";

/** What each premium entitlement opens, and whether it is open yet (research is; the others not yet). */
export const premiumBenefits = deepFreeze([
  {
    entitlement: "research:premium",
    title: "Premium research",
    text: "Curated token picks and investment research written for members.",
    available: true,
    href: "/research",
  },
  {
    entitlement: "alerts:50",
    title: "Price alerts",
    text: "Up to 50 price alerts on the coins you follow.",
    available: false,
    href: null,
  },
  {
    entitlement: "events:live",
    title: "Live events",
    text: "Live sessions with real-time feedback from analysts and the community.",
    available: true,
    href: "/events",
  },
] as const);

/** The heading and first paragraph: what everyone sees, members or not (the teaser). */
export function PremiumAreaIntro() {
  return (
    <div>
      <h2 className="text-xl font-bold tracking-tight text-ink">Premium member area</h2>
      <p className="mt-2 text-muted">
        Research, price alerts and live events for Premium members, in one place, each opening here as it
        launches.
      </p>
    </div>
  );
}

/** The rest, for members only (the server refuses it to anyone else). */
export function PremiumAreaBenefits({ entitlements }: { entitlements: readonly string[] }) {
  return (
    <div className="space-y-4" data-testid="premium-benefits">
      <ul className="grid gap-3 sm:grid-cols-3">
        {premiumBenefits.map((benefit) => (
          <li key={benefit.entitlement}>
            <Card className="h-full px-4 py-4">
              <p className="font-semibold text-ink">{benefit.title}</p>
              <p className="mt-1 text-sm text-muted">{benefit.text}</p>
              <p className="mt-3">
                {benefit.available && entitlements.includes(benefit.entitlement) ? (
                  <span className="flex flex-wrap items-center gap-3">
                    <Badge tone="positive">Included</Badge>
                    {benefit.href ? (
                      <Link to={benefit.href} className="text-sm font-semibold text-brand hover:underline">
                        Open {benefit.title.toLowerCase()}
                      </Link>
                    ) : null}
                  </span>
                ) : (
                  <Badge tone="neutral">
                    <Clock aria-hidden className="mr-1 size-3" />
                    Coming soon
                  </Badge>
                )}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Those not open yet are included in your membership as they launch, at no extra cost. Your plan,
        invoices and receipts are on{" "}
        <Link to="/settings/billing" className="font-semibold text-brand hover:underline">
          Settings → Billing
        </Link>
        .
      </p>
    </div>
  );
}

import { isRouteErrorResponse } from "react-router";
import { isPaywallBody } from "~/domain/membership/paywall.ts";
import { ErrorPanel } from "~/ui/error-panel.tsx";
import { PaywallCard } from "~/ui/membership/paywall.tsx";
import { PremiumAreaBenefits, PremiumAreaIntro } from "~/ui/membership/premium-area.tsx";
import { requireEntitlement } from "~/utils/entitlements.server.ts";
import { errorPageContent } from "~/utils/error-page.ts";
import type { Route } from "./+types/premium";

export const meta = () => [{ title: "Premium member area · Coinlens" }];

/** The premium section: refused on the server without the entitlement (ADR 0070). */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await requireEntitlement(args, "research:premium");
  return { entitlements: membership.entitlements };
}

export default function PremiumArea({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-5">
      <PremiumAreaIntro />
      <PremiumAreaBenefits entitlements={loaderData.entitlements} />
    </section>
  );
}

/** Without Premium: the heading and first paragraph, and the paywall in place of the rest. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403 && isPaywallBody(error.data)) {
    return (
      <section className="space-y-5">
        <PremiumAreaIntro />
        <PaywallCard body={error.data} />
      </section>
    );
  }
  return <ErrorPanel content={errorPageContent(error)} inShell />;
}

import { ArrowRight, BellRing, ChartPie, FileSpreadsheet, Scale, ShieldCheck, Wallet } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { ButtonLink } from "~/ui/button.tsx";
import { RegisterButtons, RiskNote } from "~/ui/marketing/cta-buttons.tsx";
import { MarketingPage } from "~/ui/marketing/marketing-page.tsx";
import { useBrand } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/pmi";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Portfolio Management",
    description: "Track, value and rebalance your crypto portfolio with balances from a real ledger.",
    path: "/pmi",
    matches,
  });

const points = [
  {
    icon: Wallet,
    title: "Every coin in one place",
    text: "Your wallets for BTC, ETH, SOL, BNB, BCH, TRX and USDT, from a double-entry ledger, with what you hold elsewhere: watch-only addresses and transactions from other platforms.",
  },
  {
    icon: ChartPie,
    title: "See your allocation",
    text: "Your holdings by coin and in USD, EUR or GBP, at quoted prices that show their source and age.",
  },
  {
    icon: Scale,
    title: "Rebalance with a plan",
    text: "See each coin's share of your portfolio at a glance, so decisions come from a plan rather than a mood.",
  },
  {
    icon: BellRing,
    title: "Research alongside",
    text: "Research notes and our market direction are part of the same membership, each with the reasoning behind it.",
  },
  {
    icon: FileSpreadsheet,
    title: "Complete history",
    text: "Every deposit, withdrawal, stake, reward and swap, filterable and exportable as CSV for your records.",
  },
  {
    icon: ShieldCheck,
    title: "You stay in control",
    text: "We do not trade for you. Portfolio Management is a set of tools; every decision stays yours.",
  },
];

/** A signed-in member goes straight to their portfolio; a visitor is offered to join or sign in. */
function PortfolioCta({ signedIn }: { signedIn: boolean }) {
  const brand = useBrand();
  if (signedIn) {
    return (
      <div className="mt-8">
        <ButtonLink to="/portfolio" size="lg">
          Open your portfolio <ArrowRight aria-hidden className="size-5" />
        </ButtonLink>
        <p className="mt-3 text-sm text-muted">
          Your holdings on {brand.name} and elsewhere, their allocation, performance and gains.
        </p>
        <RiskNote className="mt-2" />
      </div>
    );
  }
  return (
    <div className="mt-8">
      <RegisterButtons />
      <p className="mt-3 text-sm text-muted">
        Already a member?{" "}
        <Link to="/login?redirectTo=%2Fportfolio" className="font-semibold text-brand underline">
          Sign in to open your portfolio
        </Link>
      </p>
    </div>
  );
}

export default function PortfolioManagementPage() {
  const brand = useBrand();
  const layout = useRouteLoaderData("routes/_public/layout") as { signedIn?: boolean } | undefined;
  return (
    <MarketingPage
      eyebrow="Portfolio Management"
      title="Manage your crypto portfolio with clear numbers"
      intro={
        <p>
          {brand.name} brings your wallets, their value and our research together, so you can see what you
          own, why you own it and how it has moved. It is a toolset, not a managed account: no one trades on
          your behalf and no return is promised.
        </p>
      }
      points={points}
      cta={<PortfolioCta signedIn={layout?.signedIn ?? false} />}
    />
  );
}

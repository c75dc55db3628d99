import { BellRing, ChartPie, FileSpreadsheet, Scale, ShieldCheck, Wallet } from "lucide-react";
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
    text: "Wallets for BTC, ETH, SOL, BNB, BCH, TRX and USDT, with balances drawn from a double-entry ledger.",
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

export default function PortfolioManagementPage() {
  const brand = useBrand();
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
    />
  );
}

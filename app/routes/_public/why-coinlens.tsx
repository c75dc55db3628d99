import { BookOpenCheck, GraduationCap, Landmark, LifeBuoy, ShieldCheck, Users } from "lucide-react";
import { MarketingPage } from "~/ui/marketing/marketing-page.tsx";
import { useBrand } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/why-coinlens";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Why choose us",
    description:
      "Research you can check, honest numbers, protected money and a demo account to learn without risk.",
    path: "/why-coinlens",
    matches,
  });

const points = [
  {
    icon: BookOpenCheck,
    title: "Research you can check",
    text: "Every pick and setup shows its sources and what would prove it wrong.",
  },
  {
    icon: Landmark,
    title: "Honest numbers",
    text: "Balances come from a double-entry ledger; every price shows its source and age; sample data is labelled.",
  },
  {
    icon: ShieldCheck,
    title: "Protected withdrawals",
    text: "Two-factor confirmation and a person's approval before money leaves, and a deposit address of your own.",
  },
  {
    icon: GraduationCap,
    title: "Learn without risk",
    text: "A free demo account with virtual funds lets you try every feature before you use real money.",
  },
  {
    icon: Users,
    title: "A community that helps",
    text: "Members and analysts answer questions in real time and at live events.",
  },
  {
    icon: LifeBuoy,
    title: "Support by people",
    text: "Write to us from the contact page or the app and a member of the team answers.",
  },
];

export default function WhyChooseUsPage() {
  const brand = useBrand();
  return (
    <MarketingPage
      eyebrow={`Why ${brand.name}`}
      title="Invest with research, not rumours"
      intro={
        <p>
          Crypto moves fast and most of what you read is noise. {brand.name} gives you checked research, clear
          tools and a safe place to learn, so the decisions you make are informed ones.
        </p>
      }
      points={points}
    />
  );
}

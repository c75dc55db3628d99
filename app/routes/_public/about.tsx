import { BookOpenCheck, Landmark, ShieldCheck, Users } from "lucide-react";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { useBrand } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "About Us",
    description: "Who we are and how we work: research first, honest numbers, your money protected.",
    path: "/about",
    matches,
  });

const values = [
  {
    icon: BookOpenCheck,
    title: "Research first",
    text: "Every pick and setup shows its reasoning and sources, so you can check it and learn from it.",
  },
  {
    icon: Landmark,
    title: "Honest numbers",
    text: "Balances come from a double-entry ledger; prices and rates always say where they come from and how old they are.",
  },
  {
    icon: ShieldCheck,
    title: "Your money protected",
    text: "Withdrawals need two-factor confirmation and a person's approval, and deposit addresses are yours alone.",
  },
  {
    icon: Users,
    title: "For every level",
    text: "Beginners start with a demo account and virtual funds; experienced investors get depth without noise.",
  },
];

export default function AboutPage() {
  const brand = useBrand();
  return (
    <div className="container-page py-12">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold text-brand">About Us</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          A research and analysis firm for crypto investors, founded in 2024
        </h1>
        <p className="mt-4 text-lg text-muted">
          {brand.name} brings research, analysis, community and tools together in one membership, so investors
          at every level can make informed decisions, and hold, stake and swap their coins in the same place.
        </p>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        {values.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="p-6">
            <span className="grid size-10 place-items-center rounded-md bg-brand-soft text-brand">
              <Icon aria-hidden className="size-5" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </Card>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/signup" size="lg">
          Register
        </ButtonLink>
        <ButtonLink to="/contact" size="lg" variant="secondary">
          Contact Us
        </ButtonLink>
      </div>
    </div>
  );
}

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../card.tsx";
import { RegisterButtons } from "./cta-buttons.tsx";

export interface MarketingPoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The shared shape of the marketing pages: headline, points, Register and Try Free Demo. */
export function MarketingPage({
  eyebrow,
  title,
  intro,
  points,
  cta,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  points: MarketingPoint[];
  /** In place of Register and Try Free Demo (a signed-in member is offered the tool itself). */
  cta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-soft/70 to-canvas">
        <div className="container-page py-14 sm:py-20">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold text-brand">{eyebrow}</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
            <div className="mt-4 text-lg text-muted">{intro}</div>
            {cta ?? <RegisterButtons className="mt-8" />}
          </div>
        </div>
      </section>
      <section className="container-page py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {points.map(({ icon: Icon, title: pointTitle, text }) => (
            <li key={pointTitle}>
              <Card className="h-full p-6">
                <span className="grid size-10 place-items-center rounded-md bg-brand-soft text-brand">
                  <Icon aria-hidden className="size-5" />
                </span>
                <h2 className="mt-4 text-lg font-semibold text-ink">{pointTitle}</h2>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
        {children}
      </section>
    </>
  );
}

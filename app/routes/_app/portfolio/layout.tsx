import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { cn } from "~/ui/cn.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/layout";

export const meta = () => [{ title: "Portfolio · Coinlens" }];

// Each section's own loader checks the session too; this one keeps the whole /portfolio tree
// behind sign-in even for a section that reads nothing.
export async function loader(args: Route.LoaderArgs) {
  await requireSession(args);
  return null;
}

const SECTIONS = Object.freeze([
  { to: "/portfolio", label: "Overview", end: true },
  { to: "/portfolio/performance", label: "Performance", end: false },
  { to: "/portfolio/gains", label: "Gains and income", end: false },
  { to: "/portfolio/insights", label: "Insights", end: false },
  { to: "/portfolio/accounts", label: "Holdings elsewhere", end: false },
] as const);

/**
 * The portfolio tracker (issue 19): what the member holds on Coinlens and elsewhere, its value over
 * time, returns, gains, insights and the accounts kept outside Coinlens. Insights, never advice.
 */
export default function PortfolioLayout() {
  // On a phone the five sections scroll sideways: bring the current one into view (sideways only,
  // never moving the page up or down).
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each change of section (the link it reads is marked by the router)
  useEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold",
      isActive ? "border-brand text-brand-strong" : "border-transparent text-muted hover:text-ink",
    );
  return (
    <div className="container-page max-w-5xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Portfolio</h1>
        <p className="mt-1 text-muted">
          Everything you hold, on Coinlens and elsewhere, in one place. Figures and insights, never advice.
        </p>
        <nav
          ref={nav}
          aria-label="Portfolio sections"
          className="relative mt-4 overflow-x-auto border-b border-line"
        >
          <ul className="flex gap-1">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end} className={link}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}

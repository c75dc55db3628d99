import { Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { portfolioOverview } from "~/domain/portfolio/overview.server.ts";
import { formatInCurrency } from "~/domain/portfolio/overview.ts";
import type { DisplayCurrency } from "~/domain/portfolio/valuation.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card } from "~/ui/card.tsx";
import { asOfText, DataLabels } from "~/ui/market/data-labels.tsx";
import { AllocationChart } from "~/ui/portfolio/allocation-chart.tsx";
import { CurrencySwitcher } from "~/ui/portfolio/currency-switcher.tsx";
import { Amount, EyeToggle } from "~/ui/portfolio/hidden-amount.tsx";
import { HoldingsTable } from "~/ui/portfolio/holdings-table.tsx";
import {
  DayChange,
  DemoModeNote,
  EmptyPortfolio,
  SectionCards,
  SourceSplit,
} from "~/ui/portfolio/overview-parts.tsx";
import { useDisplayPrefs } from "~/ui/portfolio/use-display-prefs.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/overview";

export const meta = () => [
  { title: "Portfolio · Coinlens" },
  { name: "description", content: "Everything you hold, on Coinlens and elsewhere, in your currency." },
];

/** The real account only (ADR 0078), whichever account this session has chosen. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const overview = await portfolioOverview(getDb(), {
    userId: session.user.id,
    staleSeconds: getConfig().market.staleSeconds,
  });
  return {
    overview,
    demoMode: session.session.accountMode === "demo",
    prefs: parseDisplayPrefs(args.request.headers.get("cookie")),
  };
}

export default function PortfolioOverviewPage({ loaderData }: Route.ComponentProps) {
  const { overview, demoMode } = loaderData;
  const { rows, totals, prices, fx } = overview;
  const [prefs, setPrefs] = useDisplayPrefs(loaderData.prefs);
  const rates = fx.rates;
  // Without a rate for the chosen currency the page stays in USD and says why.
  const currency: DisplayCurrency = rates[prefs.currency] !== undefined ? prefs.currency : "USD";
  const total = formatInCurrency(BigInt(totals.totalUsdCents), currency, rates) ?? "—";
  const priced = rows.filter((r) => r.shareBps !== null);
  return (
    <div className="space-y-6">
      {demoMode ? <DemoModeNote /> : null}
      <Card className="overflow-hidden">
        <section aria-labelledby="total-heading" className="space-y-4 bg-brand-soft/40 p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h2
                id="total-heading"
                className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted"
              >
                Total value <Badge tone="brand">Real account</Badge>
              </h2>
              <p
                className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
                data-testid="portfolio-total"
              >
                <Amount hidden={prefs.hidden}>{total}</Amount>
              </p>
              {rows.length > 0 ? (
                <DayChange totals={totals} currency={currency} rates={rates} hidden={prefs.hidden} />
              ) : null}
            </div>
            <div className="flex items-end gap-2">
              <CurrencySwitcher value={prefs.currency} onChange={(c) => setPrefs({ currency: c })} />
              <EyeToggle hidden={prefs.hidden} onToggle={() => setPrefs({ hidden: !prefs.hidden })} />
            </div>
          </div>
          {rows.length > 0 ? (
            <SourceSplit totals={totals} currency={currency} rates={rates} hidden={prefs.hidden} />
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <DataLabels sample={prices.sample} stale={prices.stale} asOf={prices.asOf} />
            {currency !== "USD" ? (
              <span>
                {currency} at {rates[currency]} per USD, {asOfText(fx.asOf)}
                {fx.sample ? " (sample rate)" : ""}
                {fx.stale ? " (stale rate)" : ""}
              </span>
            ) : null}
            {prefs.currency !== currency ? (
              <span className="text-warning">No {prefs.currency} rate yet: values are shown in USD.</span>
            ) : null}
          </div>
          {totals.unpriced.length > 0 ? (
            <p className="text-sm text-warning">
              Listed without a value until a price is available: {totals.unpriced.join(", ")}.
            </p>
          ) : null}
          {overview.walletsPending > 0 ? (
            <p className="text-sm text-muted">
              {overview.walletsPending === 1
                ? "One watch-only wallet's balance is not known yet"
                : `${overview.walletsPending} watch-only wallets' balances are not known yet`}{" "}
              (
              <Link to="/portfolio/accounts" className="font-semibold text-brand underline">
                see Holdings elsewhere
              </Link>
              ).
            </p>
          ) : null}
        </section>
      </Card>

      {rows.length === 0 ? (
        <EmptyPortfolio />
      ) : (
        <>
          {priced.length > 0 ? (
            <Card className="p-5 sm:p-6">
              <section aria-labelledby="allocation-heading">
                <h2 id="allocation-heading" className="mb-4 text-lg font-semibold text-ink">
                  Allocation by asset
                </h2>
                <AllocationChart
                  caption="Share of total value by asset"
                  slices={priced.map((r) => ({
                    asset: r.asset,
                    name: r.asset === "USD" ? "Cash" : r.name,
                    shareBps: BigInt(r.shareBps ?? "0"),
                  }))}
                />
              </section>
            </Card>
          ) : null}
          <Card>
            <section aria-labelledby="holdings-heading">
              <h2 id="holdings-heading" className="px-5 pt-5 pb-3 text-lg font-semibold text-ink sm:px-6">
                Holdings
              </h2>
              <HoldingsTable rows={rows} currency={currency} rates={rates} hidden={prefs.hidden} />
            </section>
          </Card>
          <p className="text-xs text-muted">
            Values are estimates at the prices shown and can change at any time; 24 h changes are the prices'
            moves in US dollars. Holdings elsewhere are what you told us or what a public address shows;
            Coinlens does not hold them.
          </p>
        </>
      )}
      <SectionCards />
    </div>
  );
}

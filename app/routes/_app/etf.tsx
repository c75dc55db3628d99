import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { featuredEtfSymbols } from "~/domain/market-data/types.ts";
import { etfListView } from "~/domain/market-data/views.server.ts";
import { Card } from "~/ui/card.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { EtfCard } from "~/ui/market/etf-card.tsx";
import { EtfFlowsChart } from "~/ui/market/etf-flows-chart.tsx";
import { EtfFlowsTable } from "~/ui/market/etf-flows-table.tsx";
import { InvestTabs } from "~/ui/market/invest-tabs.tsx";
import type { Route } from "./+types/etf";

export const meta = () => [
  { title: "Invest · Coinlens" },
  { name: "description", content: "Spot Bitcoin ETFs: prices, holdings and flows." },
];

export async function loader() {
  return etfListView(getDb(), getConfig().market.staleSeconds);
}

export default function EtfList({ loaderData }: Route.ComponentProps) {
  const { funds, flows, sample, stale, asOf } = loaderData;
  const featured = featuredEtfSymbols.flatMap((s) => funds.filter((f) => f.symbol === s));
  // Every fund in the flows table has a card: the featured ten, then the others it lists.
  const others = funds.filter(
    (f) => !featuredEtfSymbols.includes(f.symbol) && flows.flows.some((row) => row.symbol === f.symbol),
  );
  return (
    <div className="container-page space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Invest</h1>
        <p className="mt-1 text-muted">Research the spot Bitcoin ETFs: prices, holdings, flows and news.</p>
      </div>
      <InvestTabs current="us-stocks" />
      <section aria-labelledby="featured-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="featured-heading" className="text-lg font-semibold text-ink">
            Featured ETFs
          </h2>
          <DataLabels sample={sample} stale={stale} asOf={asOf} />
        </div>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          {featured.map((fund) => (
            <li key={fund.symbol}>
              <EtfCard fund={fund} />
            </li>
          ))}
        </ul>
      </section>
      {others.length > 0 ? (
        <section aria-labelledby="more-funds-heading" className="space-y-4">
          <h2 id="more-funds-heading" className="text-lg font-semibold text-ink">
            More spot Bitcoin ETFs
          </h2>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
            {others.map((fund) => (
              <li key={fund.symbol}>
                <EtfCard fund={fund} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Card>
        <div className="border-b border-line px-5 py-4">
          <h2 className="text-base font-semibold text-ink">Daily net flows</h2>
          <p className="mt-1 text-sm text-muted">
            Creations minus redemptions per fund, in US$ millions. {flows.sample ? "Sample data." : null}
          </p>
        </div>
        <EtfFlowsChart days={flows.days} flows={flows.flows} />
        <EtfFlowsTable days={flows.days} flows={flows.flows} />
      </Card>
    </div>
  );
}

import { Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { featuredEtfSymbols } from "~/domain/market-data/types.ts";
import { etfListView } from "~/domain/market-data/views.server.ts";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EtfMark } from "~/ui/market/coin-mark.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
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
              <Link
                to={`/etfabout?symbol=${fund.symbol}`}
                className="block h-full rounded-lg border border-line bg-surface p-3 shadow-card sm:p-4 transition hover:border-brand hover:shadow-pop"
              >
                <EtfMark symbol={fund.symbol} className="size-11" />
                <p className="mt-3 line-clamp-2 min-h-10 text-sm font-semibold text-ink">{fund.name}</p>
                <p className="text-xs text-muted">{fund.symbol}</p>
                <p className="mt-2 flex items-baseline justify-between gap-2">
                  <span className="font-mono text-base font-semibold tabular-nums text-ink">
                    {formatUsd(fund.priceUsd)}
                  </span>
                  <span
                    className={cn(
                      "font-mono text-xs tabular-nums",
                      fund.changePct == null
                        ? "text-muted"
                        : fund.changePct >= 0
                          ? "text-positive"
                          : "text-negative",
                    )}
                  >
                    {formatPercent(fund.changePct, { signed: true })}
                  </span>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Card>
        <div className="border-b border-line px-5 py-4">
          <h2 className="text-base font-semibold text-ink">Daily net flows</h2>
          <p className="mt-1 text-sm text-muted">
            Creations minus redemptions per fund, in US$ millions. {flows.sample ? "Sample data." : null}
          </p>
        </div>
        <EtfFlowsTable days={flows.days} flows={flows.flows} />
      </Card>
    </div>
  );
}

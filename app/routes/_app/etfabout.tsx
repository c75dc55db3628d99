import { CalendarClock, ExternalLink } from "lucide-react";
import { useState } from "react";
import { data, Link, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import {
  formatExpenseRatio,
  formatNumber,
  formatPercent,
  formatUsd,
  timeAgo,
} from "~/domain/market-data/format.ts";
import { isEtfSymbol } from "~/domain/market-data/types.ts";
import { etfDetailView } from "~/domain/market-data/views.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EtfMark } from "~/ui/market/coin-mark.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { PriceChart } from "~/ui/market/price-chart.tsx";
import { Tabs } from "~/ui/tabs.tsx";
import type { Route } from "./+types/etfabout";

type Tab = "about" | "financials" | "news";
const tabs: Tab[] = ["about", "financials", "news"];

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData ? `${loaderData.info.name} (${loaderData.info.symbol})` : "ETF details";
  return [
    { title: `${name} · Coinlens` },
    { name: "description", content: "About, financials and news for one spot Bitcoin ETF." },
  ];
}

/** /etfabout?symbol=IBIT (About tab) and /etffinancials?symbol=IBIT (Financials tab); ?tab= picks one too. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const symbol = (url.searchParams.get("symbol") ?? "").toUpperCase();
  if (!symbol) throw redirect("/etf");
  if (!isEtfSymbol(symbol)) throw data("We do not track an ETF with that symbol.", { status: 404 });
  const requested = url.searchParams.get("tab");
  const tab: Tab = tabs.includes(requested as Tab)
    ? (requested as Tab)
    : url.pathname.startsWith("/etffinancials")
      ? "financials"
      : "about";
  return { ...(await etfDetailView(getDb(), symbol, getConfig().market.staleSeconds)), tab };
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-line px-4 py-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-1 font-mono text-base font-semibold tabular-nums text-ink">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

export default function EtfAbout({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const [tab, setTab] = useState<Tab>(d.tab);
  const price = d.quote ? Number(d.quote.priceUsd) : null;
  const previous = d.quote?.previousCloseUsd ? Number(d.quote.previousCloseUsd) : null;
  const change = price != null && previous != null ? price - previous : null;
  const changePct = d.quote?.changePct ?? null;
  const now = new Date(d.now);

  const onTab = (value: string) => {
    setTab(value as Tab);
    // Keeps the tab in the address (reload and sharing) without reloading data.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", value);
    window.history.replaceState(window.history.state, "", url);
  };

  const changeLine = (
    <p
      className={cn(
        "font-mono text-sm tabular-nums",
        change == null ? "text-muted" : change >= 0 ? "text-positive" : "text-negative",
      )}
    >
      {change == null
        ? "No previous close yet"
        : `${change >= 0 ? "+" : "−"}$${Math.abs(change).toFixed(2)} (${formatPercent(changePct, { signed: true })}) since the previous close`}
    </p>
  );

  const about = (
    <div className="space-y-5">
      <Card className="p-5">
        <PriceChart symbol={d.info.symbol} history={d.history} />
      </Card>
      <p
        className="rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink"
        data-testid="range-note"
      >
        {d.rangeNote}
      </p>
      <div className="flex flex-col gap-3 rounded-lg bg-brand-soft p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-strong" />
          <div>
            <p className="font-semibold text-brand-strong">Set a Recurring Purchase</p>
            <p className="text-sm text-ink">
              Buy a coin with a fixed amount every day, week or month from your Coinlens balance.
            </p>
          </div>
        </div>
        <ButtonLink to="/recurring">Set a Recurring Purchase</ButtonLink>
      </div>
      <Card className="p-5">
        <h2 className="text-base font-semibold text-ink">About {d.info.symbol}</h2>
        <p className="mt-2 text-sm text-muted">
          {d.info.name} is a spot bitcoin exchange-traded fund from {d.info.issuer}. Each share tracks the
          price of the bitcoin the fund holds, less its fees, and trades on a US stock exchange during market
          hours. An ETF share cannot be staked and earns no interest.
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Issuer" value={d.info.issuer} />
          <Stat label="Expense ratio" value={formatExpenseRatio(d.info.expenseRatioBps)} />
          <Stat label="Inception" value={formatDate(d.info.inception)} />
          <Stat
            label="Bitcoin held"
            value={d.quote?.btcHeld ? `${formatNumber(d.quote.btcHeld)} BTC` : "Not available"}
          />
        </dl>
      </Card>
    </div>
  );

  const s = d.stats;
  const financials = (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-ink">Financials</h2>
      <p className="mt-2 font-mono text-2xl font-bold tabular-nums text-ink">
        {formatUsd(d.quote?.priceUsd)}
      </p>
      {changeLine}
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
        <Stat label="Open" value={formatUsd(s.open)} />
        <Stat label="High" value={formatUsd(s.high)} />
        <Stat label="Low" value={formatUsd(s.low)} />
        <Stat label="52 week high" value={formatUsd(s.week52High)} />
        <Stat label="52 week low" value={formatUsd(s.week52Low)} />
        <Stat label="Volume" value={formatNumber(s.volume, { compact: true })} />
        <Stat label="Avg Vol (30 days)" value={formatNumber(s.avgVolume30d, { compact: true })} />
        <Stat label="Assets under management" value={formatUsd(d.quote?.aumUsd, { compact: true })} />
        <Stat label="Expense ratio" value={formatExpenseRatio(d.info.expenseRatioBps)} />
        <Stat
          label="P/E Ratio"
          value="Not applicable"
          note="The fund holds bitcoin, which has no earnings."
        />
        <Stat label="Div/Yield" value="Not applicable" note="The fund pays no dividends." />
      </dl>
    </Card>
  );

  const news = (
    <Card>
      {d.news.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-muted">
          No recent news mentions {d.info.symbol} or {d.info.issuer}.
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {d.news.map((item) => (
            <li key={item.url} className="px-5 py-4">
              <p className="text-xs text-muted">
                {item.source} · <time dateTime={item.publishedAt}>{timeAgo(item.publishedAt, now)}</time>
              </p>
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-flex items-start gap-1 font-semibold text-ink hover:text-brand"
              >
                {item.title}
                <ExternalLink aria-hidden className="mt-1 size-3.5 shrink-0" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="border-t border-line px-5 py-3 text-sm">
        <Link to={`/news?coin=${d.info.symbol}`} className="font-semibold text-brand hover:underline">
          All news about {d.info.symbol}
        </Link>
      </p>
    </Card>
  );

  return (
    <div className="container-page space-y-6 py-8">
      <p className="text-sm">
        <Link to="/etf" className="font-semibold text-brand hover:underline">
          ← All ETFs
        </Link>
      </p>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-center gap-4">
          <EtfMark symbol={d.info.symbol} />
          <div>
            <h1 className="text-xl font-bold tracking-tight text-ink sm:text-2xl">{d.info.name}</h1>
            <p className="text-sm text-muted">
              {d.info.symbol} · {d.info.issuer}
            </p>
          </div>
        </div>
        <div className="sm:text-right">
          <p className="font-mono text-3xl font-bold tabular-nums text-ink" data-testid="etf-price">
            {formatUsd(d.quote?.priceUsd)}
          </p>
          {changeLine}
          <div className="mt-2 flex flex-wrap items-center gap-2 sm:justify-end">
            <Badge tone={d.market.open ? "positive" : "neutral"}>
              <span
                title={
                  d.market.open
                    ? `NYSE closes at ${d.market.closesAt} New York time`
                    : `NYSE: ${d.market.reason}`
                }
              >
                {d.market.open ? "Market Open" : "Market Closed"}
              </span>
            </Badge>
            <DataLabels sample={d.sample} stale={d.stale} asOf={d.quote?.asOf ?? null} />
          </div>
        </div>
      </header>
      <Tabs
        label={`${d.info.symbol} details`}
        value={tab}
        onValueChange={onTab}
        items={[
          { value: "about", label: "About", content: about },
          { value: "financials", label: "Financials", content: financials },
          { value: "news", label: "News", content: news },
        ]}
      />
    </div>
  );
}

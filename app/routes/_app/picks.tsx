import { Target } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import { picksView } from "~/domain/research/track-record.server.ts";
import { formatBp, PICK_PERIODS, type PickPeriod } from "~/domain/research/track-record.ts";
import { Badge } from "~/ui/badge.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Select } from "~/ui/select.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/picks";

export const meta = () => [
  { title: "Picks track record · Coinlens" },
  { name: "description", content: "Every pick we have published, open and closed, against holding Bitcoin." },
];

const PERIOD_LABELS: Readonly<Record<PickPeriod, string>> = Object.freeze({
  all: "All time",
  "30d": "Published in the last 30 days",
  "90d": "Published in the last 90 days",
  "1y": "Published in the last year",
});

/** A return for the page: its text and whether it is up, down or flat (for colour, never alone). */
const shown = (bp: bigint | null) => ({
  text: formatBp(bp),
  sign: bp === null ? 0 : bp > 0n ? 1 : bp < 0n ? -1 : 0,
});

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const periodParam = params.get("period") ?? "all";
  const period = (PICK_PERIODS as readonly string[]).includes(periodParam)
    ? (periodParam as PickPeriod)
    : "all";
  const analyst = params.get("analyst") ?? "";
  const view = await picksView(getDb(), {
    now: new Date(),
    staleSeconds: getConfig().market.staleSeconds,
    period,
    analystId: analyst || undefined,
  });
  const s = view.summary;
  return {
    period,
    analyst: view.analysts.some((a) => a.id === analyst) ? analyst : "",
    analysts: view.analysts,
    sample: view.sample,
    unpriced: view.unpriced,
    summary: {
      count: s.count,
      hits: s.hits,
      hitRate: shown(s.hitRateBp),
      beatBtc: s.beatBtc,
      average: shown(s.averageBp),
      median: shown(s.medianBp),
      best: shown(s.bestBp),
      worst: shown(s.worstBp),
    },
    picks: view.picks.map((p) => ({
      ...p,
      returns: p.returns
        ? {
            own: shown(p.returns.returnBp),
            btc: shown(p.returns.btcReturnBp),
            vsBtc: shown(p.returns.vsBtcBp),
          }
        : null,
    })),
  };
}

function Change({ value, testId }: { value: { text: string; sign: number } | undefined; testId?: string }) {
  if (!value) return <span className="text-muted">—</span>;
  return (
    <span
      data-testid={testId}
      className={cn(
        "font-mono tabular-nums",
        value.sign > 0 ? "text-positive" : value.sign < 0 ? "text-negative" : "text-ink",
      )}
    >
      {value.text}
    </span>
  );
}

export default function PicksPage({ loaderData }: Route.ComponentProps) {
  const { picks, summary, analysts, period, analyst, sample, unpriced } = loaderData;
  const submit = useSubmit();
  const stats = [
    { label: "Picks", value: String(summary.count), testId: "stat-count" },
    {
      label: "Hit rate",
      value: summary.hitRate.text,
      hint: `${summary.hits} of ${summary.count} up`,
      testId: "stat-hit-rate",
    },
    { label: "Average return", value: summary.average.text, testId: "stat-average" },
    { label: "Median return", value: summary.median.text, testId: "stat-median" },
    { label: "Best", value: summary.best.text, testId: "stat-best" },
    { label: "Worst", value: summary.worst.text, testId: "stat-worst" },
    { label: "Beat holding BTC", value: `${summary.beatBtc} of ${summary.count}`, testId: "stat-beat-btc" },
  ];
  return (
    <div className="container-page space-y-6 py-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Picks track record</h1>
          <p className="mt-1 text-muted">
            Every pick our analysts have published, open and closed, losers included — each against simply
            holding Bitcoin over the same days. Entry and exit prices come from our price feed at the moment
            of publishing and closing; a pick is never deleted or back-dated.
          </p>
          <p className="mt-2 text-sm font-semibold text-ink" data-testid="picks-disclaimer">
            Hypothetical, before fees; past results do not predict future ones.
          </p>
          {sample ? (
            <Badge tone="warning" className="mt-2">
              <span title="Sample picks that show how the track record works, not real research">
                Sample data
              </span>
            </Badge>
          ) : null}
        </div>
        <Form
          method="get"
          className="flex flex-wrap items-end gap-3"
          onChange={(e) => submit(e.currentTarget)}
        >
          <Select
            label="Period"
            name="period"
            defaultValue={period}
            options={PICK_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            className="w-64 max-w-full"
          />
          <Select
            label="Analyst"
            name="analyst"
            defaultValue={analyst}
            placeholder="All analysts"
            options={analysts.map((a) => ({ value: a.id, label: a.name }))}
            className="w-64 max-w-full"
          />
          <noscript>
            <button type="submit" className={buttonClass("secondary")}>
              Filter
            </button>
          </noscript>
        </Form>
      </div>

      <Card>
        <CardHeader title="Summary" />
        <dl className="grid grid-cols-2 gap-px bg-line sm:grid-cols-4 lg:grid-cols-7">
          {stats.map((s, i) => (
            // Seven figures: the last spans two cells on two and four columns, so no cell is empty.
            <div
              key={s.label}
              className={cn("bg-surface px-5 py-4", i === stats.length - 1 && "col-span-2 lg:col-span-1")}
            >
              <dt className="text-xs font-medium text-muted">{s.label}</dt>
              <dd
                className="mt-1 font-mono text-lg font-semibold tabular-nums text-ink"
                data-testid={s.testId}
              >
                {s.value}
              </dd>
              {s.hint ? <dd className="text-xs text-muted">{s.hint}</dd> : null}
            </div>
          ))}
        </dl>
        {unpriced > 0 ? (
          <p className="border-t border-line px-5 py-3 text-sm text-warning" role="status">
            {unpriced === 1 ? "One open pick has" : `${unpriced} open picks have`} no current price right now
            and {unpriced === 1 ? "is" : "are"} left out of the summary until the price feed is back.
          </p>
        ) : null}
      </Card>

      <Card>
        {picks.length === 0 ? (
          <EmptyState icon={Target} title="No picks for this filter">
            Choose another period or analyst, or show all time.
          </EmptyState>
        ) : (
          <>
            <Table caption="Picks" className="hidden md:table">
              <thead>
                <tr>
                  <Th>Pick</Th>
                  <Th>Published</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Entry</Th>
                  <Th className="text-right">Now or exit</Th>
                  <Th className="text-right">Return</Th>
                  <Th className="text-right">BTC, same days</Th>
                  <Th className="text-right">vs BTC</Th>
                </tr>
              </thead>
              <tbody>
                {picks.map((p) => (
                  <tr key={p.id} data-testid={`pick-${p.asset}`} data-entry={p.entryPrice}>
                    <Td>
                      <span className="font-semibold text-ink">{p.asset}</span>{" "}
                      <span className="text-ink">{p.title}</span>
                      <span className="block text-xs text-muted">
                        {p.analyst} · {p.risk} risk · {p.horizon} term{p.sample ? " · Sample" : ""}
                      </span>
                    </Td>
                    <Td className="whitespace-nowrap text-muted">{formatDate(new Date(p.publishedAt))}</Td>
                    <Td className="whitespace-nowrap">
                      {p.closedAt ? (
                        <Badge>Closed {formatDate(new Date(p.closedAt))}</Badge>
                      ) : (
                        <Badge tone="brand">Open</Badge>
                      )}
                    </Td>
                    <Td className="text-right font-mono tabular-nums">{formatUsd(p.entryPrice)}</Td>
                    <Td className="text-right font-mono tabular-nums">{formatUsd(p.lastPrice)}</Td>
                    <Td className="text-right">
                      <Change value={p.returns?.own} testId={`return-${p.asset}`} />
                    </Td>
                    <Td className="text-right">
                      <Change value={p.returns?.btc} />
                    </Td>
                    <Td className="text-right">
                      <Change value={p.returns?.vsBtc} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <ul className="divide-y divide-line md:hidden" aria-label="Picks">
              {picks.map((p) => (
                <li key={p.id} className="space-y-2 px-4 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink">
                        {p.asset} <span className="font-normal">{p.title}</span>
                      </p>
                      <p className="text-xs text-muted">
                        {p.analyst} · {formatDate(new Date(p.publishedAt))}
                        {p.sample ? " · Sample" : ""}
                      </p>
                    </div>
                    {p.closedAt ? <Badge>Closed</Badge> : <Badge tone="brand">Open</Badge>}
                  </div>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-muted">Return</dt>
                      <dd>
                        <Change value={p.returns?.own} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">BTC, same days</dt>
                      <dd>
                        <Change value={p.returns?.btc} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">vs BTC</dt>
                      <dd>
                        <Change value={p.returns?.vsBtc} />
                      </dd>
                    </div>
                  </dl>
                  <p className="text-xs text-muted">
                    Entry {formatUsd(p.entryPrice)} · {p.closedAt ? "exit" : "now"} {formatUsd(p.lastPrice)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </div>
  );
}

import { Compass } from "lucide-react";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { getMarketDirection } from "~/domain/research/market-direction.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { NotAdviceNotice } from "~/ui/research/not-advice.tsx";
import { HORIZON_HINTS, HORIZON_LABELS, StanceBadge } from "~/ui/research/stance.tsx";
import type { Route } from "./+types/market-direction";

export const meta = () => [
  { title: "Market direction · Coinlens" },
  { name: "description", content: "Our desk's stance on the market for the short, medium and long term." },
];

export async function loader() {
  return getMarketDirection(getDb());
}

export default function MarketDirectionPage({ loaderData }: Route.ComponentProps) {
  const { current, timeline, sample } = loaderData;
  return (
    <div className="container-page space-y-6 py-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Market direction</h1>
        <p className="mt-1 text-muted">
          Our desk's view of the overall crypto market for three horizons, and every change of view before it.
          A stance is a judgement of the balance of risks, not a price forecast.
        </p>
        {sample ? (
          <Badge tone="warning" className="mt-2">
            <span title="Sample stances that show how market direction works, not real research">
              Sample data
            </span>
          </Badge>
        ) : null}
      </div>

      <ul className="grid gap-4 md:grid-cols-3" aria-label="Current stance">
        {current.map(({ horizon, entry }) => (
          <li key={horizon}>
            <Card className="flex h-full flex-col gap-3 px-5 py-5" data-testid={`stance-${horizon}`}>
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h2 className="text-base font-semibold text-ink">{HORIZON_LABELS[horizon]}</h2>
                  <p className="text-xs text-muted">{HORIZON_HINTS[horizon]}</p>
                </div>
                {entry ? <StanceBadge stance={entry.stance} className="text-sm" /> : null}
              </div>
              {entry ? (
                <>
                  <p className="text-sm leading-6 text-ink">{entry.rationale}</p>
                  <p className="mt-auto text-xs text-muted">
                    Since <time dateTime={entry.setAt}>{formatDate(entry.setAt)}</time> · {entry.author.name}
                    {entry.sample ? " · Sample" : ""}
                  </p>
                </>
              ) : (
                <p className="text-sm text-muted">The desk has not taken a stance for this horizon yet.</p>
              )}
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <CardHeader title="Timeline" />
        {timeline.length === 0 ? (
          <EmptyState icon={Compass} title="No stances yet">
            When the desk takes a view of the market, it appears here with its reasons.
          </EmptyState>
        ) : (
          <ol className="px-5 py-5" aria-label="Every stance, newest first">
            {timeline.map((entry) => (
              <li
                key={entry.id}
                className="relative border-l-2 border-line pb-6 pl-6 last:pb-0"
                data-testid="stance-history"
              >
                <span
                  aria-hidden
                  className="absolute -left-[7px] top-1.5 size-3 rounded-full border-2 border-surface bg-brand"
                />
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <time dateTime={entry.setAt} className="text-sm font-semibold text-ink">
                    {formatDate(entry.setAt)}
                  </time>
                  <span className="text-sm text-muted">{HORIZON_LABELS[entry.horizon]}</span>
                  <StanceBadge stance={entry.stance} />
                  {entry.sample ? <Badge tone="warning">Sample</Badge> : null}
                </div>
                <p className="mt-1.5 max-w-3xl text-sm leading-6 text-ink">{entry.rationale}</p>
                <p className="mt-1 text-xs text-muted">{entry.author.name}</p>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <NotAdviceNotice />
    </div>
  );
}

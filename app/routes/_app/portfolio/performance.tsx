import { LineChart } from "lucide-react";
import { Form, Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { createHistoryProviders } from "~/domain/market-data/history.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { performancePage } from "~/domain/portfolio/performance.server.ts";
import { RANGE_PRESETS } from "~/domain/portfolio/performance-range.ts";
import { formatCents } from "~/domain/portfolio/valuation.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Field } from "~/ui/field.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { CurrencyPickerForm } from "~/ui/portfolio/currency-picker-form.tsx";
import { ReturnsCard } from "~/ui/portfolio/returns-card.tsx";
import { ValueChart, ValueTable } from "~/ui/portfolio/value-chart.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/performance";

export const meta = () => [{ title: "Performance · Portfolio · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  return performancePage(getDb(), {
    userId: session.user.id,
    demo: session.session.accountMode === "demo",
    params: new URL(args.request.url).searchParams,
    currency: parseDisplayPrefs(args.request.headers.get("cookie")).currency,
    staleSeconds: config.market.staleSeconds,
    providers: createHistoryProviders(config),
  });
}

export default function Performance({ loaderData }: Route.ComponentProps) {
  const { range, custom, errors, figures, currency, firstDay, today } = loaderData;
  const money = (cents: string) => formatCents(BigInt(cents), currency);
  return (
    <section aria-labelledby="performance-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="performance-heading" className="text-xl font-semibold text-ink">
            Value over time
          </h2>
          <p className="text-sm text-muted">
            Your real account and your holdings elsewhere, valued at each day's close
            {currency === "USD" ? "" : ` and converted to ${currency} at that day's rate`}.
          </p>
        </div>
        <div className="flex items-end gap-3">
          <DataLabels sample={loaderData.sample} stale={false} />
          <CurrencyPickerForm currency={currency} />
        </div>
      </div>
      {loaderData.demo ? (
        <p className="rounded-md border border-line bg-subtle px-4 py-3 text-sm text-ink">
          You are using the demo account. The portfolio tracker follows your real account only: demo money is
          practice and is never counted here.
        </p>
      ) : null}
      {loaderData.historyError ? (
        <p className="text-sm text-warning">
          Some price history could not be fetched just now, so parts of the chart may be missing. It is filled
          in the next time you visit.
        </p>
      ) : null}
      <Card className="space-y-4 p-4 sm:p-5">
        <nav aria-label="Range" className="flex flex-wrap gap-2">
          {RANGE_PRESETS.map((p) => {
            const active = range.key === p.key;
            return (
              <Link
                key={p.key}
                to={`?range=${p.key}`}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "rounded-md border px-3 py-1.5 text-sm font-semibold",
                  active ? "border-brand bg-brand text-inverse" : "border-line text-ink hover:border-brand",
                )}
              >
                {p.label}
              </Link>
            );
          })}
        </nav>
        <Form
          method="get"
          preventScrollReset
          // The server checks the dates and says what is wrong beside the field (the browser's own
          // bubbles would stop the form before it could).
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field
            label="From"
            name="from"
            type="date"
            defaultValue={custom.from || (range.key === "custom" ? range.from : "")}
            min={firstDay ?? undefined}
            max={today}
            error={errors.from}
          />
          <Field
            label="To"
            name="to"
            type="date"
            defaultValue={custom.to || (range.key === "custom" ? range.to : "")}
            max={today}
            error={errors.to}
          />
          <Button type="submit" variant="secondary" className="sm:mt-7">
            Show range
          </Button>
        </Form>
        {figures ? (
          <>
            <p className="text-sm text-muted" data-testid="range-label">
              {formatDate(range.from)} to {formatDate(range.to)}
              {range.to === today ? " (today's point at the latest prices)" : ""}
            </p>
            <ValueChart points={figures.points} currency={currency} />
            <ValueTable points={figures.points} currency={currency} />
            {figures.thinned ? (
              <p className="text-xs text-muted">
                A long range is drawn with {figures.points.length} evenly spaced days; the returns below count
                every day.
              </p>
            ) : null}
          </>
        ) : null}
      </Card>
      {figures ? (
        <ReturnsCard figures={figures} money={money} />
      ) : (
        <Card>
          <EmptyState
            icon={LineChart}
            title="No history yet"
            action={<ButtonLink to="/deposit">Make a deposit</ButtonLink>}
          >
            Your value over time starts on the day of your first deposit, purchase or added wallet. Add one on
            Coinlens or under “Holdings elsewhere” and your chart begins.
          </EmptyState>
        </Card>
      )}
      {loaderData.sample ? (
        <p className="text-xs text-muted">
          <Badge tone="warning">Sample data</Badge> The prices and exchange rates here are offline sample data
          for demonstration, not market history.
        </p>
      ) : null}
    </section>
  );
}

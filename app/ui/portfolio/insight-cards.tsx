import type { InsightsView } from "~/domain/portfolio/page-views.ts";
import { Card, CardHeader } from "../card.tsx";
import { Table, Td, Th } from "../table.tsx";
import { Cents, daysText, RowHeader } from "./gains-tables.tsx";

export const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;

function Basis({ children }: { children: React.ReactNode }) {
  return <p className="mt-2 text-xs text-muted">{children}</p>;
}

function NotEnough({ days, min, what }: { days: number; min: number; what: string }) {
  return (
    <p className="text-sm text-ink">
      <span className="font-semibold">Not enough history yet.</span>{" "}
      {`This needs at least ${min} days of ${what}; we have ${daysText(days)}.`}
    </p>
  );
}

/** One insight: its figure, what it means in a sentence, what it rests on. */
function Insight({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-5">
      <h3 className="text-sm font-semibold text-muted">{title}</h3>
      <div className="mt-2 space-y-1">{children}</div>
    </Card>
  );
}

export function AllocationCard({ view }: { view: InsightsView }) {
  const c = view.concentration;
  const largest = view.holdings.find((h) => h.asset === c?.largest);
  return (
    <Card>
      <CardHeader title="What you hold" />
      <div className="space-y-2 px-5 py-4">
        {c && largest ? (
          <>
            <p className="text-base text-ink">
              <span className="font-semibold">{largest.name}</span> is {percent(c.share)} of your portfolio.
            </p>
            <p className="text-sm text-muted">
              Concentration index {c.herfindahl.toFixed(2)} (the sum of each holding's share squared: 1 means
              everything is in one holding). Your holdings are as spread out as{" "}
              {c.effectiveHoldings.toFixed(1)} equal holdings would be.
            </p>
          </>
        ) : null}
        <Basis>Based on what you hold now, here and elsewhere, at today's prices.</Basis>
        {view.unpriced.length > 0 ? (
          <p className="text-sm text-muted">Left out (no current price): {view.unpriced.join(", ")}.</p>
        ) : null}
      </div>
      <Table caption="Your holdings and their share of the portfolio">
        <thead>
          <tr>
            <Th>Holding</Th>
            <Th className="text-right">Value</Th>
            <Th className="text-right">Share</Th>
          </tr>
        </thead>
        <tbody>
          {view.holdings.map((h) => (
            <tr key={h.asset}>
              <RowHeader>{h.name}</RowHeader>
              <Td className="text-right tabular-nums">{<Cents value={h.valueUsdCents} />}</Td>
              <Td className="text-right tabular-nums">{percent(h.share)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function HistoryInsights({ view }: { view: InsightsView }) {
  const p = view.portfolio;
  const enough = p.days >= view.minDays;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Insight title="Volatility of your portfolio">
        {enough && p.volatility !== null ? (
          <>
            <p className="text-2xl font-bold text-ink tabular-nums">{percent(p.volatility)} a year</p>
            <p className="text-sm text-ink">
              How much your portfolio's value swings: its daily changes, scaled to a year. Money you paid in
              or took out is not counted as a change.
            </p>
          </>
        ) : (
          <NotEnough days={p.days} min={view.minDays} what="your portfolio's daily values" />
        )}
        <Basis>Based on {daysText(p.days)} of your portfolio's daily values.</Basis>
      </Insight>
      <Insight title="Largest fall (maximum drawdown)">
        {enough ? (
          p.drawdown ? (
            <>
              <p className="text-2xl font-bold text-negative tabular-nums">−{percent(p.drawdown.fraction)}</p>
              <p className="text-sm text-ink">
                The biggest drop from a high to a later low: from {p.drawdown.peakDay} to{" "}
                {p.drawdown.troughDay}.{" "}
                {p.drawdown.recovered
                  ? "It has since climbed back to that high."
                  : "It has not yet climbed back."}
              </p>
            </>
          ) : (
            <p className="text-sm text-ink">Your portfolio has not fallen from a high in this time.</p>
          )
        ) : (
          <NotEnough days={p.days} min={view.minDays} what="your portfolio's daily values" />
        )}
        <Basis>
          Based on {daysText(p.days)} of your portfolio's daily values; deposits and withdrawals left out.
        </Basis>
      </Insight>
    </div>
  );
}

export function CoinVolatility({ view }: { view: InsightsView }) {
  if (view.coins.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Volatility of each coin you hold" />
      <p className="px-5 pt-4 text-sm text-muted">
        How much each coin's price swings: the spread of its daily changes over the last year, scaled to a
        year.
      </p>
      <Table caption="Volatility of each coin you hold">
        <thead>
          <tr>
            <Th>Coin</Th>
            <Th className="text-right">Volatility a year</Th>
            <Th className="text-right">Days of closes</Th>
          </tr>
        </thead>
        <tbody>
          {view.coins.map((c) => (
            <tr key={c.asset}>
              <RowHeader>{c.asset}</RowHeader>
              <Td className="text-right tabular-nums">
                {c.volatility === null ? "Not enough history yet" : percent(c.volatility)}
              </Td>
              <Td className="text-right tabular-nums">{c.days}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function CorrelationTable({ view }: { view: InsightsView }) {
  const c = view.correlation;
  if (!c) return null;
  const enough = c.days >= view.minDays;
  return (
    <Card>
      <CardHeader title="How your coins move together" />
      <div className="space-y-1 px-5 pt-4">
        <p className="text-sm text-muted">
          Correlation of daily price changes: +1 means two coins always moved the same way, 0 no link, −1
          always opposite ways.
        </p>
        {enough ? null : (
          <NotEnough days={c.days} min={view.minDays} what="closes that all these coins share" />
        )}
        <Basis>Based on {daysText(c.days)} of closes over the last 90 days.</Basis>
      </div>
      {enough ? (
        <Table caption="Correlation of daily price changes between your coins">
          <thead>
            <tr>
              <Th>
                <span className="sr-only">Coin</span>
              </Th>
              {c.assets.map((a) => (
                <Th key={a} className="text-right">
                  {a}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.assets.map((a, i) => (
              <tr key={a}>
                <RowHeader>{a}</RowHeader>
                {c.matrix[i]?.map((value, j) => (
                  <Td key={c.assets[j]} className="text-right tabular-nums">
                    {value === null ? "—" : value.toFixed(2)}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <div className="pb-4" />
      )}
    </Card>
  );
}

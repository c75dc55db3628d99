import { createContext, type ReactNode, useContext } from "react";
import { formatAmount } from "~/domain/money/amount.ts";
import type { GainsPageView } from "~/domain/portfolio/page-views.ts";
import { convertSigned } from "~/domain/portfolio/performance.ts";
import { type DisplayCurrency, formatCents } from "~/domain/portfolio/valuation.ts";
import { Card, CardHeader } from "../card.tsx";
import { cn } from "../cn.ts";
import { Table, Td, Th } from "../table.tsx";

/**
 * The member's display currency on the gains and insights pages. `perUsd` converts amounts the
 * server sends in US cents (today's values, at today's rate); it is "1" when the server already
 * converted them (gains: each movement at its own day's rate).
 */
const MoneyContext = createContext<{ currency: DisplayCurrency; perUsd: string }>({
  currency: "USD",
  perUsd: "1",
});

export function MoneyCurrency({
  currency,
  perUsd,
  children,
}: {
  currency: DisplayCurrency;
  perUsd: string;
  children: ReactNode;
}) {
  return <MoneyContext.Provider value={{ currency, perUsd }}>{children}</MoneyContext.Provider>;
}

function useMoney() {
  const { currency, perUsd } = useContext(MoneyContext);
  return (cents: bigint) => formatCents(convertSigned(cents, perUsd), currency);
}

/** An amount in the display currency. */
export function Cents({ value }: { value: string }) {
  return <>{useMoney()(BigInt(value))}</>;
}

/** "1 day", "30 days". */
export const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** The first cell of a row: its header for screen readers, in the body's type (not the column headers'). */
export function RowHeader({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <th
      scope="row"
      className={cn("border-b border-line px-4 py-3 text-left text-sm font-semibold text-ink", className)}
    >
      {children}
    </th>
  );
}

/** A gain in green with "+", a loss in red, zero plain; the sign is in the text, not only the colour. */
export function Gain({ cents, className }: { cents: string | null; className?: string }) {
  const money = useMoney();
  if (cents === null) return <span className="text-muted">No price</span>;
  const value = BigInt(cents);
  return (
    <span
      className={cn(
        "tabular-nums",
        value > 0n ? "text-positive" : value < 0n ? "text-negative" : "text-ink",
        className,
      )}
    >
      {value > 0n ? "+" : ""}
      {money(value)}
    </span>
  );
}

function Mark({ estimated, unpriced }: { estimated: boolean; unpriced: boolean }) {
  if (!estimated && !unpriced) return null;
  return (
    <span className="ml-1 text-xs font-normal text-muted">
      {estimated ? "(estimated)" : null}
      {unpriced ? " (part unpriced)" : null}
    </span>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular-nums text-ink">{children}</dd>
    </div>
  );
}

export function GainsSummary({ totals }: { totals: GainsPageView["totals"] }) {
  const figures = [
    {
      label: "Unrealised gain",
      cents: totals.unrealisedUsdCents,
      note: "on what you hold now, at today's prices",
    },
    { label: "Realised gain", cents: totals.realisedUsdCents, note: "on coins sold or swapped away" },
    { label: "Staking income", cents: totals.incomeUsdCents, note: "rewards at their value when received" },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {figures.map((f) => (
        <Card key={f.label} className="p-4">
          <dt className="text-sm font-medium text-muted">{f.label}</dt>
          <dd className="mt-1 text-xl font-bold">
            <Gain cents={f.cents} />
          </dd>
          <dd className="mt-1 text-xs text-muted">{f.note}</dd>
        </Card>
      ))}
    </dl>
  );
}

export function PriceGainsTable({ view }: { view: GainsPageView }) {
  const rows = view.assets.filter((a) => a.inconsistent === null);
  return (
    <Card>
      <CardHeader title="Price gains per asset" />
      {/* On a phone each asset is a short list of its figures; from sm up, one table. */}
      <ul className="divide-y divide-line sm:hidden">
        {rows.map((a) => (
          <li key={a.asset} className="px-5 py-4">
            <p className="font-semibold text-ink">
              {formatAmount(BigInt(a.quantityMinor), a.asset)} {a.asset}
              <span className="ml-1 text-sm font-normal text-muted">
                {a.name}
                <Mark estimated={a.estimated} unpriced={a.unpriced} />
              </span>
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <Figure label="Cost basis">{<Cents value={a.costUsdCents} />}</Figure>
              <Figure label="Value now">
                {a.valueUsdCents === null ? "No price" : <Cents value={a.valueUsdCents} />}
              </Figure>
              <Figure label="Unrealised">
                <Gain cents={a.unrealisedUsdCents} />
              </Figure>
              <Figure label="Realised">
                <Gain cents={a.realisedUsdCents} />
              </Figure>
            </dl>
          </li>
        ))}
        <li className="px-5 py-4">
          <p className="font-semibold text-ink">Total</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Figure label="Cost basis">{<Cents value={view.totals.costUsdCents} />}</Figure>
            <Figure label="Value now">{<Cents value={view.totals.valueUsdCents} />}</Figure>
            <Figure label="Unrealised">
              <Gain cents={view.totals.unrealisedUsdCents} />
            </Figure>
            <Figure label="Realised">
              <Gain cents={view.totals.realisedUsdCents} />
            </Figure>
          </dl>
        </li>
      </ul>
      <div className="hidden sm:block">
        <Table caption="Price gains per asset (FIFO)">
          <thead>
            <tr>
              <Th>Asset</Th>
              <Th className="text-right">Held</Th>
              <Th className="text-right">Cost basis</Th>
              <Th className="text-right">Value now</Th>
              <Th className="text-right">Unrealised</Th>
              <Th className="text-right">Realised</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.asset}>
                <RowHeader>
                  <span className="font-semibold">{a.asset}</span>
                  <span className="block text-xs font-normal text-muted">
                    {a.name}
                    <Mark estimated={a.estimated} unpriced={a.unpriced} />
                  </span>
                </RowHeader>
                <Td className="text-right tabular-nums">{formatAmount(BigInt(a.quantityMinor), a.asset)}</Td>
                <Td className="text-right tabular-nums">{<Cents value={a.costUsdCents} />}</Td>
                <Td className="text-right tabular-nums">
                  {a.valueUsdCents === null ? "No price" : <Cents value={a.valueUsdCents} />}
                </Td>
                <Td className="text-right">
                  <Gain cents={a.unrealisedUsdCents} />
                </Td>
                <Td className="text-right">
                  <Gain cents={a.realisedUsdCents} />
                </Td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <RowHeader>Total</RowHeader>
              <Td />
              <Td className="text-right tabular-nums">{<Cents value={view.totals.costUsdCents} />}</Td>
              <Td className="text-right tabular-nums">{<Cents value={view.totals.valueUsdCents} />}</Td>
              <Td className="text-right">
                <Gain cents={view.totals.unrealisedUsdCents} />
              </Td>
              <Td className="text-right">
                <Gain cents={view.totals.realisedUsdCents} />
              </Td>
            </tr>
          </tfoot>
        </Table>
      </div>
    </Card>
  );
}

export function IncomeTable({ view }: { view: GainsPageView }) {
  const rows = view.assets.filter((a) => a.inconsistent === null && a.incomeUsdCents !== "0");
  return (
    <Card>
      <CardHeader title="Staking income" />
      <p className="px-5 pt-4 text-sm text-muted">
        Rewards count as income at their value on the day they arrived. Any rise or fall in their price after
        that is a price gain above, so nothing is counted twice.
      </p>
      {rows.length === 0 ? (
        <p className="px-5 py-4 text-sm text-ink">No staking rewards yet.</p>
      ) : (
        <Table caption="Staking income per asset">
          <thead>
            <tr>
              <Th>Asset</Th>
              <Th className="text-right">Income</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.asset}>
                <RowHeader>{a.asset}</RowHeader>
                <Td className="text-right tabular-nums">{<Cents value={a.incomeUsdCents} />}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

export function YearsTable({ years }: { years: GainsPageView["years"] }) {
  if (years.length === 0) return null;
  return (
    <Card>
      <CardHeader title="By year" />
      <Table caption="Realised gains and staking income by year">
        <thead>
          <tr>
            <Th>Year</Th>
            <Th className="text-right">Realised gain</Th>
            <Th className="text-right">Staking income</Th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y.year}>
              <RowHeader>{y.year}</RowHeader>
              <Td className="text-right">
                <Gain cents={y.realisedUsdCents} />
              </Td>
              <Td className="text-right tabular-nums">{<Cents value={y.incomeUsdCents} />}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

/** Coins whose records dispose of more than came in: said plainly, left out of the figures. */
export function Inconsistent({ assets }: { assets: GainsPageView["assets"] }) {
  const wrong = assets.filter((a) => a.inconsistent !== null);
  if (wrong.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-warning/40 bg-warning-soft p-4 text-sm text-ink">
      <p className="font-semibold">Some records don't add up, so these gains are left out:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {wrong.map((a) => {
          const i = a.inconsistent;
          if (!i) return null;
          return (
            <li key={a.asset}>
              {a.asset}: {formatAmount(BigInt(i.wantedMinor), a.asset)} {a.asset} left
              {i.at ? ` on ${i.at.slice(0, 10)}` : ""}, but only {formatAmount(BigInt(i.heldMinor), a.asset)}{" "}
              {a.asset} had come in before. A transaction made elsewhere is probably missing: add it under
              Holdings elsewhere.
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { ArrowRight, ChartLine, Landmark, Lightbulb, Receipt, WalletCards } from "lucide-react";
import { Link } from "react-router";
import { formatInCurrency, type OverviewTotals } from "~/domain/portfolio/overview.ts";
import type { DisplayCurrency } from "~/domain/portfolio/valuation.ts";
import { ButtonLink } from "../button.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";
import { EmptyState } from "../empty-state.tsx";
import { changeToneClass } from "../market/as-of.ts";
import { Amount } from "./hidden-amount.tsx";
import { formatSignedBps } from "./holdings-table.tsx";

const SECTION_CARDS = Object.freeze([
  {
    to: "/portfolio/performance",
    title: "Performance",
    text: "Your portfolio's value over time, and its returns net of what you paid in and took out.",
    icon: ChartLine,
  },
  {
    to: "/portfolio/gains",
    title: "Gains and income",
    text: "Realised and unrealised gains per asset (first in, first out) and staking income.",
    icon: Receipt,
  },
  {
    to: "/portfolio/insights",
    title: "Insights",
    text: "Facts about your allocation, its concentration and how it has changed. Never advice.",
    icon: Lightbulb,
  },
  {
    to: "/portfolio/accounts",
    title: "Holdings elsewhere",
    text: "Watch-only wallets, transactions made on other platforms and CSV imports from exchanges.",
    icon: WalletCards,
  },
]);

/** One short card per section of the tracker, each saying in a line what is there. */
export function SectionCards() {
  return (
    <section aria-labelledby="sections-heading">
      <h2 id="sections-heading" className="text-lg font-semibold text-ink">
        More in your portfolio
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {SECTION_CARDS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-3 rounded-lg border border-line bg-surface p-4 shadow-card hover:border-brand"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-md bg-brand-soft text-brand">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 font-semibold text-ink group-hover:text-brand">
                  {title}
                  <ArrowRight
                    aria-hidden
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-0.5 block text-sm text-muted">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The headline's 24 h line: "+€1,234.56 (+2.35%) in 24 h", or why it is not there. */
export function DayChange({
  totals,
  currency,
  rates,
  hidden,
}: {
  totals: OverviewTotals;
  currency: DisplayCurrency;
  rates: Partial<Record<DisplayCurrency, string>>;
  hidden: boolean;
}) {
  if (totals.change24hUsdCents === null) {
    return <p className="mt-1 text-sm text-muted">No 24 h change from the price feed yet.</p>;
  }
  const cents = BigInt(totals.change24hUsdCents);
  const bps = totals.change24hBps === null ? null : BigInt(totals.change24hBps);
  return (
    <p className={cn("mt-1 text-sm font-medium", changeToneClass(Number(cents)))} data-testid="day-change">
      <Amount hidden={hidden}>{formatInCurrency(cents, currency, rates, { signed: true })}</Amount>
      {bps !== null ? <span className="tabular-nums"> ({formatSignedBps(bps)})</span> : null}
      <span className="font-normal text-muted"> in 24 h</span>
      {totals.changeUnknown.length > 0 ? (
        <span className="font-normal text-muted">
          {" "}
          (without {totals.changeUnknown.join(", ")}: no 24 h change from the price feed)
        </span>
      ) : null}
    </p>
  );
}

/** "On Coinlens" and "Elsewhere" (outside transactions and watch-only wallets) side by side. */
export function SourceSplit({
  totals,
  currency,
  rates,
  hidden,
}: {
  totals: OverviewTotals;
  currency: DisplayCurrency;
  rates: Partial<Record<DisplayCurrency, string>>;
  hidden: boolean;
}) {
  const money = (cents: string) => formatInCurrency(BigInt(cents), currency, rates) ?? "—";
  const elsewhere = BigInt(totals.elsewhereUsdCents) + BigInt(totals.walletsUsdCents);
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
      <div className="rounded-md border border-line bg-surface p-3">
        <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
          <Landmark aria-hidden className="size-3.5" /> On Coinlens
        </dt>
        <dd className="mt-1 text-lg font-semibold text-ink" data-testid="value-coinlens">
          <Amount hidden={hidden}>{money(totals.coinlensUsdCents)}</Amount>
        </dd>
        <dd className="text-xs text-muted">Your real account's balances, from our ledger</dd>
      </div>
      <div className="rounded-md border border-line bg-surface p-3">
        <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
          <WalletCards aria-hidden className="size-3.5" /> Elsewhere
        </dt>
        <dd className="mt-1 text-lg font-semibold text-ink" data-testid="value-elsewhere">
          <Amount hidden={hidden}>{formatInCurrency(elsewhere, currency, rates) ?? "—"}</Amount>
        </dd>
        {elsewhere === 0n ? (
          <dd className="text-xs text-muted">
            <Link to="/portfolio/accounts" className="font-semibold text-brand underline">
              Add wallets or transactions kept elsewhere
            </Link>
          </dd>
        ) : (
          <dd className="text-xs text-muted">
            Transactions <Amount hidden={hidden}>{money(totals.elsewhereUsdCents)}</Amount>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            wallets <Amount hidden={hidden}>{money(totals.walletsUsdCents)}</Amount>
          </dd>
        )}
      </div>
    </dl>
  );
}

/** A new member: what the tracker does, and the two ways to start. */
export function EmptyPortfolio() {
  return (
    <Card>
      <EmptyState
        icon={WalletCards}
        title="Nothing in your portfolio yet"
        action={
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/deposit">Deposit</ButtonLink>
            <ButtonLink to="/portfolio/accounts" variant="secondary">
              Add holdings kept elsewhere
            </ButtonLink>
          </div>
        }
      >
        <p>
          The tracker brings together what you hold on Coinlens and elsewhere: its value in your currency, how
          it is spread across assets, its performance, gains and income.
        </p>
        <p className="mt-2">
          Start with a deposit to your real account, or add a watch-only wallet address or transactions made
          on another platform.
        </p>
      </EmptyState>
    </Card>
  );
}

/** In demo mode: the tracker follows the real account, and demo money is never in it. */
export function DemoModeNote() {
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-ink">
        <span className="font-semibold">You are using your demo account.</span> The portfolio tracker follows
        your real account only: demo money is practice and is never counted here.
      </p>
      <form method="post" action="/account/mode" className="shrink-0">
        <input type="hidden" name="mode" value="real" />
        <button
          type="submit"
          className="inline-flex h-10 items-center rounded-md border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-subtle"
        >
          Switch to real account
        </button>
      </form>
    </div>
  );
}

import { ArrowDownToLine, ArrowUpFromLine, Coins } from "lucide-react";
import { formatCents } from "~/domain/portfolio/valuation.ts";
import type { PortfolioView } from "~/domain/portfolio/views.ts";
import { Badge } from "../badge.tsx";
import { ButtonLink } from "../button.tsx";
import { Card } from "../card.tsx";
import { DataLabels } from "../market/data-labels.tsx";
import { Amount, EyeToggle } from "./hidden-amount.tsx";

type Portfolio = Pick<PortfolioView, "ledger" | "totalUsdCents" | "cash" | "unpriced" | "prices">;

/** The dashboard's balance card: cash plus coins at current prices, in USD, with its 'as of'. */
export function BalanceCard({
  portfolio,
  hidden,
  onToggleHidden,
}: {
  portfolio: Portfolio;
  hidden: boolean;
  onToggleHidden: () => void;
}) {
  const total = BigInt(portfolio.totalUsdCents);
  const cash = BigInt(portfolio.cash.totalCents);
  const coins = total - cash;
  const demo = portfolio.ledger === "demo";
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="balance-heading" className="bg-brand-soft/40 px-5 pt-5 pb-4 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id="balance-heading"
              className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted"
            >
              Total balance
              <Badge tone={demo ? "warning" : "brand"}>{demo ? "Demo account" : "Real account"}</Badge>
            </h2>
            <p
              className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
              data-testid="total-balance"
            >
              <Amount hidden={hidden}>{formatCents(total, "USD")}</Amount>
            </p>
            <p className="mt-1 text-sm text-muted">
              Cash <Amount hidden={hidden}>{formatCents(cash, "USD")}</Amount>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              Coins <Amount hidden={hidden}>{formatCents(coins, "USD")}</Amount>
            </p>
          </div>
          <EyeToggle hidden={hidden} onToggle={onToggleHidden} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <DataLabels
            sample={portfolio.prices.sample}
            stale={portfolio.prices.stale}
            asOf={portfolio.prices.asOf}
          />
        </div>
        {portfolio.unpriced.length > 0 ? (
          <p className="mt-2 text-xs text-warning">
            Not included until a price is available: {portfolio.unpriced.join(", ")}.
          </p>
        ) : null}
        {demo ? (
          <p className="mt-2 text-xs text-muted">Virtual money for practice. It can never be withdrawn.</p>
        ) : null}
      </section>
      <div className="grid grid-cols-3 gap-2 border-t border-line p-3 sm:gap-3 sm:p-4">
        <ButtonLink to="/deposit" variant="primary" className="px-2">
          <ArrowDownToLine aria-hidden className="hidden size-4 sm:block" /> Deposit
        </ButtonLink>
        <ButtonLink to="/withdrawal" variant="secondary" className="px-2">
          <ArrowUpFromLine aria-hidden className="hidden size-4 sm:block" /> Withdraw
        </ButtonLink>
        <ButtonLink to="/wallet" variant="secondary" className="px-2">
          <Coins aria-hidden className="hidden size-4 sm:block" /> Stake
        </ButtonLink>
      </div>
    </Card>
  );
}

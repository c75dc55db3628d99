// Pieces of the crypto checkout (/billing/checkout/crypto): what is bought and what it costs, the
// balances it can be paid from, the firm quote with its countdown, and the paid result. The page
// (app/routes/_app/billing-checkout-crypto.tsx) owns the state; these only show it.
import { CheckCircle2, FlaskConical } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import {
  type CryptoPayAsset,
  PAY_ASSET_LABELS,
  PERIOD_LABELS,
  payAmountText,
  usdText,
} from "~/domain/membership/crypto-rules.ts";
import { secondsLeft } from "~/domain/swap/rules.ts";
import { Button } from "../button.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";

export interface SummaryData {
  planName: string;
  period: "monthly" | "yearly";
  kind: "new" | "renewal" | "switch";
  priceMinor: string;
  creditMinor: string;
  amountMinor: string;
  periodStart: string;
  periodEnd: string;
  currentPeriodEnd: string | null;
  pastDue: boolean;
}

/** What paying buys: the plan and period, the dates it covers, the price, any credit, what is due. */
export function CheckoutSummary({ s }: { s: SummaryData }) {
  const credit = BigInt(s.creditMinor);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">
          {s.planName} · {PERIOD_LABELS[s.period]}
        </h2>
        <PeriodLinks period={s.period} />
      </div>
      {s.pastDue ? (
        <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-ink">
          Your renewal is due. Pay it to keep {s.planName}; the new period runs on from{" "}
          {formatDate(s.periodStart)}.
        </p>
      ) : s.kind === "renewal" && s.currentPeriodEnd ? (
        <p className="text-sm text-muted">
          You are a member until {formatDate(s.currentPeriodEnd)}: this pays the next period, from that date.
        </p>
      ) : s.kind === "switch" ? (
        <p className="text-sm text-muted">
          Switching starts the new period now. The unused part of your current period is credited.
        </p>
      ) : null}
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">Covers</dt>
        <dd className="text-right text-ink">
          {formatDate(s.periodStart)} – {formatDate(s.periodEnd)}
        </dd>
        <dt className="text-muted">Price</dt>
        <dd className="text-right text-ink tabular-nums">{usdText(BigInt(s.priceMinor))}</dd>
        {credit > 0n ? (
          <>
            <dt className="text-muted">Credit for the unused part of your current period</dt>
            <dd className="text-right text-positive tabular-nums">− {usdText(credit)}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-ink">To pay</dt>
        <dd className="text-right font-semibold text-ink tabular-nums" data-testid="amount-due">
          {usdText(BigInt(s.amountMinor))}
        </dd>
      </dl>
    </Card>
  );
}

function PeriodLinks({ period }: { period: "monthly" | "yearly" }) {
  return (
    <nav aria-label="Billing period" className="flex gap-1 text-sm">
      {(["monthly", "yearly"] as const).map((p) => (
        <Link
          key={p}
          to={`?plan=premium&period=${p}`}
          aria-current={p === period ? "page" : undefined}
          className={cn(
            "rounded-full px-3 py-1 font-medium",
            p === period ? "bg-brand-soft text-brand" : "text-muted hover:bg-subtle hover:text-ink",
          )}
        >
          {PERIOD_LABELS[p]}
        </Link>
      ))}
    </nav>
  );
}

export interface AssetOption {
  asset: CryptoPayAsset;
  availableMinor: string;
  priceUsd: string | null;
  estimateMinor: string | null;
}

/** One radio per balance; a balance of nothing cannot be chosen. Each says its balance and the estimate. */
export function AssetChoice({
  assets,
  value,
  onChange,
  errorId,
  invalid,
}: {
  assets: AssetOption[];
  value: CryptoPayAsset | null;
  onChange: (asset: CryptoPayAsset) => void;
  errorId: string;
  invalid: boolean;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={errorId} aria-invalid={invalid || undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">Pay with</legend>
      {assets.map((a) => {
        const available = BigInt(a.availableMinor);
        const empty = available <= 0n;
        const id = `pay-asset-${a.asset}`;
        // What the period costs in this asset at the cached price; the quote is the firm one.
        const estimate =
          a.estimateMinor && a.asset !== "USD"
            ? `≈ ${payAmountText(BigInt(a.estimateMinor), a.asset)}`
            : null;
        return (
          <label
            key={a.asset}
            htmlFor={id}
            className={cn(
              "flex items-center gap-3 rounded-md border px-4 py-3",
              value === a.asset ? "border-brand bg-brand-soft" : "border-line",
              empty ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-subtle",
            )}
          >
            <input
              id={id}
              type="radio"
              name="asset"
              value={a.asset}
              checked={value === a.asset}
              disabled={empty}
              onChange={() => onChange(a.asset)}
              className="size-4 accent-[var(--color-brand)]"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">{PAY_ASSET_LABELS[a.asset]}</span>
              <span className="block text-sm text-muted">
                {empty ? "No balance" : `Balance ${payAmountText(available, a.asset)}`}
              </span>
              {estimate ? <span className="block text-sm text-muted sm:hidden">{estimate}</span> : null}
            </span>
            {estimate ? (
              <span className="hidden whitespace-nowrap text-right text-sm text-muted tabular-nums sm:block">
                {estimate}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/** Seconds left until `deadline` (a time on this browser's clock), ticking four times a second. */
export function useCountdown(deadline: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(new Date(deadline), new Date(now));
}

export interface QuoteData {
  id: string;
  asset: CryptoPayAsset;
  payText: string;
  amountMinor: string;
  priceUsd: string;
  pricesAsOf: string;
}

/** The firm quote: exactly what leaves the balance, the price it is at, the countdown, and Pay. */
export function QuotePanel({
  quote,
  left,
  expiredMessage,
  paying,
  onNewQuote,
  renderPay,
}: {
  quote: QuoteData;
  left: number;
  expiredMessage: string;
  paying: boolean;
  onNewQuote: () => void;
  /** Wraps the pay button in the page's fetcher form, so the result comes back to the page. */
  renderPay: (children: ReactNode) => ReactNode;
}) {
  return (
    <Card className="space-y-4 p-5" aria-labelledby="quote-title">
      <h2 id="quote-title" className="text-lg font-semibold text-ink">
        Your quote
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">You pay</dt>
        <dd className="text-right font-semibold text-ink tabular-nums" data-testid="quote-amount">
          {quote.payText}
        </dd>
        <dt className="text-muted">For</dt>
        <dd className="text-right text-ink tabular-nums">{usdText(BigInt(quote.amountMinor))}</dd>
        {quote.asset !== "USD" ? (
          <>
            <dt className="text-muted">Price</dt>
            <dd className="text-right text-ink tabular-nums">
              1 {quote.asset} = ${quote.priceUsd}
              <span className="block text-xs text-muted">as of {formatDateTime(quote.pricesAsOf)}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {quote.asset !== "USD" ? (
        <p className="text-xs text-muted">Rounded up to the smallest unit of {quote.asset}.</p>
      ) : null}
      <p
        role="timer"
        aria-live="off"
        className={left > 0 ? "text-sm text-muted" : "text-sm font-semibold text-negative"}
      >
        {left > 0 ? `This quote expires in ${left} s.` : expiredMessage}
      </p>
      {left > 0 ? (
        renderPay(
          <>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="checkoutId" value={quote.id} />
            <Button type="submit" size="lg" className="w-full" busy={paying} busyLabel="Paying…">
              Pay {quote.payText}
            </Button>
          </>,
        )
      ) : (
        <Button size="lg" className="w-full" onClick={onNewQuote}>
          Get a new quote
        </Button>
      )}
    </Card>
  );
}

/** Paid: what left the balance, until when, and where to see it. */
export function PaidPanel({
  paid,
  planName,
  until,
  invoiceNumber,
}: {
  paid: string;
  planName: string;
  until: string;
  invoiceNumber: string;
}) {
  return (
    <Card className="space-y-3 p-5" role="status">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <CheckCircle2 aria-hidden className="size-5 text-positive" /> Payment complete
      </h2>
      <p className="text-ink">
        You paid <span className="font-semibold">{paid}</span> from your balance. {planName} is yours until{" "}
        <span className="font-semibold">{formatDate(until)}</span>. Invoice {invoiceNumber}.
      </p>
      <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link to="/transactions?type=membership" className="font-semibold text-brand underline">
          See the payment in your transactions
        </Link>
        <Link to="/settings/billing" className="font-semibold text-brand underline">
          Settings → Billing
        </Link>
      </p>
    </Card>
  );
}

/** A demo session: the funds are virtual; the real account is one click away. */
export function DemoRefusal({ message }: { message: string }) {
  return (
    <Card className="space-y-3 border-warning/40 p-5" role="alert">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <FlaskConical aria-hidden className="size-5 text-warning" /> You are in your demo account
      </h2>
      <p className="text-ink">{message}</p>
      <Form method="post" action="/account/mode">
        <input type="hidden" name="mode" value="real" />
        <Button type="submit">Switch to your real account</Button>
      </Form>
    </Card>
  );
}

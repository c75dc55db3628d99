// Pieces of the swap page: the estimate line under the form, the firm quote's details and the
// done message. The page (app/routes/_app/swap.tsx) owns the state; these only show it.
import { Link } from "react-router";
import { rateLines } from "~/domain/swap/estimate.ts";
import { formatSwapAmount, type SwapPair } from "~/domain/swap/rules.ts";
import type { QuoteView } from "~/domain/swap/views.ts";

/** The rate at the cached price, both ways, labelled as an estimate (the quote is the firm one). */
export function EstimatedRate({ pair, rate }: { pair: SwapPair; rate: string | null }) {
  const lines = rate === null ? null : rateLines(pair, rate);
  return (
    <p id="swap-estimate" className="text-sm text-muted">
      {lines ? (
        <>
          Estimate at the latest price: <span className="font-medium text-ink">{lines.forward}</span>
          {lines.inverse ? (
            <>
              {" · "}
              <span className="font-medium text-ink">{lines.inverse}</span>
            </>
          ) : null}
          . The firm quote comes when you continue.
        </>
      ) : (
        "No price yet for this pair: the quote will price it when you continue."
      )}
    </p>
  );
}

/** The firm quote: paid, rate both ways, spread, fee, received. */
export function QuoteDetails({ quote }: { quote: QuoteView }) {
  const lines = rateLines(quote, quote.rate);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="text-muted">You pay</dt>
      <dd className="font-semibold">{formatSwapAmount(BigInt(quote.fromAmountMinor), quote.from)}</dd>
      <dt className="text-muted">Rate</dt>
      <dd className="font-semibold">
        <span className="block">{lines?.forward ?? `1 ${quote.from} = ${quote.rate} ${quote.to}`}</span>
        {lines?.inverse ? <span className="block font-normal text-muted">{lines.inverse}</span> : null}
      </dd>
      <dt className="text-muted">Spread</dt>
      <dd>{(quote.spreadBps / 100).toFixed(2)} %</dd>
      <dt className="text-muted">Fee</dt>
      <dd>{formatSwapAmount(BigInt(quote.feeMinor), quote.to)}</dd>
      <dt className="text-muted">You receive</dt>
      <dd className="font-semibold text-positive">
        {formatSwapAmount(BigInt(quote.toAmountMinor), quote.to)}
      </dd>
    </dl>
  );
}

/** A done swap: the seed's line, what was paid and received, and where to find it. */
export function SwapDone({ message, paid, received }: { message: string; paid: string; received: string }) {
  return (
    <div role="status" className="space-y-2">
      <p>{message}</p>
      <p>
        You paid <span className="font-semibold">{paid}</span> and received{" "}
        <span className="font-semibold">{received}</span>.
      </p>
      <p>
        <Link to="/transactions?type=swap" className="font-semibold text-brand underline">
          See this swap in your transactions
        </Link>
      </p>
    </div>
  );
}

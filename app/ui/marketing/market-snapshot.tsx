import { Activity } from "lucide-react";
import { formatDateTime } from "~/domain/dates.ts";
import { formatDecimal, safeParseDecimal, scaleDecimal } from "~/domain/money/decimal.ts";

/**
 * Slot for the market data service (issue: market data). It renders only what it is given:
 * quotes with their source and time, or a plain note. It never invents a price.
 */
export interface SnapshotQuote {
  symbol: string;
  name: string;
  /** USD as an exact decimal string. */
  priceUsd: string;
  change24hPct: number | null;
  lastUpdated: string;
  source: string;
}

/** "$64,250.51", or "$0.0516" below a dollar: cut (not rounded) to 2 or 4 decimals. */
function formatUsd(decimal: string) {
  const price = safeParseDecimal(decimal, { allowNegative: true });
  if (!price) return `$${decimal}`;
  const decimals = scaleDecimal(price, 0, "down") >= 1n ? 2 : 4;
  const shown = scaleDecimal(price, decimals, "down");
  return `$${formatDecimal({ digits: shown, scale: decimals }, { minDecimals: decimals, grouping: true })}`;
}

export function MarketSnapshot({
  quotes,
  stale = false,
  signedIn,
}: {
  quotes: SnapshotQuote[] | null;
  stale?: boolean;
  /** Given: a link to keep these coins in a watchlist (signing in first when signed out). */
  signedIn?: boolean;
}) {
  return (
    <section
      aria-labelledby="market-snapshot-heading"
      className="rounded-xl border border-line bg-surface p-5 shadow-card"
      data-slot="market-snapshot"
    >
      <div className="flex items-center gap-2">
        <Activity aria-hidden className="size-5 text-brand" />
        <h2 id="market-snapshot-heading" className="text-base font-semibold text-ink">
          Market snapshot
        </h2>
      </div>
      {quotes && quotes.length > 0 ? (
        <>
          <ul className="mt-4 divide-y divide-line">
            {quotes.map((quote) => (
              <li key={quote.symbol} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span>
                  <span className="font-semibold text-ink">{quote.symbol}</span>{" "}
                  <span className="text-muted">{quote.name}</span>
                </span>
                <span className="text-right tabular-nums">
                  <span className="font-semibold text-ink">{formatUsd(quote.priceUsd)}</span>
                  {quote.change24hPct === null ? null : (
                    <span className={`ml-2 ${quote.change24hPct >= 0 ? "text-positive" : "text-negative"}`}>
                      {quote.change24hPct >= 0 ? "+" : ""}
                      {quote.change24hPct.toFixed(2)}%
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted">
            Source: {quotes[0]?.source === "sample" ? "sample prices (not live)" : quotes[0]?.source}, as of{" "}
            <time dateTime={quotes[0]?.lastUpdated}>
              {quotes[0] ? formatDateTime(quotes[0].lastUpdated) : ""}
            </time>
            .{stale ? " These prices are out of date." : ""} Prices are for information only.
          </p>
          {signedIn === undefined ? null : (
            <p className="mt-2 text-sm">
              <a
                href={signedIn ? "/dashboard" : "/login?redirectTo=%2Fdashboard"}
                className="font-semibold text-brand hover:underline"
              >
                {signedIn ? "Add coins to your watchlists" : "Sign in to add coins to a watchlist"}
              </a>
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">
          Live prices for BTC, ETH, SOL, BNB, BCH, TRX and USDT appear here with their source and time as soon
          as the market data service has fetched them.
        </p>
      )}
    </section>
  );
}

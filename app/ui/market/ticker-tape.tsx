import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { cn } from "../cn.ts";
import { asOfText, changeToneClass } from "./as-of.ts";
import { CoinMark } from "./coin-mark.tsx";
import { type LiveQuote, type LiveQuotes, useLiveQuotes } from "./use-live-quotes.ts";

/**
 * The ticker tape under the public navigation: BCH, BNB, BTC, ETH, SOL, TRX and USDT with price
 * and 24 h change, live over Server-Sent Events. Wide screens show the row still; narrower ones
 * scroll it slowly (paused on hover and focus), and it never moves for prefers-reduced-motion,
 * where it can be scrolled by hand instead. The data-ticker attributes let the landing page, which
 * is not hydrated (ADR 0063), follow the same stream with app/islands/ticker.ts.
 */
const css = `
@keyframes coinlens-ticker { from { transform: translateX(0) } to { transform: translateX(-50%) } }
.ticker-track { animation: coinlens-ticker 38s linear infinite; }
.ticker-viewport:hover .ticker-track, .ticker-viewport:focus-within .ticker-track { animation-play-state: paused; }
@media (min-width: 1536px) { .ticker-track { animation: none; } .ticker-copy { display: none; } }
@media (prefers-reduced-motion: reduce) {
  .ticker-track { animation: none; }
  .ticker-copy { display: none; }
  .ticker-viewport { overflow-x: auto; }
}
`;

function Item({ quote }: { quote: LiveQuote }) {
  const change = quote.change24hPct;
  return (
    <li
      className="flex shrink-0 items-center gap-2 px-4 py-2 text-sm"
      data-symbol={quote.symbol}
      data-price={quote.priceUsd}
      data-change={change ?? ""}
    >
      <CoinMark symbol={quote.symbol} className="size-5" />
      <span className="font-semibold text-ink">{quote.symbol}</span>
      <span className="font-mono tabular-nums text-ink" data-testid={`ticker-price-${quote.symbol}`}>
        {formatUsd(quote.priceUsd)}
      </span>
      <span className={cn("font-mono text-xs tabular-nums", changeToneClass(change))} data-ticker-change>
        <span className="sr-only">24 hour change </span>
        <span data-value>{formatPercent(change, { signed: true })}</span>
      </span>
    </li>
  );
}

export function TickerTape({ initial }: { initial: LiveQuotes }) {
  const { quotes, sample, stale, asOf } = useLiveQuotes(initial);
  if (quotes.length === 0) return null;
  return (
    <section
      aria-label="Market prices"
      className="border-b border-line bg-surface"
      data-ticker
      data-as-of={asOf ?? undefined}
      data-stale-seconds={initial.staleSeconds}
      data-sample={sample}
      data-stale={stale}
    >
      <style>{css}</style>
      <div className="flex items-center">
        {/* A keyboard stop: focus pauses the moving row (WCAG 2.2.2), and with reduced motion the
            still row scrolls sideways, which a keyboard can only do once it has focus. */}
        <section
          className="ticker-viewport relative min-w-0 flex-1 overflow-hidden focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand"
          aria-label="Prices (focus to pause)"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable, moving region must be reachable by keyboard
          tabIndex={0}
        >
          <div className="ticker-track flex w-max 2xl:w-full">
            <ul className="flex shrink-0 2xl:w-full 2xl:justify-between">
              {quotes.map((q) => (
                <Item key={q.symbol} quote={q} />
              ))}
            </ul>
            <ul className="ticker-copy flex shrink-0" aria-hidden="true">
              {quotes.map((q) => (
                <Item key={q.symbol} quote={q} />
              ))}
            </ul>
          </div>
        </section>
        <p className="shrink-0 border-l border-line px-3 py-2 text-xs text-muted" data-ticker-status>
          {sample ? <span className="font-semibold text-warning">Sample data</span> : null}
          {stale ? <span className="ml-1 font-semibold text-negative">Stale</span> : null}
          <span className="sr-only"> Prices {asOfText(asOf)}</span>
        </p>
      </div>
    </section>
  );
}

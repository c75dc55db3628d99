import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { asOfText, changeToneClass } from "~/ui/market/as-of.ts";
import type { LiveQuotes } from "~/ui/market/use-live-quotes.ts";

/**
 * ui/market/ticker-tape.tsx's live prices (use-live-quotes.ts on hydrated pages): follow
 * /api/stream/quotes (EventSource reconnects by itself; the last prices stay meanwhile), update
 * the coins the tape shows, and turn the tape stale by the clock when no update arrives in time.
 */
export function followTicker(doc: Document) {
  const tape = doc.querySelector<HTMLElement>("[data-ticker]");
  const status = tape?.querySelector<HTMLElement>("[data-ticker-status]");
  if (!tape || !status || typeof EventSource === "undefined") return;
  let state = {
    asOf: tape.dataset.asOf ?? null,
    stale: tape.dataset.stale === "true",
    sample: tape.dataset.sample === "true",
    staleSeconds: Number(tape.dataset.staleSeconds) || undefined,
  };
  let shown = "";

  function renderStatus() {
    const clockStale =
      state.asOf != null &&
      state.staleSeconds != null &&
      Date.now() - new Date(state.asOf).getTime() > state.staleSeconds * 1000;
    const stale = state.stale || clockStale;
    const key = `${state.sample}|${stale}|${state.asOf}`;
    if (!status || key === shown) return;
    shown = key;
    const parts: HTMLElement[] = [];
    if (state.sample) parts.push(span("font-semibold text-warning", "Sample data"));
    if (stale) parts.push(span("ml-1 font-semibold text-negative", "Stale"));
    parts.push(span("sr-only", ` Prices ${asOfText(state.asOf)}`));
    status.replaceChildren(...parts);
  }

  const source = new EventSource("/api/stream/quotes");
  source.addEventListener("quotes", (event) => {
    let next: LiveQuotes;
    try {
      next = JSON.parse((event as MessageEvent<string>).data) as LiveQuotes;
    } catch {
      return; // a malformed event is ignored; the next one replaces it
    }
    for (const quote of next.quotes) {
      // Only the coins the tape shows (each twice: the scrolling copy is aria-hidden).
      for (const item of tape.querySelectorAll<HTMLElement>(
        `li[data-symbol="${CSS.escape(quote.symbol)}"]`,
      )) {
        // The stream's first event repeats what the server rendered: nothing to format or lay out.
        const changeText = String(quote.change24hPct ?? "");
        if (item.dataset.price === quote.priceUsd && item.dataset.change === changeText) continue;
        item.dataset.price = quote.priceUsd;
        item.dataset.change = changeText;
        const price = item.querySelector(`[data-testid="ticker-price-${CSS.escape(quote.symbol)}"]`);
        if (price) price.textContent = formatUsd(quote.priceUsd);
        const change = item.querySelector<HTMLElement>("[data-ticker-change]");
        if (change)
          change.className = `font-mono text-xs tabular-nums ${changeToneClass(quote.change24hPct)}`;
        const value = change?.querySelector("[data-value]");
        if (value) value.textContent = formatPercent(quote.change24hPct, { signed: true });
      }
    }
    state = { asOf: next.asOf, stale: next.stale, sample: next.sample, staleSeconds: next.staleSeconds };
    renderStatus();
  });
  renderStatus();
  setInterval(renderStatus, 15_000);
}

function span(className: string, text: string) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

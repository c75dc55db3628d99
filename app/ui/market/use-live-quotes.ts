import { useEffect, useState } from "react";

export interface LiveQuote {
  symbol: string;
  name: string;
  priceUsd: string;
  change24hPct: number | null;
}

export interface LiveQuotes {
  quotes: LiveQuote[];
  asOf: string | null;
  stale: boolean;
  sample: boolean;
  staleSeconds?: number;
}

/**
 * Starts from the server-rendered quotes and follows /api/stream/quotes (Server-Sent Events).
 * EventSource reconnects by itself; while disconnected the last prices stay, with their time.
 */
export function useLiveQuotes<T extends LiveQuotes>(initial: T): LiveQuotes & { live: boolean } {
  const [state, setState] = useState<LiveQuotes>(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/stream/quotes");
    source.addEventListener("open", () => setLive(true));
    source.addEventListener("error", () => setLive(false));
    source.addEventListener("quotes", (event) => {
      try {
        const next = JSON.parse((event as MessageEvent<string>).data) as LiveQuotes;
        setState((previous) => ({
          ...next,
          // Keep the caller's order and only the coins it shows.
          quotes: previous.quotes.map((q) => next.quotes.find((n) => n.symbol === q.symbol) ?? q),
        }));
      } catch {
        // a malformed event is ignored; the next one replaces it
      }
    });
    return () => source.close();
  }, []);
  // A page left open with no updates (server down, stream cut) turns stale by the clock, too.
  const [clockStale, setClockStale] = useState(false);
  useEffect(() => {
    const staleSeconds = state.staleSeconds;
    if (!state.asOf || !staleSeconds) return;
    const asOf = new Date(state.asOf).getTime();
    const check = () => setClockStale(Date.now() - asOf > staleSeconds * 1000);
    check();
    const timer = setInterval(check, 15_000);
    return () => clearInterval(timer);
  }, [state.asOf, state.staleSeconds]);
  return { ...state, stale: state.stale || clockStale, live };
}

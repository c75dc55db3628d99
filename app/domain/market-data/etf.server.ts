import { toDecimalString } from "./decimal.ts";
import { type FetchLike, fetchJson, ProviderError, RateLimitedError } from "./http.server.ts";
import type { EtfProvider, EtfSnapshot } from "./providers.ts";
import type { DailyBar, EtfSymbol } from "./types.ts";

/**
 * ETF prices from Alpha Vantage TIME_SERIES_DAILY (https://www.alphavantage.co/documentation/).
 * It needs a key; its free tier allows 25 calls a day, so the refresher runs it rarely and one
 * symbol at a time. Alpha Vantage reports rate limits with HTTP 200 and a "Note"/"Information"
 * body, which we turn into a RateLimitedError. It has no fund holdings or flows: those stay
 * unknown (null / no rows) rather than guessed.
 */
export interface AlphaVantageOptions {
  apiKey: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Pause between symbols (the free tier also limits bursts). */
  spacingMs?: number;
}

export function createAlphaVantageEtfProvider(options: AlphaVantageOptions): EtfProvider {
  return {
    source: "alpha-vantage",
    async fetchEtfs(symbols) {
      const snapshot: EtfSnapshot = { quotes: [], bars: [], flows: [] };
      for (const [i, symbol] of symbols.entries()) {
        if (i > 0 && options.spacingMs) await new Promise((r) => setTimeout(r, options.spacingMs));
        const query = new URLSearchParams({
          function: "TIME_SERIES_DAILY",
          symbol,
          outputsize: "compact",
          apikey: options.apiKey,
        });
        const body = await fetchJson(`https://www.alphavantage.co/query?${query}`, {
          provider: "Alpha Vantage",
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
        });
        const bars = parseAlphaVantageDaily(body);
        const last = bars.at(-1);
        if (!last) continue;
        snapshot.bars.push({ symbol, bars });
        snapshot.quotes.push({
          symbol,
          priceUsd: last.close,
          previousCloseUsd: bars.at(-2)?.close ?? null,
          aumUsd: null,
          btcHeld: null,
          // The close of a US trading day is 16:00 New York time; 21:00 UTC is at or after it all year.
          asOf: `${last.day}T21:00:00.000Z`,
          source: "alpha-vantage",
        });
      }
      return snapshot;
    },
  };
}

/** Daily bars, oldest first. */
export function parseAlphaVantageDaily(body: unknown): DailyBar[] {
  const json = (body ?? {}) as Record<string, unknown>;
  const limitText = json.Note ?? json.Information;
  if (typeof limitText === "string") {
    if (/rate limit|call frequency|requests per day|premium/i.test(limitText))
      throw new RateLimitedError(`Alpha Vantage: ${limitText.slice(0, 160)}`);
    throw new ProviderError(`Alpha Vantage: ${limitText.slice(0, 160)}`);
  }
  if (typeof json["Error Message"] === "string")
    throw new ProviderError(`Alpha Vantage: ${(json["Error Message"] as string).slice(0, 160)}`);
  const series = json["Time Series (Daily)"] as Record<string, Record<string, unknown>> | undefined;
  if (!series || typeof series !== "object")
    throw new ProviderError("Alpha Vantage sent an unexpected response");
  const bars: DailyBar[] = [];
  for (const [day, row] of Object.entries(series)) {
    const close = toDecimalString(row["4. close"]);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !close) continue;
    bars.push({
      day,
      open: toDecimalString(row["1. open"]),
      high: toDecimalString(row["2. high"]),
      low: toDecimalString(row["3. low"]),
      close,
      volume: toDecimalString(row["5. volume"]),
    });
  }
  return bars.sort((a, b) => a.day.localeCompare(b.day));
}

export type { EtfSymbol };

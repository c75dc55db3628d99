import { addDays } from "../portfolio/days.ts";
import { toDecimalString } from "./decimal.ts";
import { type FetchLike, fetchJson, ProviderError } from "./http.server.ts";
import type { DailyClose, PriceHistoryProvider, QuotesProvider } from "./providers.ts";
import type { Quote } from "./types.ts";

/**
 * CoinGecko /coins/markets (https://docs.coingecko.com/reference/coins-markets). The public API
 * works without a key; a Demo key goes in x-cg-demo-api-key, a paid key uses the pro host and
 * x-cg-pro-api-key.
 */
export interface CoinGeckoOptions {
  apiKey?: string | undefined;
  plan?: "demo" | "pro";
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createCoinGeckoProvider(options: CoinGeckoOptions = {}): QuotesProvider {
  const pro = options.plan === "pro" && options.apiKey;
  const base = pro ? "https://pro-api.coingecko.com/api/v3" : "https://api.coingecko.com/api/v3";
  const headers: Record<string, string> = {};
  if (options.apiKey) headers[pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;

  async function markets(params: Record<string, string>) {
    const query = new URLSearchParams({
      vs_currency: "usd",
      order: "market_cap_desc",
      sparkline: "true",
      price_change_percentage: "24h",
      ...params,
    });
    const body = await fetchJson(`${base}/coins/markets?${query}`, {
      provider: "CoinGecko",
      headers,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
    return parseCoinGeckoMarkets(body);
  }

  return {
    source: "coingecko",
    fetchQuotes: (ids) =>
      markets({ ids: ids.join(","), per_page: String(Math.max(ids.length, 1)), page: "1" }),
    fetchMarkets: (limit) => markets({ per_page: String(Math.min(limit, 250)), page: "1" }),
  };
}

/** Parses a /coins/markets body; rows without a usable price are skipped, not guessed. */
export function parseCoinGeckoMarkets(body: unknown): Quote[] {
  if (!Array.isArray(body)) {
    const error = (body as { error?: unknown; status?: { error_message?: unknown } } | null) ?? {};
    const message = error.status?.error_message ?? error.error;
    throw new ProviderError(
      typeof message === "string" ? `CoinGecko: ${message}` : "CoinGecko sent an unexpected response",
    );
  }
  const quotes: Quote[] = [];
  for (const row of body as Record<string, unknown>[]) {
    const price = toDecimalString(row.current_price);
    const id = typeof row.id === "string" ? row.id : null;
    const symbol = typeof row.symbol === "string" ? row.symbol.toUpperCase() : null;
    const updated = typeof row.last_updated === "string" ? Date.parse(row.last_updated) : Number.NaN;
    if (!price || !id || !symbol || Number.isNaN(updated)) continue;
    const sparkline = (row.sparkline_in_7d as { price?: unknown } | null)?.price;
    quotes.push({
      id,
      symbol,
      name: typeof row.name === "string" ? row.name : symbol,
      rank: typeof row.market_cap_rank === "number" ? row.market_cap_rank : null,
      priceUsd: price,
      marketCapUsd: toDecimalString(row.market_cap),
      volume24hUsd: toDecimalString(row.total_volume),
      high24hUsd: toDecimalString(row.high_24h),
      low24hUsd: toDecimalString(row.low_24h),
      change24hPct:
        typeof row.price_change_percentage_24h === "number" ? row.price_change_percentage_24h : null,
      sparkline7d: Array.isArray(sparkline)
        ? sparkline.filter((p): p is number => typeof p === "number" && Number.isFinite(p))
        : [],
      lastUpdated: new Date(updated).toISOString(),
      source: "coingecko",
    });
  }
  return quotes;
}

// The public and Demo plans serve the past 365 days of history; paid plans go back to 2013.
const DEMO_HISTORY_DAYS = 365;
// One request spans at most this many days, so a paid plan's long backfill is a few calls.
const RANGE_CHUNK_DAYS = 360;

/**
 * CoinGecko /coins/{id}/market_chart/range (https://docs.coingecko.com/reference/coins-id-market-chart-range):
 * daily points for spans over 90 days, hourly below. Each day's close is its last price.
 */
export function createCoinGeckoHistoryProvider(options: CoinGeckoOptions = {}): PriceHistoryProvider {
  const pro = options.plan === "pro" && options.apiKey;
  const base = pro ? "https://pro-api.coingecko.com/api/v3" : "https://api.coingecko.com/api/v3";
  const headers: Record<string, string> = {};
  if (options.apiKey) headers[pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;
  return {
    source: "coingecko",
    earliestDay: (today) => (pro ? null : addDays(today, -DEMO_HISTORY_DAYS + 1)),
    async fetchDailyCloses(coinId, from, to) {
      const closes: DailyClose[] = [];
      for (let start = from; start <= to; start = addDays(start, RANGE_CHUNK_DAYS)) {
        const endDay = addDays(start, RANGE_CHUNK_DAYS - 1) < to ? addDays(start, RANGE_CHUNK_DAYS - 1) : to;
        const query = new URLSearchParams({
          vs_currency: "usd",
          from: String(Date.parse(`${start}T00:00:00Z`) / 1000),
          // The point at the next midnight is the last day's close.
          to: String(Date.parse(`${addDays(endDay, 1)}T00:00:00Z`) / 1000),
        });
        const body = await fetchJson(
          `${base}/coins/${encodeURIComponent(coinId)}/market_chart/range?${query}`,
          {
            provider: "CoinGecko",
            headers,
            fetch: options.fetch,
            timeoutMs: options.timeoutMs,
          },
        );
        closes.push(...parseCoinGeckoRange(body).filter((c) => c.day >= start && c.day <= endDay));
      }
      return closes;
    },
  };
}

/**
 * Parses a market_chart/range body into one close per UTC day, oldest first. A point stamped
 * exactly at midnight is the price at the end of the day before (CoinGecko's daily points are
 * taken at 00:00 UTC), so each point counts for the day of the millisecond before it.
 */
export function parseCoinGeckoRange(body: unknown): DailyClose[] {
  const prices = (body as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(prices)) {
    type Status = { status?: { error_message?: unknown } };
    const error = (body as (Status & { error?: unknown }) | null) ?? {};
    const nested = typeof error.error === "object" ? (error.error as Status | null) : null;
    const message = error.status?.error_message ?? nested?.status?.error_message ?? error.error;
    throw new ProviderError(
      typeof message === "string" ? `CoinGecko: ${message}` : "CoinGecko sent an unexpected response",
    );
  }
  const byDay = new Map<string, { at: number; close: string }>();
  for (const point of prices) {
    if (!Array.isArray(point) || typeof point[0] !== "number") continue;
    const close = toDecimalString(point[1]);
    if (!close || Number(close) <= 0) continue;
    const day = new Date(point[0] - 1).toISOString().slice(0, 10);
    const known = byDay.get(day);
    if (!known || known.at < point[0]) byDay.set(day, { at: point[0], close });
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, { close }]) => ({ day, close }));
}

import { addDays } from "../portfolio/days.ts";
import { toDecimalString } from "./decimal.ts";
import { type FetchLike, fetchJson, ProviderError } from "./http.server.ts";
import type { DailyFxRate, FxHistoryProvider } from "./providers.ts";

/**
 * Frankfurter (https://frankfurter.dev): the European Central Bank's reference rates, free and
 * without a key, with a time series endpoint. The live FX provider (ExchangeRate-API's open
 * endpoint) has no history, so past days come from here. Only working days have a fixing; a
 * weekend takes Friday's rate when history is converted.
 */
export interface FrankfurterOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
}

// Short spans, so the service answers with every working day rather than a thinned series.
const CHUNK_DAYS = 90;

export function createFrankfurterProvider(options: FrankfurterOptions = {}): FxHistoryProvider {
  return {
    source: "frankfurter",
    async fetchDailyRates(currencies, from, to) {
      const wanted = currencies.filter((c) => c !== "USD");
      if (wanted.length === 0) return [];
      const rates: DailyFxRate[] = [];
      for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
        const last = addDays(start, CHUNK_DAYS - 1) < to ? addDays(start, CHUNK_DAYS - 1) : to;
        const query = new URLSearchParams({ base: "USD", symbols: wanted.join(",") });
        const body = await fetchJson(`https://api.frankfurter.dev/v1/${start}..${last}?${query}`, {
          provider: "Frankfurter",
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
        });
        rates.push(...parseFrankfurterSeries(body, wanted).filter((r) => r.day >= start && r.day <= last));
      }
      return rates;
    },
  };
}

/** Parses a time series body ({ base: "USD", rates: { day: { EUR: 0.91 } } }), oldest first. */
export function parseFrankfurterSeries(body: unknown, currencies: readonly string[]): DailyFxRate[] {
  const json = (body ?? {}) as { base?: unknown; rates?: unknown; message?: unknown };
  if (typeof json.message === "string") throw new ProviderError(`Frankfurter: ${json.message}`);
  if (json.base !== "USD") throw new ProviderError("Frankfurter: base is not USD");
  if (!json.rates || typeof json.rates !== "object") throw new ProviderError("Frankfurter: rates missing");
  const result: DailyFxRate[] = [];
  for (const day of Object.keys(json.rates).sort()) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const row = (json.rates as Record<string, Record<string, unknown>>)[day] ?? {};
    for (const currency of currencies) {
      const perUsd = toDecimalString(row[currency]);
      if (perUsd && Number(perUsd) > 0) result.push({ currency, day, perUsd });
    }
  }
  return result;
}

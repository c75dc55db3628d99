import { toDecimalString } from "./decimal.ts";
import { type FetchLike, fetchJson, ProviderError, RateLimitedError } from "./http.server.ts";
import type { FxProvider } from "./providers.ts";
import { type FxRate, fxCurrencies } from "./types.ts";

/**
 * ExchangeRate-API (https://www.exchangerate-api.com/docs): the open endpoint needs no key and
 * updates daily; with a key the v6 endpoint answers `conversion_rates` instead of `rates`.
 */
export interface ExchangeRateOptions {
  apiKey?: string | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createExchangeRateProvider(options: ExchangeRateOptions = {}): FxProvider {
  const url = options.apiKey
    ? `https://v6.exchangerate-api.com/v6/${encodeURIComponent(options.apiKey)}/latest/USD`
    : "https://open.er-api.com/v6/latest/USD";
  return {
    source: "open-er-api",
    async fetchRates() {
      const body = await fetchJson(url, {
        provider: "ExchangeRate-API",
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return parseExchangeRates(body);
    },
  };
}

export function parseExchangeRates(body: unknown): FxRate[] {
  const json = (body ?? {}) as Record<string, unknown>;
  if (json.result !== "success") {
    const type = typeof json["error-type"] === "string" ? json["error-type"] : "unexpected response";
    if (type === "quota-reached") throw new RateLimitedError("ExchangeRate-API quota reached");
    throw new ProviderError(`ExchangeRate-API: ${type}`);
  }
  if (json.base_code !== "USD") throw new ProviderError("ExchangeRate-API: base is not USD");
  const rates = (json.rates ?? json.conversion_rates) as Record<string, unknown> | undefined;
  const unix = Number(json.time_last_update_unix);
  if (!rates || !Number.isFinite(unix)) throw new ProviderError("ExchangeRate-API: rates missing");
  const asOf = new Date(unix * 1000).toISOString();
  const result: FxRate[] = [];
  for (const currency of fxCurrencies) {
    const perUsd = toDecimalString(rates[currency]);
    if (!perUsd || Number(perUsd) <= 0) throw new ProviderError(`ExchangeRate-API: no rate for ${currency}`);
    result.push({ currency, perUsd, asOf, source: "open-er-api" });
  }
  return result;
}

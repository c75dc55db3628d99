import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../portfolio/days.ts";
import { createCoinGeckoHistoryProvider, parseCoinGeckoRange } from "./coingecko.server.ts";
import { createFrankfurterProvider, parseFrankfurterSeries } from "./fx-history.server.ts";
import { ProviderError } from "./http.server.ts";
import { sampleDailyCloses, sampleDailyFx } from "./sample-history.ts";
import { sampleUsdPrices } from "./sample-seed.ts";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures/market-data");
const fixture = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), "utf8")) as unknown;

describe("CoinGecko market_chart/range", () => {
  it("one close per UTC day: a midnight point closes the day before, the latest point closes today", () => {
    expect(parseCoinGeckoRange(fixture("coingecko-market-chart-range.json"))).toEqual([
      { day: "2023-12-31", close: "42280.23477183529" },
      { day: "2024-01-01", close: "44187.14083413064" },
      { day: "2024-01-02", close: "44961.60117429925" },
      { day: "2024-01-03", close: "42848.17557447768" },
      // 00:00 on the 5th closes the 4th; 05:43 on the 5th is the 5th so far.
      { day: "2024-01-04", close: "44179.9190225296" },
      { day: "2024-01-05", close: "44162.6904133018" },
    ]);
  });

  it("an error body is a provider error in CoinGecko's words", () => {
    expect(() => parseCoinGeckoRange(fixture("coingecko-range-limit.json"))).toThrow(
      /CoinGecko: Your request exceeds the allowed time range/,
    );
    expect(() => parseCoinGeckoRange(null)).toThrow(ProviderError);
  });

  it("the free plan serves the past 365 days; a long range is asked for in chunks", async () => {
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ prices: [] }), { status: 200 });
    };
    const demo = createCoinGeckoHistoryProvider({ fetch });
    expect(demo.earliestDay("2026-11-26")).toBe("2025-11-27");
    expect(createCoinGeckoHistoryProvider({ apiKey: "k", plan: "pro" }).earliestDay("2026-11-26")).toBeNull();
    await demo.fetchDailyCloses("bitcoin", "2025-01-01", "2025-12-31");
    expect(urls).toHaveLength(2);
    expect(urls[0]).toContain("/coins/bitcoin/market_chart/range?vs_currency=usd&from=1735689600&to=");
    expect(urls.every((u) => u.startsWith("https://api.coingecko.com/api/v3/"))).toBe(true);
  });
});

describe("Frankfurter time series", () => {
  it("parses the working days' rates per USD", () => {
    const rates = parseFrankfurterSeries(fixture("frankfurter-series.json"), ["EUR", "GBP"]);
    expect(rates).toHaveLength(10);
    expect(rates.slice(0, 2)).toEqual([
      { currency: "EUR", day: "2024-01-02", perUsd: "0.91274" },
      { currency: "GBP", day: "2024-01-02", perUsd: "0.78788" },
    ]);
    expect(rates.some((r) => r.day === "2024-01-06")).toBe(false);
  });

  it("refuses a series in another base, and asks in 90-day chunks", async () => {
    expect(() => parseFrankfurterSeries({ base: "EUR", rates: {} }, ["GBP"])).toThrow(/base is not USD/);
    const urls: string[] = [];
    const provider = createFrankfurterProvider({
      fetch: async (url) => {
        urls.push(url);
        return new Response(JSON.stringify({ base: "USD", rates: {} }), { status: 200 });
      },
    });
    await provider.fetchDailyRates(["EUR"], "2026-01-01", "2026-06-30");
    expect(urls).toEqual([
      "https://api.frankfurter.dev/v1/2026-01-01..2026-03-31?base=USD&symbols=EUR",
      "https://api.frankfurter.dev/v1/2026-04-01..2026-06-29?base=USD&symbols=EUR",
      "https://api.frankfurter.dev/v1/2026-06-30..2026-06-30?base=USD&symbols=EUR",
    ]);
  });
});

describe("sample history", () => {
  const end = "2026-11-26";
  const from = addDays(end, -6 * 365 - 10);

  it("is the same in every run and ends exactly at the sample quote", () => {
    for (const symbol of Object.keys(sampleUsdPrices) as (keyof typeof sampleUsdPrices)[]) {
      const a = sampleDailyCloses(symbol, from, end, end);
      expect(a).toEqual(sampleDailyCloses(symbol, from, end, end));
      expect(a).toHaveLength(daysBetween(from, end) + 1);
      expect(a.at(-1)).toEqual({ day: end, close: sampleUsdPrices[symbol] });
      // A slice is the same days of the same walk.
      expect(sampleDailyCloses(symbol, addDays(end, -30), addDays(end, -20), end)).toEqual(a.slice(-31, -20));
    }
  });

  it("is plausible: positive, BTC lower six years ago, no day moving more than 30 %, USDT near 1", () => {
    const btc = sampleDailyCloses("BTC", from, end, end).map((c) => Number(c.close));
    expect(Math.min(...btc)).toBeGreaterThan(0);
    expect(btc[0]).toBeLessThan(31_000);
    for (let i = 1; i < btc.length; i++)
      expect(Math.abs(Math.log((btc[i] as number) / (btc[i - 1] as number)))).toBeLessThan(0.3);
    const usdt = sampleDailyCloses("USDT", from, end, end).map((c) => Number(c.close));
    expect(Math.max(...usdt.map((p) => Math.abs(p - 1)))).toBeLessThan(0.02);
    expect(sampleDailyCloses("BTC", addDays(end, 1), addDays(end, 5), end)).toEqual([]);
  });

  it("FX history for EUR and GBP ends at the sample rates", () => {
    const fx = sampleDailyFx(["EUR", "GBP", "NGN"], addDays(end, -400), end, end);
    expect(fx.filter((r) => r.currency === "NGN")).toEqual([]);
    expect(fx.filter((r) => r.day === end)).toEqual([
      { currency: "EUR", day: end, perUsd: "0.85" },
      { currency: "GBP", day: end, perUsd: "0.75" },
    ]);
    const eur = fx.filter((r) => r.currency === "EUR").map((r) => Number(r.perUsd));
    expect(Math.min(...eur)).toBeGreaterThan(0.6);
    expect(Math.max(...eur)).toBeLessThan(1.1);
  });
});

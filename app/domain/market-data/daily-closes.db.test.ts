import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { getDailyBars, getUsdPrice } from "./cache.server.ts";
import { normalize } from "./decimal.ts";
import { recentTradingDays } from "./nyse.ts";
import type { MarketDataProviders } from "./providers.ts";
import { defaultIntervals, type JobName, makeJobsDue, runDueJobs } from "./refresher.server.ts";
import { createSampleProviders } from "./sample.server.ts";
import { latestTradingDay, sampleEtfBars } from "./sample-etf.server.ts";
import type { Quote } from "./types.ts";

// What is promised: "daily closes kept for good (history never depends on a provider's 365-day limit)".
// The refresher is the only writer of market_daily_bars and nothing prunes it: these tests run
// the real refresher on days years apart and check that what earlier days wrote is still there,
// unchanged, after later refreshes (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL).

const t = setupTestDatabase();
const intervals = defaultIntervals("sample");
const allJobs: JobName[] = ["quotes", "markets", "fx", "news", "etfs"];

/** The sample providers as of `at`, with BTC at `btcUsd` so each day's close is distinguishable. */
function providersOn(at: Date, btcUsd: string, quoteTime: Date = at): MarketDataProviders {
  const sample = createSampleProviders(() => at);
  const withBtc = (quotes: Quote[]) =>
    quotes.map((q) =>
      q.symbol === "BTC"
        ? {
            ...q,
            priceUsd: btcUsd,
            high24hUsd: btcUsd,
            low24hUsd: btcUsd,
            lastUpdated: quoteTime.toISOString(),
          }
        : q,
    );
  return {
    ...sample,
    quotes: {
      source: "sample",
      fetchQuotes: async (ids) => withBtc(await sample.quotes.fetchQuotes(ids)),
      fetchMarkets: async (limit) => withBtc(await sample.quotes.fetchMarkets(limit)),
    },
  };
}

async function sweep(providers: MarketDataProviders, jobs: JobName[] = allJobs) {
  // The lease row says when a job is next due by the database's clock; make them due now.
  await makeJobsDue(t.db, jobs);
  const results = await runDueJobs(t.db, providers, { holder: "history-test", intervals, jobs });
  expect(results.map((r) => `${r.job} ${r.status}`)).toEqual(jobs.map((j) => `${j} ok`));
}

const btcCloses = async () =>
  Object.fromEntries((await getDailyBars(t.db, "coin", "BTC")).map((b) => [b.day, b.close]));

// Monday 3 and Tuesday 4 March 2025, then Thursday 1 June 2028: more than three years on, beyond
// any provider's 365-day window and beyond the 560 trading days the ETF source sends each time.
const day1 = new Date("2025-03-03T20:00:00Z");
const day2 = new Date("2025-03-04T20:00:00Z");
const day3 = new Date("2028-06-01T20:00:00Z");

describe("daily closes are kept for good", () => {
  it("coin closes written on earlier days survive later refreshes, each day keeping its own close", async () => {
    await sweep(providersOn(day1, "30000"));
    await sweep(providersOn(day2, "32000"));
    await sweep(providersOn(day3, "31000"));

    expect(await btcCloses()).toEqual({
      "2025-03-03": "30000",
      "2025-03-04": "32000",
      "2028-06-01": "31000",
    });
    // Every tracked coin has the same three days, none lost to the later sweeps.
    const perCoin = await queryRows<{ symbol: string; days: number | string }>(
      t.db,
      sql`select symbol, count(*) as days from market_daily_bars where kind = 'coin' group by symbol order by symbol`,
    );
    expect(perCoin.map((r) => `${r.symbol} ${Number(r.days)}`)).toEqual([
      "BCH 3",
      "BNB 3",
      "BTC 3",
      "ETH 3",
      "SOL 3",
      "TRX 3",
      "USDT 3",
    ]);
  });

  it("ETF bars from a first snapshot outside every later snapshot's window are still there, unchanged", async () => {
    const windows = [day1, day2, day3].map((d) => recentTradingDays(latestTradingDay(d), 560));
    const expectedDays = [...new Set(windows.flat())].sort();
    // The first window's opening days appear in no later snapshot.
    const onlyInFirst = windows[0]?.filter((d) => !windows[1]?.includes(d) && !windows[2]?.includes(d)) ?? [];
    expect(onlyInFirst.length).toBeGreaterThan(0);

    const firstSnapshot = sampleEtfBars("IBIT", latestTradingDay(day1), 560);
    const bars = await getDailyBars(t.db, "etf", "IBIT");
    expect(bars.map((b) => b.day)).toEqual(expectedDays);
    for (const day of onlyInFirst) {
      const written = firstSnapshot.find((b) => b.day === day);
      if (!written) throw new Error(`no sample bar for ${day}`);
      // The cache hands decimals back normalized ("44.80" → "44.8"); the values are the same.
      const asStored = Object.fromEntries(
        Object.entries(written).map(([k, v]) => [k, k === "day" || v == null ? v : normalize(v)]),
      );
      expect(
        bars.find((b) => b.day === day),
        day,
      ).toEqual(asStored);
    }
    // And so for every fund: no series was trimmed to the latest window.
    const perFund = await queryRows<{ days: number | string }>(
      t.db,
      sql`select count(*) as days from market_daily_bars where kind = 'etf' group by symbol`,
    );
    expect(perFund).toHaveLength(12);
    expect(perFund.every((r) => Number(r.days) === expectedDays.length)).toBe(true);
  });

  it("a later refresh on the same day moves only that day's close", async () => {
    await sweep(providersOn(new Date("2028-06-01T21:00:00Z"), "31500"), ["quotes"]);
    expect(await btcCloses()).toEqual({
      "2025-03-04": "32000",
      "2025-03-03": "30000",
      "2028-06-01": "31500",
    });
  });

  it("a slower response carrying an older quote changes neither the price nor that day's close", async () => {
    // The markets job's answer was priced at 20:30, before the 21:00 quote already stored.
    const late = providersOn(new Date("2028-06-01T21:05:00Z"), "30900", new Date("2028-06-01T20:30:00Z"));
    await sweep(late, ["markets"]);
    expect((await getUsdPrice(t.db, "BTC", { now: new Date("2028-06-01T21:06:00Z") }))?.priceUsd).toBe(
      "31500",
    );
    expect((await btcCloses())["2028-06-01"]).toBe("31500");
  });
});

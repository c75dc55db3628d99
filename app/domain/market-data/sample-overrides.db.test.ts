import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { getUsdPrice } from "./cache.server.ts";
import { saveQuotes } from "./cache-writes.server.ts";
import { defaultIntervals, makeJobsDue, runDueJobs } from "./refresher.server.ts";
import { createSampleProviders, sampleMarkets } from "./sample.server.ts";
import {
  clearSamplePrices,
  getSampleOverrides,
  nudgeSamplePrice,
  parseSamplePrice,
  setSamplePrice,
} from "./sample-overrides.server.ts";

// /dev/market's hand-set sample prices: written to the cache at once, kept by the sample refresher
// (which otherwise puts the seed prices back every minute) until cleared, and never applied to a
// live provider's quotes.
const t = setupTestDatabase();

async function refresh() {
  await makeJobsDue(t.db, ["quotes", "markets"]);
  return runDueJobs(t.db, createSampleProviders(), {
    holder: "test",
    intervals: defaultIntervals("sample"),
    jobs: ["quotes", "markets"],
  });
}

const price = async (symbol: string) => (await getUsdPrice(t.db, symbol))?.priceUsd;

describe("sample price overrides", () => {
  it("a hand-set price is in the cache at once and survives the sample refresher; clearing puts the sample price back", async () => {
    await refresh();
    expect(await price("BTC")).toBe("31000");
    await setSamplePrice(t.db, "BTC", "29600.5");
    expect(await price("BTC")).toBe("29600.5");
    const results = await refresh();
    expect(results.map((r) => `${r.job}:${r.status}`)).toEqual(["quotes:ok", "markets:ok"]);
    expect(await price("BTC")).toBe("29600.5");
    // The other coins keep the sample provider's prices.
    expect(await price("ETH")).toBe("1700");

    expect(await clearSamplePrices(t.db)).toBe(1);
    expect(await getSampleOverrides(t.db)).toEqual([]);
    expect(await price("BTC")).toBe("31000");
    await refresh();
    expect(await price("BTC")).toBe("31000");
  });

  it("nudges move the current price by the percentage exactly, one on top of another", async () => {
    await refresh();
    expect(await nudgeSamplePrice(t.db, "ETH", 5)).toBe("1785");
    expect(await nudgeSamplePrice(t.db, "ETH", -1)).toBe("1767.15");
    expect(await price("ETH")).toBe("1767.15");
    // TRX's seed price has 12 decimals: 0.051666666667 × 0.95, two more decimals, exactly.
    expect(await nudgeSamplePrice(t.db, "TRX", -5)).toBe("0.04908333333365");
    expect(await clearSamplePrices(t.db, ["ETH"])).toBe(1);
    expect(await price("ETH")).toBe("1700");
    expect((await getSampleOverrides(t.db)).map((o) => o.symbol)).toEqual(["TRX"]);
    await clearSamplePrices(t.db);
  });

  it("a live provider's quotes are never overridden", async () => {
    await setSamplePrice(t.db, "SOL", "120");
    const now = new Date(Date.now() + 1000);
    const live = sampleMarkets(now).map((q) => ({ ...q, source: "coingecko" as const }));
    await saveQuotes(t.db, live, now);
    expect(await price("SOL")).toBe("90");
    await clearSamplePrices(t.db);
  });

  it("reads a typed price only as a plain decimal above zero that fits the column", () => {
    expect(parseSamplePrice(" 29600.50 ")).toBe("29600.5");
    for (const bad of ["", "0", "-1", "1e3", "29,600", "abc", `0.${"1".repeat(19)}`, "1".repeat(21)]) {
      expect(parseSamplePrice(bad), bad).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { normalize } from "./decimal.ts";
import { defaultIntervals, runDueJobs } from "./refresher.server.ts";
import { createSampleProviders } from "./sample.server.ts";
import { createSampleEtfProvider } from "./sample-etf.server.ts";
import { etfDirectory, etfSymbols } from "./types.ts";
import { etfDetailView, etfListView } from "./views.server.ts";

// What is promised: "Financials for every ETF, not one". The refresher fills the cache from the sample
// provider at a fixed time; the detail view of each of the twelve funds must show what that
// provider sent for it, the year and 30-day figures worked out here from its bars.

const t = setupTestDatabase();
// Wednesday 14 May 2025, 18:00 New York: the latest trading day is that day.
const at = new Date("2025-05-14T22:00:00Z");
const staleSeconds = 600;

// What the sample provider sends at that time (deterministic), worked out once.
let snapshot: ReturnType<ReturnType<typeof createSampleEtfProvider>["fetchEtfs"]> | undefined;
function recorded() {
  snapshot ??= createSampleEtfProvider(() => at).fetchEtfs(etfSymbols);
  return snapshot;
}

describe("ETF financials for all twelve funds", () => {
  it("the refresher fills the cache from the sample provider", async () => {
    const results = await runDueJobs(
      t.db,
      createSampleProviders(() => at),
      {
        holder: "financials-test",
        intervals: defaultIntervals("sample"),
        jobs: ["etfs"],
      },
    );
    expect(results.map((r) => r.status)).toEqual(["ok"]);
  });

  it.each(etfDirectory.map((e) => [e.symbol, e] as const))(
    "%s: price, day, year, volume and holdings figures",
    async (symbol, info) => {
      const snapshot = await recorded();
      const quote = snapshot.quotes.find((q) => q.symbol === symbol);
      const bars = snapshot.bars.find((b) => b.symbol === symbol)?.bars ?? [];
      if (!quote || bars.length === 0) throw new Error(`the sample provider sent nothing for ${symbol}`);
      const last = bars[bars.length - 1];
      if (!last) throw new Error("no bars");
      // The year ends on the last bar's day; it starts the day after the same date a year before.
      const yearAgo = `${Number(last.day.slice(0, 4)) - 1}${last.day.slice(4)}`;
      const year = bars.filter((b) => b.day > yearAgo);
      const last30 = bars.slice(-30);

      const view = await etfDetailView(t.db, symbol, staleSeconds, new Date(at.getTime() + 60_000));
      expect(view.info).toEqual(info);
      expect(view.quote).toMatchObject({
        symbol,
        priceUsd: normalize(quote.priceUsd),
        previousCloseUsd: quote.previousCloseUsd && normalize(quote.previousCloseUsd),
        aumUsd: quote.aumUsd && normalize(quote.aumUsd),
        btcHeld: quote.btcHeld && normalize(quote.btcHeld),
        source: "sample",
      });
      expect(view.sample).toBe(true);
      expect(view.stale).toBe(false);
      expect(view.stats).toEqual({
        open: Number(last.open),
        high: Number(last.high),
        low: Number(last.low),
        volume: Number(last.volume),
        avgVolume30d: last30.reduce((sum, b) => sum + Number(b.volume), 0) / last30.length,
        week52High: Math.max(...year.map((b) => Number(b.high))),
        week52Low: Math.min(...year.map((b) => Number(b.low))),
      });
      // The price is the last close, so the range note always has a year to compare with.
      expect(view.history.at(-1)).toEqual([last.day, Number(quote.priceUsd)]);
      expect(view.rangeNote).not.toMatch(/not enough price history/);
    },
  );

  it("the list shows every fund's price from the same snapshot", async () => {
    const snapshot = await recorded();
    const list = await etfListView(t.db, staleSeconds);
    expect(list.funds.map((f) => [f.symbol, f.priceUsd])).toEqual(
      snapshot.quotes.map((q) => [q.symbol, normalize(q.priceUsd)]),
    );
  });
});

describe("ETF staleness", () => {
  it("end-of-day ETF prices turn stale only after four days and the configured age", async () => {
    const fourDaysLater = new Date(at.getTime() + 4 * 86_400_000);
    expect((await etfDetailView(t.db, "IBIT", staleSeconds, fourDaysLater)).stale).toBe(false);
    const beyond = new Date(fourDaysLater.getTime() + (staleSeconds + 1) * 1000);
    const view = await etfDetailView(t.db, "IBIT", staleSeconds, beyond);
    expect(view.stale).toBe(true);
    // Stale data is still shown, labelled, not hidden.
    expect(view.quote?.priceUsd).toBe("38.52");
  });
});

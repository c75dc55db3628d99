import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../../../db/seed.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { publishPick } from "./picks.server.ts";
import { SAMPLE_ANALYST_ID } from "./sample-picks.server.ts";
import { picksView } from "./track-record.server.ts";

// The /picks page's data on a real database: open picks at the feed's price now, closed ones at
// their exit, each against BTC over its own window; stale prices are left out, never guessed.
const t = setupTestDatabase();

async function price(symbol: string, value: string, at: Date) {
  await t.db.execute(
    sql`update market_quotes set price_usd = ${value}, last_updated = ${at} where symbol = ${symbol}`,
  );
}

describe("the picks track record", () => {
  it("the sample picks are seeded once, labelled sample, priced from the sample history", async () => {
    await seedDatabase(t.db);
    await seedDatabase(t.db);
    const now = new Date();
    await setPrices(t.db, now);
    const view = await picksView(t.db, {
      now,
      staleSeconds: 600,
      period: "all",
      analystId: SAMPLE_ANALYST_ID,
    });
    expect(view.picks.map((p) => p.asset).sort()).toEqual(["BNB", "ETH", "SOL", "TRX"]);
    expect(view.sample).toBe(true);
    expect(view.picks.every((p) => p.sample && p.returns !== null)).toBe(true);
    expect(
      view.picks
        .filter((p) => p.closedAt !== null)
        .map((p) => p.asset)
        .sort(),
    ).toEqual(["ETH", "TRX"]);
  });
  it("prices open picks now and closed ones at their exit, against BTC; filters by analyst and period; stale prices are left out", async () => {
    const start = new Date();
    await setPrices(t.db, start, { BTC: "100000" });
    await price("SOL", "100", start);
    await price("ETH", "2000", start);
    const ada = await addMember(t.db, "ada");
    const bob = await addMember(t.db, "bob");
    const pick = (analystId: string, asset: string) =>
      publishPick(t.db, {
        analystId,
        asset,
        title: `${asset} pick`,
        thesis: "Because.",
        risk: "medium",
        horizon: "short",
        now: start,
        staleSeconds: 600,
      });
    await pick(ada, "SOL");
    await pick(bob, "ETH");

    // SOL 100 → 130 (+30 %), ETH 2000 → 1800 (−10 %), BTC 100,000 → 105,000 (+5 %).
    await price("SOL", "130", start);
    await price("ETH", "1800", start);
    await price("BTC", "105000", start);
    const all = await picksView(t.db, { now: start, staleSeconds: 600, period: "all" });
    const bySymbol = Object.fromEntries(all.picks.map((p) => [p.asset, p]));
    expect(bySymbol.SOL?.returns).toEqual({ returnBp: 3000n, btcReturnBp: 500n, vsBtcBp: 2500n });
    expect(bySymbol.ETH?.returns).toEqual({ returnBp: -1000n, btcReturnBp: 500n, vsBtcBp: -1500n });
    // Two picks: one up → 50 %; average (3000 − 1000) / 2 = 1000; median the same; one beat BTC.
    expect(all.summary).toMatchObject({
      count: 2,
      hits: 1,
      hitRateBp: 5000n,
      averageBp: 1000n,
      medianBp: 1000n,
      bestBp: 3000n,
      worstBp: -1000n,
      beatBtc: 1,
    });
    // Real picks exist now: the sample picks are neither listed nor counted, nor their analyst offered.
    expect(all.sample).toBe(false);
    expect(all.picks.every((p) => !p.sample)).toBe(true);

    const adaOnly = await picksView(t.db, { now: start, staleSeconds: 600, period: "all", analystId: ada });
    expect(adaOnly.picks.map((p) => p.asset)).toEqual(["SOL"]);
    expect(all.analysts.map((a) => a.id).sort()).toEqual([ada, bob].sort());

    // An hour later without fresh prices: both open picks are unpriced, not guessed.
    const later = new Date(start.getTime() + 3_600_000);
    const stale = await picksView(t.db, { now: later, staleSeconds: 600, period: "all" });
    expect(stale.unpriced).toBe(2);
    expect(stale.summary.count).toBe(0);
    expect(stale.picks.every((p) => p.returns === null && p.lastPrice === null)).toBe(true);

    // 31 days on, the last-30-days view no longer lists them; all time still does.
    const month = new Date(start.getTime() + 31 * 86_400_000);
    await setPrices(t.db, month);
    expect((await picksView(t.db, { now: month, staleSeconds: 600, period: "30d" })).picks).toHaveLength(0);
    expect((await picksView(t.db, { now: month, staleSeconds: 600, period: "all" })).picks).toHaveLength(2);
  });
});

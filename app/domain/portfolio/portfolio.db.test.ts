import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { fundDemoAccount, postEntry } from "../ledger/ledger.server.ts";
import { saveFxRates, saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleFxPerUsd, sampleMarkets } from "../market-data/sample.server.ts";
import { sampleUsdPrices } from "../market-data/sample-seed.ts";
import { portfolioView } from "./portfolio.server.ts";
import { valueInUsdCents } from "./valuation.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-01T12:00:00Z");

describe("portfolioView", () => {
  it("shows an empty portfolio as zeros, with no prices said to be stale", async () => {
    const view = await portfolioView(t.db, {
      ledger: "real",
      userId: "p-empty",
      staleSeconds: 600,
      now: NOW,
    });
    expect(view.totalUsdCents).toBe("0");
    expect(view.wallets.map((w) => w.asset)).toEqual(["BTC", "ETH", "SOL", "BNB", "BCH", "TRX", "USDT"]);
    expect(view.wallets.every((w) => w.totalMinor === "0" && w.priceUsd === null)).toBe(true);
    expect(view.prices.stale).toBe(true);
    expect(view.unpriced).toEqual([]);
  });

  it("values cash and coins (available, held and staked) at the cached prices, on one ledger only", async () => {
    await fundDemoAccount(t.db, { userId: "p-member", idempotencyKey: "p-demo" });
    await postEntry(t.db, {
      idempotencyKey: "p-btc",
      code: "demo.funding",
      ledger: "demo",
      postings: [
        { account: { system: "demo_funding", asset: "BTC" }, amount: -25_000_000n },
        { account: { userId: "p-member", kind: "available", asset: "BTC" }, amount: 25_000_000n },
      ],
    });
    // Before any price: the coin is held but unpriced, and the total says so by leaving it out.
    const unpriced = await portfolioView(t.db, {
      ledger: "demo",
      userId: "p-member",
      staleSeconds: 600,
      now: NOW,
    });
    expect(unpriced.totalUsdCents).toBe("1000000");
    expect(unpriced.unpriced).toEqual(["BTC"]);

    await saveQuotes(t.db, sampleMarkets(NOW), NOW);
    await saveFxRates(
      t.db,
      Object.entries(sampleFxPerUsd).map(([currency, perUsd]) => ({
        currency: currency as "USD",
        perUsd,
        asOf: NOW.toISOString(),
        source: "sample" as const,
      })),
      NOW,
    );
    const view = await portfolioView(t.db, {
      ledger: "demo",
      userId: "p-member",
      staleSeconds: 600,
      now: NOW,
    });
    const btcCents = valueInUsdCents(25_000_000n, "BTC", sampleUsdPrices.BTC);
    const btc = view.wallets.find((w) => w.asset === "BTC");
    expect(btc).toMatchObject({ totalMinor: "25000000", valueUsdCents: btcCents.toString() });
    expect(view.cash.totalCents).toBe("1000000");
    expect(view.totalUsdCents).toBe((1_000_000n + btcCents).toString());
    expect(view.prices).toMatchObject({ stale: false, sample: true, asOf: NOW.toISOString() });
    expect(view.fx.rates).toEqual({ USD: "1", EUR: sampleFxPerUsd.EUR, GBP: sampleFxPerUsd.GBP });

    // The real ledger of the same member is untouched by demo money.
    const real = await portfolioView(t.db, {
      ledger: "real",
      userId: "p-member",
      staleSeconds: 600,
      now: NOW,
    });
    expect(real.totalUsdCents).toBe("0");
  });
});

import { describe, expect, it } from "vitest";
import { portfolioTransactions, portfolioWallets } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { creditAvailable, fundedMember } from "../../../tests/ledger.ts";
import { saveFxRates, saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleFxPerUsd, sampleMarkets } from "../market-data/sample.server.ts";
import { sampleUsdPrices } from "../market-data/sample-seed.ts";
import { portfolioOverview } from "./overview.server.ts";
import { allocationBps } from "./overview.ts";
import { valueInUsdCents } from "./valuation.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-20T12:00:00Z");

async function savePrices() {
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
}

describe("portfolioOverview", () => {
  it("a new member has no rows, a zero total and no 24 h move", async () => {
    const id = await fundedMember(t.db, "ov-empty");
    const view = await portfolioOverview(t.db, { userId: id, staleSeconds: 600, now: NOW });
    expect(view.rows).toEqual([]);
    expect(view.totals.totalUsdCents).toBe("0");
    expect(view.totals.change24hUsdCents).toBeNull();
    expect(view.walletsPending).toBe(0);
  });

  it("counts Coinlens balances, an outside buy and a watch-only wallet; never another member's rows or demo money", async () => {
    await savePrices();
    // 0.5 BTC and $250 on the real ledger.
    const me = await fundedMember(t.db, "ov-me", { BTC: 50_000_000n, USD: 25_000n });
    // Demo money of the same member: practice, never in the tracker.
    await creditAvailable(t.db, { userId: me, asset: "ETH", amount: 3_000_000_000n, ledger: "demo" });
    await creditAvailable(t.db, {
      userId: me,
      asset: "BTC",
      amount: 900_000_000n,
      ledger: "demo",
      idempotencyKey: "ov-me-demo-btc",
    });
    // 2 ETH bought elsewhere, then 0.5 ETH sent away: 1.5 ETH elsewhere.
    await t.db.insert(portfolioTransactions).values([
      {
        userId: me,
        source: "manual",
        kind: "buy",
        asset: "ETH",
        quantityMinor: 2_000_000_000n,
        valueUsdCents: 500_000n,
        occurredAt: new Date("2026-10-01T00:00:00Z"),
        dedupeKey: "ov-me-1",
      },
      {
        userId: me,
        source: "manual",
        kind: "send",
        asset: "ETH",
        quantityMinor: 500_000_000n,
        occurredAt: new Date("2026-10-05T00:00:00Z"),
        dedupeKey: "ov-me-2",
      },
    ]);
    // A watch-only wallet with 0.25 BTC, and one whose balance is not read yet.
    await t.db.insert(portfolioWallets).values([
      {
        userId: me,
        label: "Cold storage",
        chain: "bitcoin",
        kind: "address",
        value: "bc1qoverviewtestaddress0000000000000000000",
        asset: "BTC",
        balanceMinor: 25_000_000n,
        balanceAsOf: NOW,
      },
      {
        userId: me,
        label: "New wallet",
        chain: "tron",
        kind: "address",
        value: "TOverviewTestAddress000000000000000",
        asset: "USDT",
      },
    ]);
    // Another member's holdings of every kind.
    const other = await fundedMember(t.db, "ov-other", { SOL: 10_000_000_000n, BTC: 1_000n });
    await t.db.insert(portfolioTransactions).values({
      userId: other,
      source: "manual",
      kind: "buy",
      asset: "BNB",
      quantityMinor: 100_000_000n,
      occurredAt: new Date("2026-10-01T00:00:00Z"),
      dedupeKey: "ov-other-1",
    });
    await t.db.insert(portfolioWallets).values({
      userId: other,
      label: "Theirs",
      chain: "bitcoin",
      kind: "address",
      value: "bc1qoverviewothermember000000000000000000",
      asset: "BTC",
      balanceMinor: 700_000_000n,
      balanceAsOf: NOW,
    });

    const view = await portfolioOverview(t.db, { userId: me, staleSeconds: 600, now: NOW });
    const btc = view.rows.find((r) => r.asset === "BTC");
    const eth = view.rows.find((r) => r.asset === "ETH");
    const usd = view.rows.find((r) => r.asset === "USD");
    expect(view.rows.map((r) => r.asset).sort()).toEqual(["BTC", "ETH", "USD"]);
    expect(btc).toMatchObject({
      coinlensMinor: "50000000",
      elsewhereMinor: "0",
      walletsMinor: "25000000",
      totalMinor: "75000000",
      priceUsd: sampleUsdPrices.BTC,
    });
    expect(eth).toMatchObject({ coinlensMinor: "0", elsewhereMinor: "1500000000", walletsMinor: "0" });
    expect(usd).toMatchObject({ coinlensMinor: "25000", valueUsdCents: "25000", change24hUsdCents: "0" });

    const btcValue = valueInUsdCents(75_000_000n, "BTC", sampleUsdPrices.BTC);
    const ethValue = valueInUsdCents(1_500_000_000n, "ETH", sampleUsdPrices.ETH);
    const total = btcValue + ethValue + 25_000n;
    expect(btc?.valueUsdCents).toBe(btcValue.toString());
    expect(eth?.valueUsdCents).toBe(ethValue.toString());
    expect(view.totals.totalUsdCents).toBe(total.toString());
    expect(view.totals.coinlensUsdCents).toBe(
      (valueInUsdCents(50_000_000n, "BTC", sampleUsdPrices.BTC) + 25_000n).toString(),
    );
    expect(view.totals.elsewhereUsdCents).toBe(ethValue.toString());
    expect(
      BigInt(view.totals.coinlensUsdCents) +
        BigInt(view.totals.elsewhereUsdCents) +
        BigInt(view.totals.walletsUsdCents),
    ).toBe(total);
    // The shares are those of the three values and add up to 100 %.
    const shares = view.rows.map((r) => BigInt(r.shareBps ?? "0"));
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(10_000n);
    expect(shares).toEqual(allocationBps(view.rows.map((r) => BigInt(r.valueUsdCents ?? "0"))));
    expect(view.walletsPending).toBe(1);
    expect(view.prices).toMatchObject({ sample: true, stale: false, asOf: NOW.toISOString() });
    expect(view.fx.rates).toEqual({ USD: "1", EUR: sampleFxPerUsd.EUR, GBP: sampleFxPerUsd.GBP });
    // The sample quotes carry a 24 h change: the move is known for every coin held.
    expect(view.totals.changeUnknown).toEqual([]);
    expect(view.totals.change24hUsdCents).not.toBeNull();

    // The other member sees only their own: SOL and BNB and their wallet, none of mine.
    const theirs = await portfolioOverview(t.db, { userId: other, staleSeconds: 600, now: NOW });
    expect(theirs.rows.map((r) => r.asset).sort()).toEqual(["BNB", "BTC", "SOL"]);
    expect(theirs.rows.find((r) => r.asset === "BTC")).toMatchObject({
      coinlensMinor: "1000",
      walletsMinor: "700000000",
    });
    expect(theirs.walletsPending).toBe(0);
  });
});

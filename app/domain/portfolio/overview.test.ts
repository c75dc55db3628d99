import { describe, expect, it } from "vitest";
import {
  allocationBps,
  buildOverview,
  change24hCents,
  formatInCurrency,
  formatShareBps,
  type OverviewInput,
  percentToBps,
} from "./overview.ts";

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe("allocationBps", () => {
  it("gives exact shares when they divide evenly", () => {
    expect(allocationBps([50n, 30n, 20n])).toEqual([5000n, 3000n, 2000n]);
  });

  it("three equal values: 33.34 % + 33.33 % + 33.33 %, summing to exactly 100 %", () => {
    const shares = allocationBps([1n, 1n, 1n]);
    expect(shares).toEqual([3334n, 3333n, 3333n]);
    expect(sum(shares)).toBe(10_000n);
  });

  it("hands the leftover basis points to the largest remainders, not to the first value", () => {
    // 2/7 = 2857.14…, 2/7, 3/7 = 4285.71…: the 3/7 share has the largest remainder and gets the extra.
    expect(allocationBps([2n, 2n, 3n])).toEqual([2857n, 2857n, 4286n]);
  });

  it("always sums to 10 000 for awkward values, huge ones included", () => {
    const cases: bigint[][] = [
      [1n, 2n, 3n, 4n, 5n, 6n, 7n],
      [999_999_999_999_999n, 1n, 1n],
      [7n, 7n, 7n, 7n, 7n, 7n],
      [123_456_789n, 987_654_321n, 555n, 0n],
      [2n ** 62n, 2n ** 61n, 3n],
    ];
    for (const values of cases) {
      const shares = allocationBps(values);
      expect(sum(shares)).toBe(10_000n);
      for (const s of shares) expect(s >= 0n).toBe(true);
    }
  });

  it("a tiny value next to a huge one keeps 0 bps; a zero value stays 0", () => {
    const shares = allocationBps([1_000_000_000n, 1n, 0n]);
    expect(shares).toEqual([10_000n, 0n, 0n]);
  });

  it("nothing or all zeros: all zero shares; a negative value is refused", () => {
    expect(allocationBps([])).toEqual([]);
    expect(allocationBps([0n, 0n])).toEqual([0n, 0n]);
    expect(() => allocationBps([5n, -1n])).toThrow(RangeError);
  });
});

describe("formatShareBps and percentToBps", () => {
  it("formats basis points as a percentage, trimming zeros", () => {
    expect(formatShareBps(6250n)).toBe("62.5%");
    expect(formatShareBps(10_000n)).toBe("100%");
    expect(formatShareBps(3333n)).toBe("33.33%");
    expect(formatShareBps(5n)).toBe("0.05%");
  });

  it("rounds a provider's percentage to a basis point; unknown stays null", () => {
    expect(percentToBps(2.345)).toBe(235n);
    expect(percentToBps(-1.5)).toBe(-150n);
    expect(percentToBps(null)).toBeNull();
    expect(percentToBps(Number.NaN)).toBeNull();
  });
});

describe("change24hCents", () => {
  it("is the value now minus the value a day ago", () => {
    // Up 25 %: $125.00 now was $100.00 a day ago.
    expect(change24hCents(12_500n, 2_500n)).toBe(2_500n);
    // Down 20 %: $80.00 now was $100.00.
    expect(change24hCents(8_000n, -2_000n)).toBe(-2_000n);
    expect(change24hCents(8_000n, 0n)).toBe(0n);
  });

  it("unknown or −100 % and worse has no move", () => {
    expect(change24hCents(100n, null)).toBeNull();
    expect(change24hCents(100n, -10_000n)).toBeNull();
  });
});

const input = (over: Partial<OverviewInput> & Pick<OverviewInput, "asset">): OverviewInput => ({
  coinlensMinor: 0n,
  elsewhereMinor: 0n,
  walletsMinor: 0n,
  priceUsd: null,
  change24hPct: null,
  ...over,
});

describe("buildOverview", () => {
  it("values each source, orders by value and splits the total by source to the cent", () => {
    const { rows, totals } = buildOverview([
      input({ asset: "USD", coinlensMinor: 10_000n, priceUsd: "1", change24hPct: 0 }),
      // 0.5 BTC on Coinlens, 0.25 elsewhere, 0.25 in a wallet at $40,000: $40,000.
      input({
        asset: "BTC",
        coinlensMinor: 50_000_000n,
        elsewhereMinor: 25_000_000n,
        walletsMinor: 25_000_000n,
        priceUsd: "40000",
        change24hPct: 25,
      }),
      // 2 ETH at $2,000, elsewhere only.
      input({ asset: "ETH", elsewhereMinor: 2_000_000_000n, priceUsd: "2000", change24hPct: null }),
      input({ asset: "SOL", walletsMinor: 0n, priceUsd: "150" }),
      input({ asset: "TRX", coinlensMinor: 5_000_000n, priceUsd: null }),
    ]);
    expect(rows.map((r) => r.asset)).toEqual(["BTC", "ETH", "USD", "TRX"]);
    expect(rows.map((r) => r.valueUsdCents)).toEqual(["4000000", "400000", "10000", null]);
    expect(totals.totalUsdCents).toBe("4410000");
    // Coinlens: $20,000 BTC + $100 cash; elsewhere: $10,000 BTC + $4,000 ETH; wallets: $10,000 BTC.
    expect(totals.coinlensUsdCents).toBe("2010000");
    expect(totals.elsewhereUsdCents).toBe("1400000");
    expect(totals.walletsUsdCents).toBe("1000000");
    expect(rows.map((r) => r.shareBps)).toEqual(["9070", "907", "23", null]);
    // Only BTC's move is known (+25 %: $32,000 → $40,000); ETH's is not, and is said so.
    expect(totals.change24hUsdCents).toBe("800000");
    expect(totals.changeUnknown).toEqual(["ETH"]);
    expect(totals.unpriced).toEqual(["TRX"]);
    expect(rows[0]?.change24hUsdCents).toBe("800000");
    // $8,000 on the $36,100 of a day ago.
    expect(totals.change24hBps).toBe("2216");
  });

  it("the parts never go negative and add up exactly even when each rounds up", () => {
    // Half a cent on Coinlens and half a cent elsewhere: one cent in all.
    const { totals } = buildOverview([
      input({ asset: "USDT", coinlensMinor: 5_000n, elsewhereMinor: 5_000n, priceUsd: "1" }),
    ]);
    expect(totals.totalUsdCents).toBe("1");
    expect(totals.coinlensUsdCents).toBe("1");
    expect(totals.elsewhereUsdCents).toBe("0");
    expect(totals.walletsUsdCents).toBe("0");
  });

  it("nothing held: no rows, zero total, no 24 h move", () => {
    const { rows, totals } = buildOverview([]);
    expect(rows).toEqual([]);
    expect(totals.totalUsdCents).toBe("0");
    expect(totals.change24hUsdCents).toBeNull();
    expect(totals.change24hBps).toBeNull();
  });
});

describe("formatInCurrency", () => {
  it("converts at the rate and keeps the sign", () => {
    expect(formatInCurrency(10_000n, "EUR", { EUR: "0.9" })).toBe("€90.00");
    expect(formatInCurrency(-10_000n, "GBP", { GBP: "0.8" })).toBe("-£80.00");
    expect(formatInCurrency(250n, "USD", {}, { signed: true })).toBe("+$2.50");
    expect(formatInCurrency(0n, "USD", {}, { signed: true })).toBe("$0.00");
    expect(formatInCurrency(100n, "EUR", {})).toBeNull();
  });
});

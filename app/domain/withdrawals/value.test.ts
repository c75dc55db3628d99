import { describe, expect, it } from "vitest";
import { usdValueForApproval } from "./value.ts";

const THRESHOLD = 100_000n; // $1,000.00
const fresh = (priceUsd: string) => ({ priceUsd, stale: false });

describe("the USD value the two-admin rule counts", () => {
  it("rounds up: $1,000.001 is 100,001 cents, over a $1,000.00 threshold", () => {
    // 1,000.001 USDT at $1.
    const value = usdValueForApproval(1_000_001_000n, "USDT", fresh("1"));
    expect(value).toBe(100_001n);
    expect((value as bigint) > THRESHOLD).toBe(true);
    // 0.01 BTC at $100,000.0001 is $1,000.000001.
    expect(usdValueForApproval(1_000_000n, "BTC", fresh("100000.0001"))).toBe(100_001n);
  });

  it("an exact value is not rounded: $1,000.00 stays at the threshold", () => {
    expect(usdValueForApproval(1_000_000_000n, "USDT", fresh("1"))).toBe(THRESHOLD);
    expect(usdValueForApproval(1_000_000n, "BTC", fresh("100000"))).toBe(THRESHOLD);
  });

  it("a USD payout is its own value, with or without a price", () => {
    expect(usdValueForApproval(123_45n, "USD", null)).toBe(123_45n);
  });

  it("no price, or a stale one: unknown (null), which asks for two admins", () => {
    expect(usdValueForApproval(1_000_000n, "BTC", null)).toBeNull();
    expect(usdValueForApproval(1_000_000n, "BTC", { priceUsd: "100000", stale: true })).toBeNull();
    expect(usdValueForApproval(1_000_000n, "BTC", fresh(""))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  ageOn,
  DEFAULT_LIMITS,
  exceeded,
  type LimitUse,
  limitRefusal,
  limitsOf,
  limitsToJson,
  remaining,
  tightest,
} from "./rules.ts";

const day: LimitUse = { flow: "withdrawal", window: "day", limit: 500_000n, used: 450_000n };
const month: LimitUse = { flow: "withdrawal", window: "month", limit: 2_000_000n, used: 1_990_000n };

describe("verification rules", () => {
  it("what is left never goes below zero, and the tightest window is the one with least left", () => {
    expect(remaining(day)).toBe(50_000n);
    expect(remaining({ limit: 100n, used: 300n })).toBe(0n);
    expect(tightest([day, month])).toBe(month);
  });

  it("an amount fits when used + amount is at most the limit, in every window", () => {
    expect(exceeded([day, month], 10_000n)).toBeUndefined();
    expect(exceeded([day, month], 10_001n)).toBe(month);
    expect(exceeded([day, month], 60_000n)).toBe(day);
  });

  it("the refusal names the limit, what is used and left, and how to raise it from each tier", () => {
    expect(limitRefusal(day, 1)).toBe(
      "This is over your withdrawal limit of $5,000.00 per 24 hours (tier 1): $4,500.00 used, $500.00 left. Verify your identity in Settings → Verification to raise it.",
    );
    expect(limitRefusal({ ...month, flow: "deposit" }, 2)).toMatch(
      /deposit limit of \$20,000\.00 per 30 days \(tier 2\).*Contact support/,
    );
  });

  it("age counts whole years, a birthday today included", () => {
    const today = new Date("2026-11-26T12:00:00Z");
    expect(ageOn("2008-11-26", today)).toBe(18);
    expect(ageOn("2008-11-27", today)).toBe(17);
  });

  it("stored limits round-trip; anything unreadable keeps the default", () => {
    expect(limitsOf(limitsToJson(DEFAULT_LIMITS))).toEqual(DEFAULT_LIMITS);
    expect(limitsOf(null)).toEqual(DEFAULT_LIMITS);
    expect(limitsOf({ 1: { depositDay: "-5", withdrawalDay: "700" } })[1]).toEqual({
      ...DEFAULT_LIMITS[1],
      withdrawalDay: 700n,
    });
  });
});

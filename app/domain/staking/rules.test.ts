import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../money/amount.ts";
import { ASSET_INFO, CRYPTO_ASSETS, scaleOf } from "../money/assets.ts";
import {
  DEFAULT_APR_BPS,
  defaultStakingProducts,
  earlyExitPreview,
  formatAprPercent,
  formatReward,
  maturityDate,
  minimumInAsset,
  STAKE_DURATIONS_DAYS,
  stakeProgress,
  stakeReward,
  usdValueMinor,
} from "./rules.ts";

describe("stakeReward", () => {
  it("is amount × APR × days ÷ 365, in minor units", () => {
    // 1,000 USDT at 6 % for 30 days = 4.93150684… USDT → 4.931506 (6 decimals, rounded down)
    expect(stakeReward(1_000_000_000n, 600, 30)).toBe(4_931_506n);
    // 1 BTC at 4 % for 180 days = 0.01972602739… BTC → 0.01972602
    expect(stakeReward(100_000_000n, 400, 180)).toBe(1_972_602n);
    // 365 days at 10 % is exactly 10 %
    expect(stakeReward(1_000n, 1_000, 365)).toBe(100n);
  });

  it("rounds down: a tiny stake earns nothing rather than a fraction of a unit", () => {
    expect(stakeReward(1n, 1_200, 180)).toBe(0n);
    expect(stakeReward(0n, 500, 30)).toBe(0n);
  });

  it("refuses floats and nonsense", () => {
    expect(() => stakeReward(1 as unknown as bigint, 100, 3)).toThrow(TypeError);
    expect(() => stakeReward(-1n, 100, 3)).toThrow(RangeError);
    expect(() => stakeReward(1n, 1.5, 3)).toThrow(RangeError);
    expect(() => stakeReward(1n, 100, 0)).toThrow(RangeError);
  });

  it("property: never more than the exact reward, and less than one unit below it", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(...STAKE_DURATIONS_DAYS),
        (amount, aprBps, days) => {
          const reward = stakeReward(amount, aprBps, days);
          const exactTimesDenominator = amount * BigInt(aprBps) * BigInt(days);
          const denominator = 10_000n * 365n;
          expect(reward * denominator <= exactTimesDenominator).toBe(true);
          expect((reward + 1n) * denominator > exactTimesDenominator).toBe(true);
        },
      ),
    );
  });

  it("property: monotonic in amount, rate and term; additive stakes never earn less than one big one minus a unit", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.constantFrom(...STAKE_DURATIONS_DAYS),
        (a, b, aprBps, days) => {
          expect(stakeReward(a + b, aprBps, days) >= stakeReward(a, aprBps, days)).toBe(true);
          expect(stakeReward(a, aprBps + 1, days) >= stakeReward(a, aprBps, days)).toBe(true);
          expect(stakeReward(a, aprBps, days + 1) >= stakeReward(a, aprBps, days)).toBe(true);
          const split = stakeReward(a, aprBps, days) + stakeReward(b, aprBps, days);
          const whole = stakeReward(a + b, aprBps, days);
          expect(split <= whole && whole - split <= 1n).toBe(true);
        },
      ),
    );
  });
});

describe("seeded default products", () => {
  const products = defaultStakingProducts();

  it("cover every crypto asset and the six durations", () => {
    expect(products).toHaveLength(CRYPTO_ASSETS.length * STAKE_DURATIONS_DAYS.length);
    for (const asset of CRYPTO_ASSETS) {
      expect(products.filter((p) => p.asset === asset).map((p) => p.durationDays)).toEqual([
        ...STAKE_DURATIONS_DAYS,
      ]);
    }
  });

  it("are realistic: 1–12 % APR, longer terms never lower, minimum 100 USD, maximum within capacity", () => {
    for (const p of products) {
      expect(p.aprBps).toBeGreaterThanOrEqual(100);
      expect(p.aprBps).toBeLessThanOrEqual(1_200);
      expect(p.minimumUsdMinor).toBe(10_000n);
      expect(p.perMemberMaximumMinor).toBeLessThanOrEqual(p.totalCapacityMinor);
      expect(p.enabled).toBe(true);
    }
    for (const rates of Object.values(DEFAULT_APR_BPS)) {
      expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    }
    expect(DEFAULT_APR_BPS.USDT[0]).toBe(400);
    expect(DEFAULT_APR_BPS.USDT[5]).toBe(900);
    expect(DEFAULT_APR_BPS.BTC).toEqual([100, 125, 150, 200, 300, 400]);
  });
});

describe("display and dates", () => {
  it("formats APR basis points as an exact percent", () => {
    expect(formatAprPercent(650)).toBe("6.5");
    expect(formatAprPercent(400)).toBe("4");
    expect(formatAprPercent(125)).toBe("1.25");
    expect(formatAprPercent(0)).toBe("0");
  });

  it("shows a reward at the asset's display decimals, rounded down (never more than is paid)", () => {
    // 500 USDT × 6 % × 30 ÷ 365 = 2.465753 USDT: shown 2.46, not 2.47
    expect(formatReward(stakeReward(500_000_000n, 600, 30), "USDT")).toBe("2.46");
    expect(formatReward(2_400_000n, "USDT")).toBe("2.4");
    expect(formatReward(9_999n, "USDT")).toBe("0");
    expect(formatReward(1_234_567_899_999n, "USDT")).toBe("1,234,567.89");
    expect(formatReward(1_999_999_999n, "ETH")).toBe("1.999999");
    expect(formatReward(5_342_465_753n, "SOL")).toBe("5.3424");
    expect(formatReward(123_456_789n, "BTC")).toBe("1.23456789");
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_ASSETS),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (asset, minor) => {
          const shown = parseAmount(formatReward(minor, asset).replace(/,/g, ""), asset);
          expect(shown <= minor).toBe(true);
          expect(minor - shown < 10n ** BigInt(scaleOf(asset) - ASSET_INFO[asset].displayDecimals)).toBe(
            true,
          );
        },
      ),
    );
  });

  it("computes maturity and progress", () => {
    const opened = new Date("2026-01-01T12:00:00Z");
    const matures = maturityDate(opened, 30);
    expect(matures.toISOString()).toBe("2026-01-31T12:00:00.000Z");
    expect(stakeProgress(opened, matures, new Date("2026-01-16T12:00:00Z"))).toBe(0.5);
    expect(stakeProgress(opened, matures, new Date("2025-12-01T00:00:00Z"))).toBe(0);
    expect(stakeProgress(opened, matures, new Date("2027-01-01T00:00:00Z"))).toBe(1);
  });

  it("previews an early exit as principal only", () => {
    expect(earlyExitPreview({ amountMinor: 5_000n, rewardMinor: 42n })).toEqual({
      returnedMinor: 5_000n,
      forfeitedRewardMinor: 42n,
    });
  });
});

describe("USD value and minimum", () => {
  it("values an amount in USD cents, rounded down", () => {
    expect(usdValueMinor(100_000_000n, "BTC", "31000")).toBe(3_100_000n);
    expect(usdValueMinor(1n, "BTC", "31000")).toBe(0n);
    expect(usdValueMinor(100_000_000n, "USDT", "1")).toBe(10_000n);
    expect(usdValueMinor(1_000_000_000n, "ETH", "1700.555")).toBe(170_055n);
  });

  it("the minimum in the asset is the smallest amount worth the USD minimum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_ASSETS),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.stringMatching(/^[1-9]\d{0,5}(\.\d{1,8})?$/),
        (asset, usdMinor, price) => {
          const min = minimumInAsset(usdMinor, asset, price);
          expect(usdValueMinor(min, asset, price) >= usdMinor).toBe(true);
          if (min > 0n) expect(usdValueMinor(min - 1n, asset, price) < usdMinor).toBe(true);
        },
      ),
    );
  });
});

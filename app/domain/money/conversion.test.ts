import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CRYPTO_ASSETS, scaleOf } from "./assets.ts";
import {
  amountOfUsdMinor,
  convertAtRate,
  parsePrice,
  usdMinorOfAmount,
  valueInUsdMinor,
} from "./conversion.ts";

const price = fc.stringMatching(/^(0|[1-9]\d{0,6})(\.\d{1,18})?$/);

describe("valueInUsdMinor", () => {
  it('with "down" gives what the withdrawal form values a withdrawal at today (truncated cents)', () => {
    expect(valueInUsdMinor(100_000_000n, "BTC", "31000", "down")).toBe(3_100_000n);
    expect(valueInUsdMinor(1n, "BTC", "31000", "down")).toBe(0n);
    expect(valueInUsdMinor(123_456_789n, "BTC", "64250.51", "down")).toBe(7_932_161n);
    expect(valueInUsdMinor(2_500n, "BTC", "97123.456789", "down")).toBe(242n);
    expect(valueInUsdMinor(1_000_000n, "USDT", "0.9998", "down")).toBe(99n);
    expect(valueInUsdMinor(123_456_789n, "USDT", "1.000123", "down")).toBe(12_347n);
    expect(valueInUsdMinor(5_000n, "USDT", "1", "down")).toBe(0n);
    expect(valueInUsdMinor(9_223_372_036_854_775_807n, "BTC", "0.000001", "down")).toBe(9_223_372n);
  });

  it("rounds as named", () => {
    expect(valueInUsdMinor(1_000_000n, "USDT", "0.9998", "halfUp")).toBe(100n);
    expect(valueInUsdMinor(1_000_000n, "USDT", "0.9998", "up")).toBe(100n);
    expect(valueInUsdMinor(1_000_000n, "USDT", "0.9948", "halfUp")).toBe(99n);
  });

  it("property: with down, the value is the whole cents the amount is worth", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_ASSETS),
        fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
        price,
        (asset, amount, p) => {
          const cents = valueInUsdMinor(amount, asset, p, "down");
          const [whole = "", fraction = ""] = p.split(".");
          // amount / 10^scale × price / 10^decimals × 100, in integers:
          const exact = amount * BigInt(whole + fraction) * 100n;
          const unit = 10n ** BigInt(scaleOf(asset) + fraction.length);
          expect(cents * unit <= exact && exact < (cents + 1n) * unit).toBe(true);
        },
      ),
    );
  });

  it("refuses a price that is not a non-negative plain decimal", () => {
    for (const bad of ["-5", "1e3", "5.", ".5", "", "NaN"]) {
      expect(() => valueInUsdMinor(1n, "BTC", bad, "down"), bad).toThrow(
        new TypeError(`not a price: ${bad}`),
      );
    }
  });
});

describe("amountOfUsdMinor", () => {
  it("is the smallest amount worth the USD value when rounded up", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_ASSETS),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        price.filter((p) => /[1-9]/.test(p)),
        (asset, usdMinor, p) => {
          const min = amountOfUsdMinor(usdMinor, asset, parsePrice(p), "up");
          expect(usdMinorOfAmount(min, asset, parsePrice(p), "down") >= usdMinor).toBe(true);
          if (min > 0n)
            expect(usdMinorOfAmount(min - 1n, asset, parsePrice(p), "down") < usdMinor).toBe(true);
        },
      ),
    );
  });

  it("refuses a zero price", () => {
    expect(() => amountOfUsdMinor(100n, "BTC", parsePrice("0.000"), "up")).toThrow(
      new RangeError("price must be above zero"),
    );
  });
});

describe("convertAtRate", () => {
  it("converts between currencies of the same scale at a rate, rounded as named", () => {
    expect(convertAtRate(10_000n, parsePrice("1458.65"), "down")).toBe(14_586_500n);
    expect(convertAtRate(1n, parsePrice("1458.65"), "down")).toBe(1_458n);
    expect(convertAtRate(1n, parsePrice("1458.65"), "halfUp")).toBe(1_459n);
    expect(convertAtRate(1n, parsePrice("0.5"), "halfUp")).toBe(1n);
    expect(convertAtRate(1n, parsePrice("0.5"), "down")).toBe(0n);
  });
});

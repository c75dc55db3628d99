import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmountError, formatAmount, formatWithSymbol, parseAmount, safeParseAmount } from "./amount.ts";
import { ASSETS, type Asset, MAX_AMOUNT_MINOR, scaleOf } from "./assets.ts";

const anyAsset = fc.constantFrom(...ASSETS);
const anyAmount = fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR });

function errorCode(text: unknown, asset: Asset, options = {}) {
  const result = safeParseAmount(text, asset, options);
  return result.ok ? "ok" : result.error.code;
}

describe("parseAmount", () => {
  it("reads decimal text into minor units of each asset's scale", () => {
    expect(parseAmount("0.5", "BTC")).toBe(50_000_000n);
    expect(parseAmount("1", "ETH")).toBe(1_000_000_000n);
    expect(parseAmount("10000", "USD")).toBe(1_000_000n);
    expect(parseAmount("12.34", "USD")).toBe(1234n);
    expect(parseAmount(".5", "USDT")).toBe(500_000n);
    expect(parseAmount("7.", "TRX")).toBe(7_000_000n);
    expect(parseAmount(" 0.000000001 ", "SOL")).toBe(1n);
    expect(parseAmount("1.500", "USD")).toBe(150n);
  });

  it("rejects numbers (floats) and anything but plain decimal text", () => {
    expect(errorCode(0.5, "BTC")).toBe("not_text");
    expect(errorCode(1, "USD")).toBe("not_text");
    for (const bad of [
      "",
      " ",
      "abc",
      "1e5",
      "1E-2",
      "+1",
      "0x10",
      "1,000",
      "1.2.3",
      "NaN",
      "Infinity",
      "-",
      ".",
    ]) {
      expect(errorCode(bad, "USD"), bad).toBe("format");
    }
  });

  it("rejects more decimals than the asset's scale", () => {
    expect(errorCode("0.001", "USD")).toBe("too_many_decimals");
    expect(errorCode("0.000000001", "BTC")).toBe("too_many_decimals");
    expect(errorCode("0.0000000001", "ETH")).toBe("too_many_decimals");
    expect(safeParseAmount("0.001", "USD")).toMatchObject({
      ok: false,
      error: { message: "USD amounts have at most 2 decimals." },
    });
  });

  it("rejects negatives unless allowed, and zero when asked", () => {
    expect(errorCode("-1", "USD")).toBe("negative");
    expect(parseAmount("-1.25", "USD", { allowNegative: true })).toBe(-125n);
    expect(parseAmount("-0", "USD")).toBe(0n);
    expect(errorCode("0", "USD", { allowZero: false })).toBe("zero");
    expect(errorCode("0.00", "BTC", { allowZero: false })).toBe("zero");
  });

  it("rejects amounts beyond a PostgreSQL bigint", () => {
    expect(errorCode("92233720368547758.08", "USD")).toBe("too_large");
    expect(parseAmount("92233720368547758.07", "USD")).toBe(MAX_AMOUNT_MINOR);
  });

  it("throws AmountError", () => {
    expect(() => parseAmount("x", "USD")).toThrow(AmountError);
  });

  it("refuses an unknown asset", () => {
    expect(() => parseAmount("1", "DOGE" as Asset)).toThrow(TypeError);
  });
});

describe("formatAmount", () => {
  it("formats exactly, trimming trailing zeros by default", () => {
    expect(formatAmount(50_000_000n, "BTC")).toBe("0.5");
    expect(formatAmount(1n, "BTC")).toBe("0.00000001");
    expect(formatAmount(0n, "ETH")).toBe("0");
    expect(formatAmount(-125n, "USD")).toBe("-1.25");
    expect(formatAmount(100n, "USD", { minDecimals: 2 })).toBe("1.00");
    expect(formatAmount(123_456_789n, "USD", { grouping: true, minDecimals: 2 })).toBe("1,234,567.89");
  });

  it("rounds half away from zero only when asked for fewer decimals", () => {
    expect(formatAmount(123_456_789n, "BTC", { decimals: 4 })).toBe("1.2346");
    expect(formatAmount(-150n, "USD", { decimals: 0 })).toBe("-2");
    expect(formatAmount(-1n, "BTC", { decimals: 2 })).toBe("0.00");
    expect(formatAmount(5n, "USD", { decimals: 4 })).toBe("0.0500");
  });

  it("writes symbols for display", () => {
    expect(formatWithSymbol(1_000_000n, "USD")).toBe("$10,000.00");
    expect(formatWithSymbol(-5n, "USD")).toBe("-$0.05");
    expect(formatWithSymbol(50_000_000n, "BTC")).toBe("0.5 BTC");
  });

  it("refuses a number instead of a bigint", () => {
    expect(() => formatAmount(1 as unknown as bigint, "USD")).toThrow(TypeError);
  });
});

describe("round trips (property-based)", () => {
  it("parseAmount(formatAmount(x)) === x for every asset and every bigint amount", () => {
    fc.assert(
      fc.property(anyAsset, anyAmount, (asset, minor) => {
        expect(parseAmount(formatAmount(minor, asset), asset, { allowNegative: true })).toBe(minor);
      }),
    );
  });

  it("formatAmount(parseAmount(text)) is the canonical form of text", () => {
    const text = fc
      .tuple(anyAsset, fc.stringMatching(/^[1-9]\d{0,8}$|^0$/), fc.integer({ min: 0, max: 9 }))
      .chain(([asset, whole, _]) =>
        fc
          .stringMatching(new RegExp(`^\\d{0,${scaleOf(asset)}}$`))
          .map((fraction) => ({ asset, whole, fraction })),
      );
    fc.assert(
      fc.property(text, ({ asset, whole, fraction }) => {
        const input = fraction ? `${whole}.${fraction}` : whole;
        const trimmed = fraction.replace(/0+$/, "");
        expect(formatAmount(parseAmount(input, asset), asset)).toBe(trimmed ? `${whole}.${trimmed}` : whole);
      }),
    );
  });

  it("rounded display never differs from the exact value by more than half a shown unit", () => {
    fc.assert(
      fc.property(
        anyAsset,
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 9 }),
        (asset, minor, d) => {
          const scale = scaleOf(asset);
          const decimals = Math.min(d, scale);
          const shown = parseAmount(formatAmount(minor, asset, { decimals }), asset);
          const unit = 10n ** BigInt(scale - decimals);
          const diff = shown > minor ? shown - minor : minor - shown;
          expect(diff * 2n <= unit).toBe(true);
        },
      ),
    );
  });
});

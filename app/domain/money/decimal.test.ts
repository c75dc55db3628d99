import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Decimal,
  formatDecimal,
  groupThousands,
  mulDiv,
  parseDecimal,
  ROUNDINGS,
  type Rounding,
  safeParseDecimal,
  scaleDecimal,
} from "./decimal.ts";

/** What formatDecimal should write for plain decimal text: the same number, written shortest. */
function canonical(text: string): string {
  const negative = text.startsWith("-");
  const [whole = "", fraction = ""] = text.replace("-", "").split(".");
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = fraction.replace(/0+$/, "");
  const body = f ? `${w}.${f}` : w;
  return negative && body !== "0" ? `-${body}` : body;
}

const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,25}$/),
    fc.option(fc.stringMatching(/^\d{1,25}$/), { nil: undefined }),
  )
  .map(
    ([minus, whole, fraction]) =>
      `${minus ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`,
  );
const anyDecimal = fc.record({ digits: fc.bigInt(), scale: fc.integer({ min: 0, max: 30 }) });
/** A Decimal as parseDecimal returns it for canonical text: no trailing fractional zeros. */
const canonicalDecimal = anyDecimal.filter((d) => d.scale === 0 || d.digits % 10n !== 0n);
const rounding = fc.constantFrom(...ROUNDINGS);
const positive = fc.bigInt({ min: 1n, max: 10n ** 30n });

/** Two decimals are the same number when brought to a common scale. */
function sameValue(x: Decimal, y: Decimal): boolean {
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
}

describe("parseDecimal and formatDecimal", () => {
  it("reads plain decimal text with the scale as written", () => {
    expect(parseDecimal("1700.50")).toEqual({ digits: 170050n, scale: 2 });
    expect(parseDecimal("0031")).toEqual({ digits: 31n, scale: 0 });
    expect(parseDecimal("-0.005", { allowNegative: true })).toEqual({ digits: -5n, scale: 3 });
    expect(formatDecimal({ digits: 31500n, scale: 3 })).toBe("31.5");
    expect(formatDecimal({ digits: -5n, scale: 3 })).toBe("-0.005");
    expect(formatDecimal({ digits: 0n, scale: 4 })).toBe("0");
    expect(formatDecimal({ digits: 123456789n, scale: 2 }, { minDecimals: 2, grouping: true })).toBe(
      "1,234,567.89",
    );
    expect(formatDecimal({ digits: 5n, scale: 1 }, { minDecimals: 4 })).toBe("0.5000");
  });

  it("refuses anything but plain notation, and a sign unless allowed", () => {
    for (const bad of [
      "",
      " 1",
      "1 ",
      "+1",
      "1e3",
      "1E-2",
      "5.",
      ".5",
      "1.2.3",
      "1,000",
      "0x10",
      "NaN",
      "-",
    ]) {
      expect(safeParseDecimal(bad, { allowNegative: true }), bad).toBeNull();
    }
    expect(safeParseDecimal("-1")).toBeNull();
    expect(safeParseDecimal("-0")).toBeNull();
    expect(safeParseDecimal(1.5)).toBeNull();
    expect(() => parseDecimal("1e3")).toThrow(new TypeError("not a decimal: 1e3"));
  });

  it("property: formatDecimal(parseDecimal(text)) is the canonical form of text", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(formatDecimal(parseDecimal(text, { allowNegative: true }))).toBe(canonical(text));
      }),
    );
  });

  it("property: parseDecimal(formatDecimal(x)) is x for canonical x, and the same number for any x", () => {
    fc.assert(
      fc.property(canonicalDecimal, (x) => {
        expect(parseDecimal(formatDecimal(x), { allowNegative: true })).toEqual(x);
      }),
    );
    fc.assert(
      fc.property(anyDecimal, (x) => {
        expect(sameValue(parseDecimal(formatDecimal(x), { allowNegative: true }), x)).toBe(true);
      }),
    );
  });
});

describe("mulDiv", () => {
  it("rounds as named: down toward zero, up away from zero, halfUp to nearest with ties away from zero", () => {
    const all = (a: bigint, b: bigint, c: bigint) => ROUNDINGS.map((r) => mulDiv(a, b, c, r));
    expect(all(7n, 1n, 2n)).toEqual([3n, 4n, 4n]);
    expect(all(-7n, 1n, 2n)).toEqual([-3n, -4n, -4n]);
    expect(all(5n, 2n, 3n)).toEqual([3n, 4n, 3n]); // 3.33…
    expect(all(2n, -5n, 3n)).toEqual([-3n, -4n, -3n]);
    expect(all(8n, 1n, 3n)).toEqual([2n, 3n, 3n]); // 2.66…
    expect(all(6n, 5n, 3n)).toEqual([10n, 10n, 10n]);
    expect(all(0n, 5n, 3n)).toEqual([0n, 0n, 0n]);
  });

  it("refuses a divisor of zero or below, numbers that are not bigints, and unknown roundings", () => {
    expect(() => mulDiv(1n, 1n, 0n, "down")).toThrow(RangeError);
    expect(() => mulDiv(1n, 1n, -3n, "up")).toThrow(RangeError);
    expect(() => mulDiv(1 as unknown as bigint, 1n, 1n, "down")).toThrow(TypeError);
    expect(() => mulDiv(1n, 1n, 1n, "floor" as Rounding)).toThrow(TypeError);
  });

  it("property: down ≤ exact ≤ up in magnitude, and they differ by at most one", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), positive, (a, b, c) => {
        const down = mulDiv(a, b, c, "down");
        const up = mulDiv(a, b, c, "up");
        const exact = a * b; // the true quotient is exact / c
        const abs = (x: bigint) => (x < 0n ? -x : x);
        expect(abs(down) * c <= abs(exact)).toBe(true);
        expect(abs(exact) <= abs(up) * c).toBe(true);
        expect(abs(up) - abs(down)).toBe(exact % c === 0n ? 0n : 1n);
        // a sign is never lost or invented
        if (down !== 0n) expect(down < 0n).toBe(exact < 0n);
        if (up !== 0n) expect(up < 0n).toBe(exact < 0n);
      }),
    );
  });

  it("property: for a non-negative result, down is the floor and up the ceiling", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n }), fc.bigInt({ min: 0n }), positive, (a, b, c) => {
        const down = mulDiv(a, b, c, "down");
        const up = mulDiv(a, b, c, "up");
        expect(down * c <= a * b && a * b < (down + 1n) * c).toBe(true);
        expect((up - 1n) * c < a * b && a * b <= up * c).toBe(true);
      }),
    );
  });

  it("property: halfUp is the nearest integer, a tie going away from zero", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), positive, (a, b, c) => {
        const half = mulDiv(a, b, c, "halfUp");
        const exact = a * b;
        const distanceTwice = 2n * exact - 2n * half * c; // 2c × (exact/c − half)
        const abs = (x: bigint) => (x < 0n ? -x : x);
        expect(abs(distanceTwice) <= c).toBe(true);
        if (abs(distanceTwice) === c) expect(half).toBe(mulDiv(a, b, c, "up")); // a tie
      }),
    );
  });

  it("property: when c divides a × b every rounding gives the exact quotient", () => {
    fc.assert(
      fc.property(fc.bigInt(), positive, rounding, (q, c, r) => {
        expect(mulDiv(q * c, 1n, c, r)).toBe(q);
        expect(mulDiv(q, c, c, r)).toBe(q);
      }),
    );
  });

  it("property: the sign of a factor only changes the sign of the result", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), positive, rounding, (a, b, c, r) => {
        expect(mulDiv(-a, b, c, r)).toBe(-mulDiv(a, b, c, r));
      }),
    );
  });
});

describe("scaleDecimal", () => {
  it("adds zeros exactly, and rounds as named when dropping decimals", () => {
    expect(scaleDecimal(parseDecimal("31.5"), 4, "down")).toBe(315_000n);
    expect(scaleDecimal(parseDecimal("1.005"), 2, "halfUp")).toBe(101n);
    expect(scaleDecimal(parseDecimal("1.005"), 2, "down")).toBe(100n);
    expect(scaleDecimal(parseDecimal("1.001"), 2, "up")).toBe(101n);
    expect(scaleDecimal(parseDecimal("-1.25", { allowNegative: true }), 1, "down")).toBe(-12n);
    expect(scaleDecimal(parseDecimal("-1.25", { allowNegative: true }), 1, "halfUp")).toBe(-13n);
    expect(() => scaleDecimal(parseDecimal("1"), -1, "down")).toThrow(RangeError);
  });

  it("property: rescaling is mulDiv by a power of ten, and going up then down is the identity", () => {
    fc.assert(
      fc.property(anyDecimal, fc.integer({ min: 0, max: 30 }), rounding, (x, toScale, r) => {
        const scaled = scaleDecimal(x, toScale, r);
        if (toScale >= x.scale) {
          expect(sameValue({ digits: scaled, scale: toScale }, x)).toBe(true);
          expect(scaleDecimal({ digits: scaled, scale: toScale }, x.scale, r)).toBe(x.digits);
        } else {
          expect(scaled).toBe(mulDiv(x.digits, 1n, 10n ** BigInt(x.scale - toScale), r));
        }
      }),
    );
  });
});

describe("groupThousands", () => {
  it("groups the integer part only, leaving the sign and the fraction alone", () => {
    expect(groupThousands("12345.678901")).toBe("12,345.678901");
    expect(groupThousands("-1234567")).toBe("-1,234,567");
    expect(groupThousands("999")).toBe("999");
    expect(groupThousands("0.00001234")).toBe("0.00001234");
    expect(groupThousands("")).toBe("");
  });

  it("property: the digits are unchanged and every group after the first has three", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const grouped = groupThousands(text);
        expect(grouped.replace(/,/g, "")).toBe(text);
        const whole = (grouped.split(".")[0] ?? "").replace("-", "");
        const groups = whole.split(",");
        expect(groups[0]?.length).toBeGreaterThanOrEqual(1);
        expect(groups[0]?.length).toBeLessThanOrEqual(3);
        for (const group of groups.slice(1)) expect(group).toMatch(/^\d{3}$/);
      }),
    );
  });
});

it("the rounding names are a frozen list", () => {
  expect(Object.isFrozen(ROUNDINGS)).toBe(true);
  expect([...ROUNDINGS]).toEqual(["down", "up", "halfUp"]);
});

import { describe, expect, it } from "vitest";
import { divide, fromScaled, multiply, normalize, toDecimalString, toScaled } from "./decimal.ts";

describe("decimal strings", () => {
  it("keeps the decimal a provider's JSON number stands for", () => {
    expect(toDecimalString(31000)).toBe("31000");
    expect(toDecimalString(0.051667)).toBe("0.051667");
    expect(toDecimalString(1.2e-7)).toBe("0.00000012");
    expect(toDecimalString(1.5e21)).toBe("1500000000000000000000");
    expect(toDecimalString("1,234.50")).toBe("1234.5");
    expect(toDecimalString(Number.NaN)).toBeNull();
    expect(toDecimalString("abc")).toBeNull();
    expect(toDecimalString(null)).toBeNull();
  });

  it("derives TRX from the seed's BTC→TRX rate exactly", () => {
    expect(divide("31000", "600000", 12)).toBe("0.051666666667");
  });

  it("multiplies and rounds half up", () => {
    expect(multiply("0.25", "31000", 2)).toBe("7750");
    expect(multiply("1.005", "1", 2)).toBe("1.01");
    expect(multiply("-1.005", "1", 2)).toBe("-1.01");
  });

  it("scales and unscales", () => {
    expect(toScaled("31.5", 2)).toBe(3150n);
    expect(fromScaled(3150n, 2)).toBe("31.5");
    expect(fromScaled(-5n, 3)).toBe("-0.005");
    expect(normalize("0031.500")).toBe("31.5");
  });
});

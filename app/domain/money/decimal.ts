// Exact decimal strings and integer arithmetic with a named rounding (ADR 0003, addendum).
// Prices, rates and display figures arrive as decimal text ("64250.51"); this is the one place
// that reads such text into integers, writes it back, and rounds a quotient. Every rounding is
// named by the caller ("down", "up", "halfUp") so the direction is visible where money is decided.
// Pure: imported by the browser and the server alike. Amounts a member types are parsed into minor
// units by `parseAmount` (amount.ts), which has its own rules and messages.

/**
 * How a quotient that is not whole becomes an integer. Directions are by magnitude, so a negative
 * result rounds like its positive twin with the sign put back:
 * - `down`: toward zero (truncation), `⌊x⌋` for x ≥ 0;
 * - `up`: away from zero, `⌈x⌉` for x ≥ 0;
 * - `halfUp`: to the nearest integer, a tie (exactly .5) away from zero.
 */
export type Rounding = "down" | "up" | "halfUp";

export const ROUNDINGS = Object.freeze(["down", "up", "halfUp"] as const) satisfies readonly Rounding[];

/** The decimal `digits × 10^-scale`: "1700.50" is `{ digits: 170050n, scale: 2 }`. */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

export interface DecimalParseOptions {
  /** Accept a leading minus sign (default false: prices and rates are never negative). */
  allowNegative?: boolean;
}

// Plain notation only: digits, optionally a point and more digits, optionally a leading minus.
// No exponent, no plus sign, no grouping, no whitespace, no bare "5." or ".5".
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Reads plain decimal text into a Decimal (its scale is the number of decimals written), or null. */
export function safeParseDecimal(text: unknown, options: DecimalParseOptions = {}): Decimal | null {
  if (typeof text !== "string") return null;
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const [, minus = "", whole = "", fraction = ""] = match;
  if (minus && !options.allowNegative) return null;
  const magnitude = BigInt(whole + fraction);
  return { digits: minus ? -magnitude : magnitude, scale: fraction.length };
}

/** Like safeParseDecimal, but throws a TypeError for text that is not a plain decimal. */
export function parseDecimal(text: string, options?: DecimalParseOptions): Decimal {
  const decimal = safeParseDecimal(text, options);
  if (!decimal) throw new TypeError(`not a decimal: ${String(text)}`);
  return decimal;
}

export interface DecimalFormatOptions {
  /** Keep at least this many decimals (trailing zeros are trimmed down to it). Default 0. */
  minDecimals?: number;
  /** Group the integer part in thousands with commas. Default false. */
  grouping?: boolean;
}

/**
 * A Decimal as canonical text: no leading zeros, no trailing fractional zeros, no "-0".
 * `formatDecimal({ digits: 31500n, scale: 3 }) === "31.5"`. Exact: nothing is rounded.
 */
export function formatDecimal(decimal: Decimal, options: DecimalFormatOptions = {}): string {
  const { digits, scale } = decimal;
  if (typeof digits !== "bigint") throw new TypeError("a Decimal's digits must be a bigint");
  checkScale(scale);
  const negative = digits < 0n;
  const text = (negative ? -digits : digits).toString().padStart(scale + 1, "0");
  const whole = text.slice(0, text.length - scale);
  let fraction = text.slice(text.length - scale).replace(/0+$/, "");
  const keep = options.minDecimals ?? 0;
  if (fraction.length < keep) fraction = fraction.padEnd(keep, "0");
  const body = `${options.grouping ? groupThousands(whole) : whole}${fraction ? `.${fraction}` : ""}`;
  return negative ? `-${body}` : body;
}

/**
 * (a × b) ÷ c as an integer, exactly, rounded as named. `c` must be above zero (a RangeError
 * otherwise): callers with a signed divisor move its sign to `a`. The product is exact (bigint),
 * so nothing is lost before the single rounding.
 */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (typeof a !== "bigint" || typeof b !== "bigint" || typeof c !== "bigint")
    throw new TypeError("mulDiv takes bigints");
  if (c <= 0n) throw new RangeError("mulDiv: the divisor must be above zero");
  checkRounding(rounding);
  const product = a * b;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / c;
  const remainder = magnitude % c;
  if (remainder !== 0n) {
    if (rounding === "up" || (rounding === "halfUp" && remainder * 2n >= c)) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/**
 * The Decimal as an integer count of 10^-toScale, rounded as named when it has more decimals:
 * `scaleDecimal(parseDecimal("1.005"), 2, "halfUp") === 101n`. Fewer decimals only add zeros.
 */
export function scaleDecimal(decimal: Decimal, toScale: number, rounding: Rounding): bigint {
  checkScale(decimal.scale);
  checkScale(toScale);
  checkRounding(rounding);
  if (toScale >= decimal.scale) return decimal.digits * 10n ** BigInt(toScale - decimal.scale);
  return mulDiv(decimal.digits, 1n, 10n ** BigInt(decimal.scale - toScale), rounding);
}

/**
 * Commas between thousands in the integer part of decimal text; the sign and the fraction are
 * left exactly as they are: "-12345.678901" → "-12,345.678901". For reading only.
 */
export function groupThousands(text: string): string {
  const point = text.indexOf(".");
  const whole = point === -1 ? text : text.slice(0, point);
  const rest = point === -1 ? "" : text.slice(point);
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + rest;
}

function checkScale(scale: number) {
  if (!Number.isSafeInteger(scale) || scale < 0) throw new RangeError("a scale is a whole number ≥ 0");
}

function checkRounding(rounding: Rounding) {
  if (!(ROUNDINGS as readonly string[]).includes(rounding))
    throw new TypeError(`unknown rounding: ${String(rounding)} (use down, up or halfUp)`);
}

/**
 * Exact decimal strings for prices. Providers send JSON numbers; we keep the decimal text they
 * stand for (the shortest round-trip form, which is what the provider wrote for ≤ 17 significant
 * digits) and store it in a PostgreSQL `numeric`. Arithmetic that feeds stored prices is done on
 * scaled bigints by the decimal module of `domain/money`, never on floats; the helpers below keep
 * the names market data has always used and say which rounding each one applies.
 */
import { type Decimal, formatDecimal, mulDiv, safeParseDecimal, scaleDecimal } from "../money/decimal.ts";

const signed = { allowNegative: true } as const;

/** A JSON number or numeric string as a plain decimal string (no exponent), or null. */
export function toDecimalString(value: unknown): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    return expandExponent(text);
  }
  if (typeof value === "string") {
    const text = value.trim().replace(/,/g, "");
    const decimal = safeParseDecimal(text, signed);
    if (decimal) return formatDecimal(decimal);
    if (/^-?\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return expandExponent(text);
  }
  return null;
}

// "2.217e-5" → "0.00002217": moves the point of the mantissa's digits by the exponent.
function expandExponent(text: string): string {
  const [mantissa = "0", exponentText = "0"] = text.toLowerCase().split("e");
  const negative = mantissa.startsWith("-");
  const [intPart = "0", fracPart = ""] = mantissa.replace("-", "").split(".");
  const digits = intPart + fracPart;
  const point = intPart.length + Number(exponentText);
  let result: string;
  if (point <= 0) result = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) result = digits + "0".repeat(point - digits.length);
  else result = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return normalize((negative ? "-" : "") + result);
}

/**
 * Strips leading zeros and trailing fractional zeros: "031.500" → "31.5". Text that is not a plain
 * decimal (PostgreSQL's numeric "NaN") comes back unchanged.
 */
export function normalize(text: string): string {
  const decimal = safeParseDecimal(text, signed);
  return decimal ? formatDecimal(decimal) : text;
}

/** Decimal string → bigint scaled by 10^scale, rounded down (toward zero) beyond the scale. */
export function toScaled(text: string, scale: number): bigint {
  return scaleDecimal(parseSigned(text), scale, "down");
}

/** Scaled bigint → decimal string. */
export function fromScaled(value: bigint, scale: number): string {
  return formatDecimal({ digits: value, scale });
}

/**
 * a ÷ b rounded half up (ties away from zero) to `scale` decimals. Both operands are first cut
 * to `scale + 2` decimals (rounded down), as the seed's derived prices always were.
 */
export function divide(a: string, b: string, scale: number): string {
  const work = scale + 2;
  const x = toScaled(a, work);
  const y = toScaled(b, work);
  if (y === 0n) throw new Error("division by zero");
  // mulDiv divides by a positive number; the divisor's sign moves to the dividend.
  const quotient = mulDiv(y < 0n ? -x : x, 10n ** BigInt(scale), y < 0n ? -y : y, "halfUp");
  return fromScaled(quotient, scale);
}

/** a × b rounded half up (ties away from zero) to `scale` decimals, exactly. */
export function multiply(a: string, b: string, scale: number): string {
  const x = parseSigned(a);
  const y = parseSigned(b);
  const product: Decimal = { digits: x.digits * y.digits, scale: x.scale + y.scale };
  return fromScaled(scaleDecimal(product, scale, "halfUp"), scale);
}

function parseSigned(text: string): Decimal {
  const decimal = safeParseDecimal(text, signed);
  if (!decimal) throw new Error(`not a decimal: ${text}`);
  return decimal;
}

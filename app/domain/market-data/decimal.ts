/**
 * Exact decimal strings for prices. Providers send JSON numbers; we keep the decimal text they
 * stand for (the shortest round-trip form, which is what the provider wrote for ≤ 17 significant
 * digits) and store it in a PostgreSQL `numeric`. Arithmetic that feeds stored prices is done on
 * scaled bigints here, never on floats.
 */

const plain = /^-?\d+(\.\d+)?$/;

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
    if (plain.test(text)) return normalize(text);
    if (/^-?\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return expandExponent(text);
  }
  return null;
}

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

/** Strips leading zeros and trailing fractional zeros: "031.500" → "31.5". */
export function normalize(text: string): string {
  const negative = text.startsWith("-");
  let [intPart = "0", fracPart = ""] = text.replace("-", "").split(".");
  intPart = intPart.replace(/^0+(?=\d)/, "");
  fracPart = fracPart.replace(/0+$/, "");
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && body !== "0" ? `-${body}` : body;
}

/** Decimal string → bigint scaled by 10^scale (truncates beyond the scale). */
export function toScaled(text: string, scale: number): bigint {
  if (!plain.test(text)) throw new Error(`not a decimal: ${text}`);
  const negative = text.startsWith("-");
  const [intPart = "0", fracPart = ""] = text.replace("-", "").split(".");
  const value = BigInt(intPart + fracPart.padEnd(scale, "0").slice(0, scale));
  return negative ? -value : value;
}

/** Scaled bigint → decimal string. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return normalize((negative ? "-" : "") + text);
}

/** a ÷ b rounded half up to `scale` decimals, exactly. */
export function divide(a: string, b: string, scale: number): string {
  const work = scale + 2;
  const x = toScaled(a, work);
  const y = toScaled(b, work);
  if (y === 0n) throw new Error("division by zero");
  const factor = 10n ** BigInt(scale);
  const numerator = x * factor * 2n;
  let q = numerator / y;
  q = q >= 0n ? (q + 1n) / 2n : (q - 1n) / 2n;
  return fromScaled(q, scale);
}

/** a × b rounded half up to `scale` decimals, exactly. */
export function multiply(a: string, b: string, scale: number): string {
  const sa = decimals(a);
  const sb = decimals(b);
  const product = toScaled(a, sa) * toScaled(b, sb);
  const shift = sa + sb - scale;
  if (shift <= 0) return fromScaled(product * 10n ** BigInt(-shift), scale);
  const divisor = 10n ** BigInt(shift);
  const half = divisor / 2n;
  const rounded = product >= 0n ? (product + half) / divisor : (product - half) / divisor;
  return fromScaled(rounded, scale);
}

function decimals(text: string) {
  return text.split(".")[1]?.length ?? 0;
}

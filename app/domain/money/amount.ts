// Parsing and formatting of amounts: the only place text becomes minor units and back (ADR 0003).
// Pure: imported by the browser (form validation) and the server (actions) alike.
import { type Asset, isAsset, MAX_AMOUNT_MINOR, scaleOf } from "./assets.ts";
import { groupThousands, mulDiv } from "./decimal.ts";

export type AmountErrorCode = "not_text" | "format" | "too_many_decimals" | "negative" | "zero" | "too_large";

export class AmountError extends Error {
  readonly code: AmountErrorCode;
  constructor(code: AmountErrorCode, message: string) {
    super(message);
    this.name = "AmountError";
    this.code = code;
  }
}

export interface ParseOptions {
  /** Accept a leading minus sign (adjustments); amounts a member types never need it. */
  allowNegative?: boolean;
  /** Accept 0 (default true; forms that move money pass false). */
  allowZero?: boolean;
}

export type ParseResult = { ok: true; value: bigint } | { ok: false; error: AmountError };

// Plain decimal notation only: no exponent, no sign other than an optional leading minus,
// no grouping separators, no hex, no "Infinity".
const DECIMAL = /^(-)?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Parses decimal text such as "0.5" into minor units of `asset`, or says why it cannot. */
export function safeParseAmount(text: unknown, asset: Asset, options: ParseOptions = {}): ParseResult {
  if (!isAsset(asset)) throw new TypeError(`Unknown asset: ${String(asset)}`);
  if (typeof text !== "string") {
    return fail("not_text", "The amount must be given as text, not as a number.");
  }
  const match = DECIMAL.exec(text.trim());
  if (!match) return fail("format", "Enter an amount such as 10 or 0.5.");
  const [, minus, whole = "", fractionAfterWhole, fractionOnly] = match;
  const fraction = fractionAfterWhole ?? fractionOnly ?? "";
  const scale = scaleOf(asset);
  if (fraction.length > scale) {
    // Trailing zeros beyond the scale change nothing ("1.500" BTC is fine at any scale).
    if (/[^0]/.test(fraction.slice(scale))) {
      return fail(
        "too_many_decimals",
        scale === 0
          ? `${asset} amounts have no decimals.`
          : `${asset} amounts have at most ${scale} decimals.`,
      );
    }
  }
  const digits = (whole || "0") + fraction.slice(0, scale).padEnd(scale, "0");
  let value = BigInt(digits);
  if (value > MAX_AMOUNT_MINOR) return fail("too_large", "The amount is too large.");
  if (minus && value !== 0n) {
    if (!options.allowNegative) return fail("negative", "The amount cannot be negative.");
    value = -value;
  }
  if (value === 0n && options.allowZero === false)
    return fail("zero", "The amount must be greater than zero.");
  return { ok: true, value };
}

/** Like safeParseAmount but throws AmountError. `parseAmount("0.5", "BTC") === 50_000_000n`. */
export function parseAmount(text: string, asset: Asset, options?: ParseOptions): bigint {
  const result = safeParseAmount(text, asset, options);
  if (!result.ok) throw result.error;
  return result.value;
}

function fail(code: AmountErrorCode, message: string): ParseResult {
  return { ok: false, error: new AmountError(code, message) };
}

export interface FormatOptions {
  /**
   * Decimals to show. Default: the asset's full scale with trailing zeros trimmed (exact, and
   * parseAmount reads it back to the same value). A smaller number rounds half away from zero;
   * display only — never feed a rounded string back into the ledger.
   */
  decimals?: number;
  /** Keep at least this many decimals when trimming (default 0; USD lists want 2). */
  minDecimals?: number;
  /** Group thousands with commas ("12,345.67"). Default false. */
  grouping?: boolean;
}

/** Formats minor units as decimal text: `formatAmount(50_000_000n, "BTC") === "0.5"`. */
export function formatAmount(minor: bigint, asset: Asset, options: FormatOptions = {}): string {
  if (typeof minor !== "bigint") throw new TypeError("formatAmount takes a bigint number of minor units");
  const scale = scaleOf(asset);
  const negative = minor < 0n;
  let abs = negative ? -minor : minor;
  let shownScale = scale;
  if (options.decimals !== undefined && options.decimals < scale) {
    const drop = 10n ** BigInt(scale - Math.max(0, options.decimals));
    abs = mulDiv(abs, 1n, drop, "halfUp");
    shownScale = Math.max(0, options.decimals);
  }
  const digits = abs.toString().padStart(shownScale + 1, "0");
  let whole = digits.slice(0, digits.length - shownScale);
  let fraction = digits.slice(digits.length - shownScale);
  if (options.decimals === undefined) {
    const keep = Math.min(options.minDecimals ?? 0, scale);
    fraction = fraction.replace(/0+$/, "");
    if (fraction.length < keep) fraction = fraction.padEnd(keep, "0");
  } else if (options.decimals > scale) {
    fraction = fraction.padEnd(options.decimals, "0");
  }
  if (options.grouping) whole = groupThousands(whole);
  const sign = negative && abs !== 0n ? "-" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** "$1,234.50" for USD; "0.5 BTC" for crypto (used in messages such as 'You have {balance} {symbol}.'). */
export function formatWithSymbol(minor: bigint, asset: Asset, options: FormatOptions = {}): string {
  if (asset === "USD") {
    const text = formatAmount(minor, "USD", { minDecimals: 2, grouping: true, ...options });
    return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
  }
  return `${formatAmount(minor, asset, { grouping: true, ...options })} ${asset}`;
}

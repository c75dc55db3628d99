// Swap rules (ADR 0061). Pure: the swap screen and the server share them. A quote is
// the mid price from market data ± the operator's spread, less a fee; every rounding goes in the
// treasury's favour, so a swap can never pay out more than the member's coins are worth.
// Prices are exact decimal strings, amounts bigint minor units: no floating point anywhere.
import { formatAmount } from "../money/amount.ts";
import { positiveAmountSchema } from "../money/amount-schema.ts";
import { type Asset, scaleOf } from "../money/assets.ts";
import { type Decimal, formatDecimal, mulDiv, safeParseDecimal } from "../money/decimal.ts";
import { z } from "../zod.ts";

/** The seed's swap currencies in its order, plus USD (cash: what a demo account starts with). */
export const SWAP_CURRENCIES = Object.freeze([
  "BTC",
  "ETH",
  "SOL",
  "USDT",
  "BNB",
  "BCH",
  "TRX",
  "USD",
] as const) satisfies readonly Asset[];
export type SwapCurrency = (typeof SWAP_CURRENCIES)[number];

export function isSwapCurrency(value: unknown): value is SwapCurrency {
  return typeof value === "string" && (SWAP_CURRENCIES as readonly string[]).includes(value);
}

/** The seed's fallbacks when no other currency exists. */
export const FALLBACK_TO: SwapCurrency = "ETH";
export const FALLBACK_FROM: SwapCurrency = "BTC";

export interface SwapPair {
  from: SwapCurrency;
  to: SwapCurrency;
}

function firstDifferent(list: readonly SwapCurrency[], than: SwapCurrency): SwapCurrency | undefined {
  return list.find((c) => c !== than);
}

/**
 * The seed's same-currency rule (§5): choosing on one side the currency the other side holds
 * switches the other side to the first different currency (fallback ETH for "to", BTC for "from").
 */
export function chooseFrom(
  pair: SwapPair,
  from: SwapCurrency,
  list: readonly SwapCurrency[] = SWAP_CURRENCIES,
): SwapPair {
  if (from !== pair.to) return { from, to: pair.to };
  return { from, to: firstDifferent(list, from) ?? FALLBACK_TO };
}

export function chooseTo(
  pair: SwapPair,
  to: SwapCurrency,
  list: readonly SwapCurrency[] = SWAP_CURRENCIES,
): SwapPair {
  if (to !== pair.from) return { from: pair.from, to };
  return { from: firstDifferent(list, to) ?? FALLBACK_FROM, to };
}

/** The swap arrow: the sides change places. */
export function exchangeSides(pair: SwapPair): SwapPair {
  return { from: pair.to, to: pair.from };
}

/** The "to" select lists every currency except the "from" one. */
export function toOptions(from: SwapCurrency, list: readonly SwapCurrency[] = SWAP_CURRENCIES) {
  return list.filter((c) => c !== from);
}

// ---------------------------------------------------------------------------------------------
// Quote arithmetic

/** An exact decimal price: "1700.5" → 17005n at scale 1. */
function decimalParts(text: string): Decimal {
  const decimal = safeParseDecimal(text);
  if (!decimal) throw new TypeError(`not a decimal price: ${text}`);
  return decimal;
}

export interface QuoteMathInput {
  from: Asset;
  to: Asset;
  fromAmountMinor: bigint;
  /** USD per unit, exact decimal strings from market data. */
  fromPriceUsd: string;
  toPriceUsd: string;
  /** The operator's spread off the mid price, basis points (50 = 0.5 %). */
  spreadBps: number;
  /** The swap fee, basis points of what the member would receive. */
  feeBps: number;
}

export interface QuoteMath {
  /** What the member would receive before the fee, rounded down. */
  grossToMinor: bigint;
  /** The fee in the "to" asset, rounded up. */
  feeMinor: bigint;
  /** What the member receives: gross − fee. */
  toMinor: bigint;
  /** 1 unit of "from" in "to" at the mid price (display, 12 decimals, exact truncation). */
  midRate: string;
  /** 1 unit of "from" in "to" after the spread (display, 12 decimals, rounded down). */
  rate: string;
}

function checkBps(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 10_000)
    throw new RangeError(`${name} must be whole basis points in 0–9999`);
}

/** numerator ÷ denominator as decimal text, truncated to `decimals` (a displayed rate). */
function ratioText(numerator: bigint, denominator: bigint, decimals: number): string {
  const digits = mulDiv(numerator, 10n ** BigInt(decimals), denominator, "down");
  return formatDecimal({ digits, scale: decimals });
}

/**
 * The quote for swapping `fromAmountMinor`:
 *   gross = ⌊ amount × priceFrom ÷ priceTo × (1 − spread) ⌋   (in "to" minor units)
 *   fee   = ⌈ gross × feeBps ÷ 10000 ⌉
 *   to    = gross − fee
 * Both roundings favour the treasury; the member never receives more than the mid-price value.
 */
export function quoteMath(input: QuoteMathInput): QuoteMath {
  if (typeof input.fromAmountMinor !== "bigint" || input.fromAmountMinor < 0n)
    throw new RangeError("fromAmountMinor must be a bigint ≥ 0");
  checkBps(input.spreadBps, "spreadBps");
  checkBps(input.feeBps, "feeBps");
  const pf = decimalParts(input.fromPriceUsd);
  const pt = decimalParts(input.toPriceUsd);
  if (pf.digits === 0n || pt.digits === 0n) throw new RangeError("prices must be above zero");
  const sf = scaleOf(input.from);
  const st = scaleOf(input.to);
  // value in "to" minor units = A/10^sf × (PF/10^pf) ÷ (PT/10^pt) × 10^st
  const rateNumerator = pf.digits * 10n ** BigInt(pt.scale);
  const rateDenominator = pt.digits * 10n ** BigInt(pf.scale);
  const keep = 10_000n - BigInt(input.spreadBps);
  const grossToMinor = mulDiv(
    input.fromAmountMinor,
    rateNumerator * keep * 10n ** BigInt(st),
    rateDenominator * 10_000n * 10n ** BigInt(sf),
    "down",
  );
  const feeMinor = mulDiv(grossToMinor, BigInt(input.feeBps), 10_000n, "up");
  return {
    grossToMinor,
    feeMinor,
    toMinor: grossToMinor - feeMinor,
    midRate: ratioText(rateNumerator, rateDenominator, 12),
    rate: ratioText(rateNumerator * keep, rateDenominator * 10_000n, 12),
  };
}

/** Default quote life; SWAP_QUOTE_SECONDS overrides it. */
export const DEFAULT_QUOTE_SECONDS = 30;
/** Default spread; an admin changes it in the back office. */
export const DEFAULT_SPREAD_BPS = 50;

export function quoteExpiresAt(createdAt: Date, validSeconds: number): Date {
  return new Date(createdAt.getTime() + validSeconds * 1000);
}

export function isQuoteExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Whole seconds left on a quote (the countdown), never negative. */
export function secondsLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
}

// ---------------------------------------------------------------------------------------------
// Messages and the form

export const swapMessages = Object.freeze({
  success: (currency: string) => `Successfully swapped ${currency}.`,
  balanceLow: "Your balance is low. Please deposit more funds.",
  /** The form's own over-balance refusal, beside the amount: it names the balance. A demo account
   *  holds virtual funds nobody can deposit into, so it never suggests a deposit: the page offers
   *  the demo balance reset (ADR 0071) beside this message instead. */
  overBalance: (balance: string, demo: boolean) =>
    demo
      ? `That is more than your balance. You have ${balance}. Demo funds are virtual: try a smaller amount, or reset your demo balance.`
      : `That is more than your balance. You have ${balance}. Deposit more funds to swap this much.`,
  amountRequired: "Please enter the amount to swap.",
  amountPositive: "The amount must be greater than zero.",
  tooSmall: "The amount is too small to swap. Please enter a larger amount.",
  stalePrices: "Prices are out of date right now, so swaps are paused. Please try again in a few minutes.",
  expired: "This quote has expired. Please get a new quote.",
  treasuryShort: (symbol: string) =>
    `We cannot fill this swap right now: not enough ${symbol} in reserve. Please try a smaller amount or try again later.`,
  sameCurrency: "Please choose two different currencies.",
  unexpected: "An error occurred. Please try again.",
} as const);

export interface SwapFormContext {
  from: SwapCurrency;
  availableMinor: bigint;
  /** The demo account: the over-balance message offers no deposit. */
  demo?: boolean;
}

/** The swap form's amount: text → bigint minor units of the "from" currency, within the balance. */
export function swapAmountSchema(ctx: SwapFormContext) {
  const notPositive = swapMessages.amountPositive;
  return positiveAmountSchema(ctx.from, {
    required: swapMessages.amountRequired,
    malformed: notPositive,
    zero: notPositive,
    negative: notPositive,
  }).transform((value, issue) => {
    if (value > ctx.availableMinor) {
      const balance = formatSwapAmount(ctx.availableMinor, ctx.from);
      issue.addIssue({
        code: "custom",
        message: swapMessages.overBalance(balance, ctx.demo === true),
        params: { overBalance: true },
      });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * The amount checked against the balance. A refusal says whether it is the over-balance one
 * (`overBalance`): in Demo the page then offers the demo balance reset beside it.
 */
export function validateSwapAmount(
  ctx: SwapFormContext,
  amount: unknown,
): { ok: true; amountMinor: bigint } | { ok: false; message: string; overBalance: boolean } {
  const result = swapAmountSchema(ctx).safeParse(amount);
  if (result.success) return { ok: true, amountMinor: result.data };
  const [issue] = result.error.issues;
  return {
    ok: false,
    message: issue?.message ?? swapMessages.unexpected,
    overBalance: issue?.code === "custom" && issue.params?.overBalance === true,
  };
}

/** "18.34 ETH" style text for a quote line. */
export function formatSwapAmount(minor: bigint, asset: Asset): string {
  return `${formatAmount(minor, asset, { grouping: true })} ${asset}`;
}

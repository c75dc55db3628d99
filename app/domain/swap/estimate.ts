// What the swap form shows while the member types, before the firm quote: the amount they would
// receive at the latest cached prices (the same quoteMath the quote uses, so the estimate and the
// quote agree when prices have not moved) and the rate read both ways. Pure: the page imports it.
import { safeParseAmount } from "../money/amount.ts";
import { ASSET_INFO, type Asset } from "../money/assets.ts";
import { formatDecimal, mulDiv, safeParseDecimal } from "../money/decimal.ts";
import { quoteMath, type SwapPair } from "./rules.ts";

export interface SwapEstimateInput extends SwapPair {
  /** The amount field's text, in the "from" currency. */
  amountText: string;
  /** USD price of each symbol (USD itself "1"), exact decimal text from the market-data cache. */
  prices: Readonly<Record<string, string | undefined>>;
  spreadBps: number;
  feeBps: number;
}

export interface SwapEstimate {
  /** What the member would receive, "to" minor units; null while the amount is empty or invalid. */
  toMinor: bigint | null;
  /** 1 "from" in "to" after the spread, exact decimal text (12 decimals, rounded down). */
  rate: string;
}

/** The estimate at cached prices, or null when either currency has no price. */
export function swapEstimate(input: SwapEstimateInput): SwapEstimate | null {
  const fromPriceUsd = input.prices[input.from];
  const toPriceUsd = input.prices[input.to];
  if (!fromPriceUsd || !toPriceUsd || !/[1-9]/.test(fromPriceUsd) || !/[1-9]/.test(toPriceUsd)) return null;
  const parsed = safeParseAmount(input.amountText, input.from);
  const amount = parsed.ok && parsed.value > 0n ? parsed.value : null;
  const math = quoteMath({
    from: input.from,
    to: input.to,
    fromAmountMinor: amount ?? 0n,
    fromPriceUsd,
    toPriceUsd,
    spreadBps: input.spreadBps,
    feeBps: input.feeBps,
  });
  return { toMinor: amount === null ? null : math.toMinor, rate: math.rate };
}

/** The rate as a person reads it, both ways: "1 BTC = 31,155.00 USDT" and "1 USDT = 0.00003210 BTC". */
export interface RateLines {
  forward: string;
  inverse: string | null;
}

const shownDecimals = (asset: Asset) => ASSET_INFO[asset].displayDecimals;

/**
 * Rounding, named: the forward rate (what one unit of "from" buys) rounds down, so it never
 * promises more than the quote pays; the inverse (what one unit of "to" costs) rounds up, so it
 * never understates the cost. Each is shown at the quoted currency's display decimals.
 */
export function rateLines(pair: SwapPair, rateText: string): RateLines | null {
  const rate = safeParseDecimal(rateText);
  if (!rate || rate.digits < 0n) return null;
  const one = 10n ** BigInt(rate.scale);
  const toDecimals = shownDecimals(pair.to);
  const forward = mulDiv(rate.digits, 10n ** BigInt(toDecimals), one, "down");
  const text = (digits: bigint, scale: number) =>
    formatDecimal({ digits, scale }, { grouping: true, minDecimals: scale });
  const forwardLine = `1 ${pair.from} = ${text(forward, toDecimals)} ${pair.to}`;
  if (rate.digits === 0n) return { forward: forwardLine, inverse: null };
  const fromDecimals = shownDecimals(pair.from);
  const inverse = mulDiv(one, 10n ** BigInt(fromDecimals), rate.digits, "up");
  return { forward: forwardLine, inverse: `1 ${pair.to} = ${text(inverse, fromDecimals)} ${pair.from}` };
}

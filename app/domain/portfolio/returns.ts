// Time-weighted and money-weighted return over one period, in basis points (ADR 0077). Pure and
// exact: values and flows are US cents (bigint), the arithmetic is on bigint rationals, and each
// result is rounded once, half up (ties away from zero), to a whole basis point.
import { mulDiv } from "../money/decimal.ts";

/** An external flow: + money paid in (deposit), − money taken out (withdrawal). */
export interface ValuedFlow {
  /** The portfolio's value just before the flow. */
  valueBeforeUsdCents: bigint;
  amountUsdCents: bigint;
}

export interface TwrInput {
  startValueUsdCents: bigint;
  /** In time order. */
  flows: readonly ValuedFlow[];
  endValueUsdCents: bigint;
}

/** (num / den − 1) in basis points, rounded half up; den > 0. */
function excessBps(num: bigint, den: bigint): number {
  return Number(mulDiv(num - den, 10_000n, den, "halfUp"));
}

/**
 * Time-weighted return: the growth factors of the sub-periods between flows, chained:
 * Π (value at the end of the sub-period ÷ (value at its start + the flow that opened it)) − 1.
 * It ignores when and how much the member paid in. A sub-period that starts from nothing (the
 * zero start before a first deposit) has no growth to measure and counts as a factor of 1.
 */
export function timeWeightedReturnBps(input: TwrInput): number | null {
  let num = 1n;
  let den = 1n;
  let measured = false;
  let base = input.startValueUsdCents;
  const ends = [...input.flows.map((f) => f.valueBeforeUsdCents), input.endValueUsdCents];
  ends.forEach((end, i) => {
    if (base > 0n) {
      num *= end;
      den *= base;
      measured = true;
    } else if (end !== 0n) throw new RangeError("a value cannot grow from nothing without a flow");
    base = end + (input.flows[i]?.amountUsdCents ?? 0n);
    if (base < 0n) throw new RangeError("a withdrawal cannot exceed the value");
  });
  // Nothing was ever invested: there is no return to speak of.
  if (!measured) return null;
  return excessBps(num, den);
}

export interface MwrInput {
  startValueUsdCents: bigint;
  /** Whole days from the start to the end of the period (at least 1). */
  days: number;
  /** Flows on day 0 … days (day 0 is the start; a zero start has its first deposit there). */
  flows: readonly { day: number; amountUsdCents: bigint }[];
  endValueUsdCents: bigint;
}

// The daily rate is searched as k / STEP: 10^-12 a day is far below half a basis point over any
// period this app shows (5 years × 10^-12 ≈ 2·10^-9). Powers are computed in fixed point with 30
// decimals (each product cut toward zero), which keeps the numbers small whatever the length of
// the period; the cut is ~10^-28 relative, far below the step.
const STEP = 10n ** 12n;
const ONE = 10n ** 30n;
const PER_STEP = ONE / STEP;

/** base^exponent in fixed point (ONE = 1), by squaring, each product cut toward zero. */
function fixedPow(base: bigint, exponent: number): bigint {
  let result = ONE;
  let square = base;
  let e = exponent;
  while (e > 0) {
    if (e & 1) result = (result * square) / ONE;
    e >>= 1;
    if (e > 0) square = (square * square) / ONE;
  }
  return result;
}

/** The daily rate by floating-point bisection: only a starting point for the exact search. */
function estimateDailyRate(
  flows: readonly { day: number; amountUsdCents: bigint }[],
  days: number,
  end: number,
) {
  const amounts = flows.map((f) => Number(f.amountUsdCents));
  const value = (d: number) =>
    flows.reduce((sum, f, i) => sum + (amounts[i] as number) * (1 + d) ** (days - f.day), 0);
  let low = -0.999_999;
  let high = 1;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (value(mid) <= end) low = mid;
    else high = mid;
  }
  return Number.isFinite(low) ? low : 0;
}

/**
 * Money-weighted return: the internal rate of return of the period. The daily rate d solves
 *   Σ flowᵢ · (1 + d)^(days − dayᵢ) = end value   (the start value is a flow on day 0),
 * found by bisection on d = k / 10^12 (the largest k whose left side does not exceed the end
 * value), and returned as the period's return (1 + d)^days − 1 in basis points, half up. It weighs
 * each dollar by how long it was invested, so money paid in before a rise counts more. Null when
 * nothing was invested.
 */
export function moneyWeightedReturnBps(input: MwrInput): number | null {
  const days = input.days;
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError("a period is at least one day");
  const flows = [{ day: 0, amountUsdCents: input.startValueUsdCents }, ...input.flows].filter(
    (f) => f.amountUsdCents !== 0n,
  );
  for (const f of flows)
    if (!Number.isSafeInteger(f.day) || f.day < 0 || f.day > days)
      throw new RangeError("a flow lies outside the period");
  if (!flows.some((f) => f.amountUsdCents > 0n)) return null;
  const target = input.endValueUsdCents * ONE;
  const ordered = [...flows].sort((a, b) => a.day - b.day);
  // (Σ flow · (1 + d)^(days − day) − end value) × ONE, for d = k / STEP, by Horner's rule over
  // the flows in day order: a few short powers per flow instead of one long power each.
  const excess = (k: bigint) => {
    const growth = ONE + k * PER_STEP;
    let sum = 0n;
    let at = 0;
    for (const f of ordered) {
      if (f.day > at) sum = (sum * fixedPow(growth, f.day - at)) / ONE;
      at = f.day;
      sum += f.amountUsdCents * ONE;
    }
    return (sum * fixedPow(growth, days - at)) / ONE - target;
  };
  // Between −100 % and +100 % a day; the sum grows with k while the invested money dominates.
  let low = -STEP + 1n;
  let high = STEP;
  // The exact search starts from a narrow bracket around a floating-point estimate when that
  // bracket holds the answer (checked exactly), so it takes a dozen steps rather than forty;
  // otherwise it searches the whole range. Either way the answer is the same k.
  const guess = BigInt(Math.round(estimateDailyRate(ordered, days, Number(input.endValueUsdCents)) * 1e12));
  for (const radius of [1_000n, 1_000_000n]) {
    const a = guess - radius > low ? guess - radius : low;
    const b = guess + radius < high ? guess + radius : high;
    if (excess(a) <= 0n && excess(b) > 0n) {
      low = a;
      high = b;
      break;
    }
  }
  if (excess(low) > 0n || excess(high) < 0n) return null;
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (excess(mid) <= 0n) low = mid;
    else high = mid;
  }
  return excessBps(fixedPow(ONE + low * PER_STEP, days), ONE);
}

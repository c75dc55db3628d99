// The value-over-time page's figures (ADR 0078), from one point per day: the chart's series, the
// "vs holding BTC" line, the time- and money-weighted returns and the split of the change into
// money paid in or out, staking income and price gains. Pure and exact; every figure is in the
// member's display currency, each day converted at that day's rate.
import { amountOfUsdMinor, parsePrice, usdMinorOfAmount } from "../money/conversion.ts";
import { daysBetween } from "./days.ts";
import { moneyWeightedReturnBps, timeWeightedReturnBps, type ValuedFlow } from "./returns.ts";
import { convertUsdCents } from "./valuation.ts";

export interface DayPoint {
  day: string;
  valueUsdCents: bigint;
  flowUsdCents: bigint;
  incomeUsdCents: bigint;
  /** BTC's close that day (USD, decimal text); null when unknown. */
  btcCloseUsd: string | null;
  /** Units of the display currency per 1 USD that day ("1" for USD). */
  perUsd: string;
}

export interface ChartPoint {
  day: string;
  valueCents: bigint;
  /** What the same money would be worth had it all gone into BTC; null without BTC closes. */
  benchmarkCents: bigint | null;
}

export interface Performance {
  points: ChartPoint[];
  startCents: bigint;
  endCents: bigint;
  /** Paid in minus taken out after the first day. */
  netFlowCents: bigint;
  incomeCents: bigint;
  /** The change that is neither money paid in or out nor staking income. */
  priceGainCents: bigint;
  twrBps: number | null;
  mwrBps: number | null;
  benchmarkEndCents: bigint | null;
}

/** Signed US cents in a currency at `perUsd` (half up on the size, the sign kept). */
export function convertSigned(cents: bigint, perUsd: string): bigint {
  if (perUsd === "1") return cents;
  return cents < 0n ? -convertUsdCents(-cents, perUsd) : convertUsdCents(cents, perUsd);
}

/**
 * The "vs holding BTC" line in US cents: the first day's value bought as BTC at that day's close,
 * each later payment in bought at its day's close and each withdrawal sold from it (never more
 * than is held). Null when a day has no BTC close.
 */
export function btcBenchmarkUsdCents(points: readonly DayPoint[]): (bigint | null)[] {
  if (points.some((p) => p.btcCloseUsd === null || Number(p.btcCloseUsd) <= 0)) return points.map(() => null);
  let sats = 0n;
  return points.map((p, i) => {
    const price = parsePrice(p.btcCloseUsd as string);
    const paid = i === 0 ? p.valueUsdCents : p.flowUsdCents;
    if (paid > 0n) sats += amountOfUsdMinor(paid, "BTC", price, "down");
    else if (paid < 0n) {
      const sold = amountOfUsdMinor(-paid, "BTC", price, "up");
      sats -= sold < sats ? sold : sats;
    }
    return usdMinorOfAmount(sats, "BTC", price, "halfUp");
  });
}

function guarded(compute: () => number | null): number | null {
  try {
    return compute();
  } catch (error) {
    // A history whose value grows from nothing (income before any deposit) or whose withdrawal
    // exceeds its value has no meaningful return: say so rather than show a made-up one.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The figures of a range. `points` holds every day of the range, oldest first: the first is the
 * starting value (its own flow is part of what the range starts with), later flows are measured.
 */
export function performanceOf(points: readonly DayPoint[]): Performance | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const benchmark = btcBenchmarkUsdCents(points);
  const converted = points.map((p, i) => ({
    day: p.day,
    value: convertSigned(p.valueUsdCents, p.perUsd),
    flow: convertSigned(p.flowUsdCents, p.perUsd),
    income: convertSigned(p.incomeUsdCents, p.perUsd),
    benchmark: benchmark[i] == null ? null : convertSigned(benchmark[i] as bigint, p.perUsd),
  }));
  const later = converted.slice(1);
  const startCents = (converted[0] as (typeof converted)[number]).value;
  const endCents = (converted.at(-1) as (typeof converted)[number]).value;
  const netFlowCents = later.reduce((sum, p) => sum + p.flow, 0n);
  const incomeCents = later.reduce((sum, p) => sum + p.income, 0n);
  const flows: ValuedFlow[] = [];
  const dated: { day: number; amountUsdCents: bigint }[] = [];
  for (const p of later) {
    if (p.flow === 0n) continue;
    // A day's flow is taken as made at its end: the value before it is the day's value without it.
    const before = p.value - p.flow > 0n ? p.value - p.flow : 0n;
    const amount = p.flow < -before ? -before : p.flow;
    flows.push({ valueBeforeUsdCents: before, amountUsdCents: amount });
    dated.push({ day: daysBetween(first.day, p.day), amountUsdCents: p.flow });
  }
  const days = daysBetween(first.day, last.day);
  return {
    points: converted.map((p) => ({ day: p.day, valueCents: p.value, benchmarkCents: p.benchmark })),
    startCents,
    endCents,
    netFlowCents,
    incomeCents,
    priceGainCents: endCents - startCents - netFlowCents - incomeCents,
    twrBps: guarded(() =>
      timeWeightedReturnBps({ startValueUsdCents: startCents, flows, endValueUsdCents: endCents }),
    ),
    mwrBps:
      days < 1
        ? null
        : guarded(() =>
            moneyWeightedReturnBps({
              startValueUsdCents: startCents,
              days,
              flows: dated,
              endValueUsdCents: endCents,
            }),
          ),
    benchmarkEndCents: converted.at(-1)?.benchmark ?? null,
  };
}

/** At most `max` points for the chart and its table, evenly spread, the first and last kept. */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as T);
}

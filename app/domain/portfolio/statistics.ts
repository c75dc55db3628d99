// Statistics of a portfolio and its coins for the insights page (ADR 0078). Pure. These are
// descriptions of the past computed with floats (ratios, not money); the page rounds them for
// display. Crypto trades every day, so a year is 365 daily returns.

/** Below this many days of closes (or snapshots) a figure is "not enough history yet". */
export const MIN_HISTORY_DAYS = 30;
export const DAYS_PER_YEAR = 365;

/** Day-to-day returns: r = (valueₜ − flowₜ) ÷ valueₜ₋₁ − 1, skipping a day after a zero value. */
export function dailyReturns(values: readonly number[], flows?: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const before = values[i - 1] ?? 0;
    const after = (values[i] ?? 0) - (flows?.[i] ?? 0);
    if (before > 0) returns.push(after / before - 1);
  }
  return returns;
}

function mean(xs: readonly number[]) {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Sample standard deviation (n − 1); null below two values. */
export function standardDeviation(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** The standard deviation of daily returns scaled to a year (× √365). */
export function annualisedVolatility(returns: readonly number[]): number | null {
  const sd = standardDeviation(returns);
  return sd === null ? null : sd * Math.sqrt(DAYS_PER_YEAR);
}

export interface Drawdown {
  /** The fall from peak to trough as a fraction (0.25 = a quarter of the value lost). */
  fraction: number;
  peakDay: string;
  troughDay: string;
  /** Whether the series has since climbed back to the peak. */
  recovered: boolean;
}

export interface DatedReturn {
  /** The day the return starts from, and the day it ends on. */
  from: string;
  day: string;
  r: number;
}

/**
 * Day-to-day returns of a value series with money paid in (+) or out (−) on some days, each with
 * its days: r = (valueₜ − flowₜ) ÷ valueₜ₋₁ − 1. A day after a zero value has no return.
 */
export function datedReturns(points: readonly { day: string; value: number; flow: number }[]): DatedReturn[] {
  const out: DatedReturn[] = [];
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1];
    const after = points[i];
    if (!before || !after || before.value <= 0) continue;
    out.push({ from: before.day, day: after.day, r: (after.value - after.flow) / before.value - 1 });
  }
  return out;
}

/**
 * The largest fall from a high to a later low of a growth index (1 where the returns start, then
 * × (1 + r) each day), so money paid in or taken out is neither a rise nor a fall. Null with no fall.
 */
export function maximumDrawdown(returns: readonly DatedReturn[]): Drawdown | null {
  let level = 1;
  let peak = 1;
  let peakDay = returns[0]?.from ?? "";
  let worst: Drawdown | null = null;
  for (const { day, r } of returns) {
    level *= 1 + r;
    if (level >= peak) {
      // Back at (or above) the high: every earlier fall has been made up.
      if (worst) worst.recovered = true;
      if (level > peak) {
        peak = level;
        peakDay = day;
      }
      continue;
    }
    const fraction = 1 - level / peak;
    if (!worst || fraction > worst.fraction) worst = { fraction, peakDay, troughDay: day, recovered: false };
  }
  return worst;
}

/** Pearson correlation of two equally long series; null when too short or one never moves. */
export function correlation(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length < 2) return null;
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = (a[i] ?? 0) - ma;
    const db = (b[i] ?? 0) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return cov / Math.sqrt(va * vb);
}

export interface Concentration {
  largest: { key: string; share: number } | null;
  /** Σ share²: 1 when everything is in one holding, 1/n when n holdings are equal. */
  herfindahl: number;
  /** 1 ÷ Herfindahl: how many equal holdings would be as spread out. */
  effectiveHoldings: number;
}

/** How concentrated holdings are, from their values (any unit; zero and negative ignored). */
export function concentration(values: readonly { key: string; value: number }[]): Concentration | null {
  const positive = values.filter((v) => v.value > 0);
  const total = positive.reduce((s, v) => s + v.value, 0);
  if (total <= 0) return null;
  let largest: Concentration["largest"] = null;
  let herfindahl = 0;
  for (const v of positive) {
    const share = v.value / total;
    herfindahl += share * share;
    if (!largest || share > largest.share) largest = { key: v.key, share };
  }
  return { largest, herfindahl, effectiveHoldings: 1 / herfindahl };
}

/**
 * Daily returns of several coins over the days they all have a close (so each pair compares the
 * same days). `closes` maps a coin to its closes by day.
 */
export function alignedReturns(closes: ReadonlyMap<string, ReadonlyMap<string, number>>): {
  days: string[];
  returns: Map<string, number[]>;
} {
  const keys = [...closes.keys()];
  const first = keys[0] ? closes.get(keys[0]) : undefined;
  const days = first
    ? [...first.keys()].filter((day) => keys.every((k) => closes.get(k)?.has(day))).sort()
    : [];
  const returns = new Map<string, number[]>();
  for (const k of keys) {
    const series = closes.get(k);
    returns.set(k, dailyReturns(days.map((d) => series?.get(d) ?? 0)));
  }
  return { days, returns };
}

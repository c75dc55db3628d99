// Deterministic sample history (ADR 0078): daily closes for the tracked coins and the FX of each
// day for EUR and GBP, for as far back as anyone asks (at least six years are plausible), ending at
// the sample quote on the end day. A seeded walk: the same end day gives the same numbers in every
// run and on every server. Display data only, always labelled 'Sample data' where shown; the
// floats below only shape a made-up curve and are turned into decimal text once.
import { addDays, daysBetween } from "../portfolio/days.ts";
import { toDecimalString } from "./decimal.ts";
import type { DailyClose, DailyFxRate } from "./providers.ts";
import { sampleUsdPrices, seededRandom } from "./sample-seed.ts";

interface WalkShape {
  /** Daily volatility of the log price. */
  sigma: number;
  /** How much lower (as a factor) the price sits six years before the end. */
  sixYearFactor: number;
  /** Amplitude of a four-year cycle in the log price (crypto's booms and busts). */
  cycle: number;
}

const COIN_SHAPES: Readonly<Record<keyof typeof sampleUsdPrices, WalkShape>> = Object.freeze({
  BTC: { sigma: 0.03, sixYearFactor: 3.5, cycle: 0.45 },
  ETH: { sigma: 0.038, sixYearFactor: 5, cycle: 0.55 },
  SOL: { sigma: 0.055, sixYearFactor: 30, cycle: 0.7 },
  BNB: { sigma: 0.035, sixYearFactor: 12, cycle: 0.5 },
  BCH: { sigma: 0.045, sixYearFactor: 1.2, cycle: 0.5 },
  TRX: { sigma: 0.04, sixYearFactor: 4, cycle: 0.45 },
  USDT: { sigma: 0.0004, sixYearFactor: 1, cycle: 0 },
});

const FX_SHAPES: Readonly<Record<"EUR" | "GBP", { end: number; sigma: number }>> = Object.freeze({
  EUR: { end: 0.85, sigma: 0.004 },
  GBP: { end: 0.75, sigma: 0.004 },
});

const SIX_YEARS_DAYS = 6 * 365;

/**
 * The log-price offsets from the end day going back n = 0…count days: 0 at the end, then a
 * mean-reverting noise walk around a drift and a cycle. Standard normals from the seed (Box–Muller).
 */
function offsets(seed: string, count: number, shape: WalkShape): number[] {
  const random = seededRandom(seed);
  const drift = Math.log(shape.sixYearFactor) / SIX_YEARS_DAYS;
  const result = [0];
  let noise = 0;
  for (let n = 1; n <= count; n++) {
    const u = Math.max(random(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    noise = noise * 0.995 + shape.sigma * z;
    const cycle = shape.cycle * Math.sin((2 * Math.PI * n) / 1460);
    result.push(-drift * n + cycle + noise);
  }
  return result;
}

/** A float as decimal text with `digits` significant digits (never an exponent). */
function decimalText(value: number, digits = 8): string {
  const text = toDecimalString(Number(value.toPrecision(digits)));
  if (!text) throw new Error("sample history produced a non-finite number");
  return text;
}

/** The sample closes of a tracked coin from `from` to `to` (both ≤ `endDay`), oldest first. */
export function sampleDailyCloses(
  symbol: keyof typeof sampleUsdPrices,
  from: string,
  to: string,
  endDay: string,
): DailyClose[] {
  const last = to < endDay ? to : endDay;
  if (from > last) return [];
  const back = daysBetween(from, endDay);
  const shape = COIN_SHAPES[symbol];
  const walk = offsets(`history:${symbol}`, back, shape);
  const end = Number(sampleUsdPrices[symbol]);
  const closes: DailyClose[] = [];
  for (let day = from; day <= last; day = addDays(day, 1)) {
    const n = daysBetween(day, endDay);
    // The end day is the sample quote itself, exactly.
    const close = n === 0 ? sampleUsdPrices[symbol] : decimalText(end * Math.exp(walk[n] ?? 0));
    closes.push({ day, close });
  }
  return closes;
}

/** The sample FX of each day for EUR and GBP from `from` to `to` (both ≤ `endDay`). */
export function sampleDailyFx(
  currencies: readonly string[],
  from: string,
  to: string,
  endDay: string,
): DailyFxRate[] {
  const last = to < endDay ? to : endDay;
  if (from > last) return [];
  const back = daysBetween(from, endDay);
  const rates: DailyFxRate[] = [];
  for (const currency of currencies) {
    if (currency !== "EUR" && currency !== "GBP") continue;
    const shape = FX_SHAPES[currency];
    const walk = offsets(`fx:${currency}`, back, { sigma: shape.sigma, sixYearFactor: 1, cycle: 0.04 });
    for (let day = from; day <= last; day = addDays(day, 1)) {
      const n = daysBetween(day, endDay);
      const perUsd = n === 0 ? String(shape.end) : decimalText(shape.end * Math.exp(walk[n] ?? 0), 6);
      rates.push({ currency, day, perUsd });
    }
  }
  return rates;
}

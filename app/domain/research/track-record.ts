// The picks' track record (issue 18): every pick's return since entry, the return of holding
// Bitcoin over the same window, and the desk's hit rate, average, median, best and worst — exact.
// Prices arrive as decimal text from the price feed; returns are whole basis points (0.01 %), each
// rounded once, half away from zero, from the exact ratio (never from a float). Pure: the pages
// and the server both use it.
import { type Decimal, mulDiv, parsePrice } from "../money/index.ts";

/** The /picks page's periods, by publishing date. */
export const PICK_PERIODS = Object.freeze(["all", "30d", "90d", "1y"] as const);
export type PickPeriod = (typeof PICK_PERIODS)[number];

/** 1 basis point = 0.01 %; 10,000 bp = 100 %. */
export const BP_PER_WHOLE = 10_000n;

/** (exit − entry) ÷ entry, in basis points, rounded half away from zero. A zero entry price has no return. */
export function returnBp(entry: string | Decimal, exit: string | Decimal): bigint | null {
  const a = typeof entry === "string" ? parsePrice(entry) : entry;
  const b = typeof exit === "string" ? parsePrice(exit) : exit;
  if (a.digits === 0n) return null;
  // Both on one scale, so their digits compare as numbers.
  const scale = Math.max(a.scale, b.scale);
  const entryDigits = a.digits * 10n ** BigInt(scale - a.scale);
  const exitDigits = b.digits * 10n ** BigInt(scale - b.scale);
  return mulDiv(exitDigits - entryDigits, BP_PER_WHOLE, entryDigits, "halfUp");
}

export interface PickWindow {
  /** The pick's price at publishing and at closing (or now, while open). */
  entryPrice: string;
  exitPrice: string;
  /** Bitcoin's price at the same two moments. */
  btcEntryPrice: string;
  btcExitPrice: string;
}

export interface PickReturn {
  returnBp: bigint;
  btcReturnBp: bigint;
  /** The pick's return less holding Bitcoin over the same window. */
  vsBtcBp: bigint;
}

export function pickReturn(w: PickWindow): PickReturn | null {
  const own = returnBp(w.entryPrice, w.exitPrice);
  const btc = returnBp(w.btcEntryPrice, w.btcExitPrice);
  if (own === null || btc === null) return null;
  return { returnBp: own, btcReturnBp: btc, vsBtcBp: own - btc };
}

export interface TrackRecord {
  count: number;
  /** Picks with a return above zero. */
  hits: number;
  /** hits ÷ count in basis points (null without picks). */
  hitRateBp: bigint | null;
  /** Picks that did better than holding Bitcoin over their own window. */
  beatBtc: number;
  averageBp: bigint | null;
  medianBp: bigint | null;
  bestBp: bigint | null;
  worstBp: bigint | null;
}

/** The summary of the picks' returns (each already rounded to a basis point by pickReturn). */
export function trackRecord(returns: readonly PickReturn[]): TrackRecord {
  const n = BigInt(returns.length);
  if (n === 0n) {
    return {
      count: 0,
      hits: 0,
      hitRateBp: null,
      beatBtc: 0,
      averageBp: null,
      medianBp: null,
      bestBp: null,
      worstBp: null,
    };
  }
  const values = returns.map((r) => r.returnBp).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const hits = values.filter((v) => v > 0n).length;
  const sum = values.reduce((s, v) => s + v, 0n);
  const mid = values.length >> 1;
  const median =
    values.length % 2 === 1
      ? (values[mid] as bigint)
      : mulDiv((values[mid - 1] as bigint) + (values[mid] as bigint), 1n, 2n, "halfUp");
  return {
    count: values.length,
    hits,
    hitRateBp: mulDiv(BigInt(hits), BP_PER_WHOLE, n, "halfUp"),
    beatBtc: returns.filter((r) => r.vsBtcBp > 0n).length,
    averageBp: mulDiv(sum, 1n, n, "halfUp"),
    medianBp: median,
    bestBp: values[values.length - 1] as bigint,
    worstBp: values[0] as bigint,
  };
}

/** "+12.34%", "−0.05%", "0.00%": basis points as a signed percentage with two decimals. */
export function formatBp(bp: bigint | null): string {
  if (bp === null) return "—";
  const magnitude = bp < 0n ? -bp : bp;
  const text = `${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, "0")}%`;
  return bp > 0n ? `+${text}` : bp < 0n ? `−${text}` : text;
}

import type { DailyBar } from "./types.ts";

/** Figures for the Financials tab, from cached daily bars (display only). */
export interface EtfStats {
  open: number | null;
  high: number | null;
  low: number | null;
  volume: number | null;
  avgVolume30d: number | null;
  week52High: number | null;
  week52Low: number | null;
}

export function etfStats(bars: DailyBar[], lastDay?: string): EtfStats {
  const sorted = [...bars].sort((a, b) => a.day.localeCompare(b.day));
  const last = sorted.at(-1);
  if (!last)
    return {
      open: null,
      high: null,
      low: null,
      volume: null,
      avgVolume30d: null,
      week52High: null,
      week52Low: null,
    };
  const end = lastDay ?? last.day;
  const start = new Date(`${end}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  const yearStart = start.toISOString().slice(0, 10);
  const year = sorted.filter((b) => b.day > yearStart && b.day <= end);
  const highs = year.map((b) => Number(b.high ?? b.close));
  const lows = year.map((b) => Number(b.low ?? b.close));
  const recent = sorted.slice(-30).filter((b) => b.volume != null);
  return {
    open: last.open == null ? null : Number(last.open),
    high: last.high == null ? null : Number(last.high),
    low: last.low == null ? null : Number(last.low),
    volume: last.volume == null ? null : Number(last.volume),
    avgVolume30d: recent.length ? recent.reduce((s, b) => s + Number(b.volume), 0) / recent.length : null,
    week52High: highs.length ? Math.max(...highs) : null,
    week52Low: lows.length ? Math.min(...lows) : null,
  };
}

export type RangePosition = "normal" | "near-high" | "near-low" | "unknown";

/** Where a price sits in its 52-week range: the outer tenth at each end is "near" that end. */
export function rangePosition(price: number, low: number | null, high: number | null): RangePosition {
  if (low == null || high == null || !(high > low)) return "unknown";
  const position = (price - low) / (high - low);
  if (position >= 0.9) return "near-high";
  if (position <= 0.1) return "near-low";
  return "normal";
}

export function rangeNote(position: RangePosition): string {
  switch (position) {
    case "normal":
      return "The shares are trading within their normal range: the price is well inside the 52-week high and low.";
    case "near-high":
      return "The shares are trading near the top of their 52-week range.";
    case "near-low":
      return "The shares are trading near the bottom of their 52-week range.";
    default:
      return "There is not enough price history yet to compare the price with its 52-week range.";
  }
}

export type ChartRange = "1M" | "3M" | "1Y" | "ALL";
export const chartRanges: readonly ChartRange[] = Object.freeze(["1M", "3M", "1Y", "ALL"]);

/** The bars a chart range shows, counted back from the last bar's day. */
export function barsInRange<T extends { day: string }>(bars: T[], range: ChartRange): T[] {
  const last = bars.at(-1);
  if (!last || range === "ALL") return bars;
  const from = new Date(`${last.day}T00:00:00Z`);
  if (range === "1M") from.setUTCMonth(from.getUTCMonth() - 1);
  if (range === "3M") from.setUTCMonth(from.getUTCMonth() - 3);
  if (range === "1Y") from.setUTCFullYear(from.getUTCFullYear() - 1);
  const start = from.toISOString().slice(0, 10);
  return bars.filter((b) => b.day > start);
}

import { toScaled } from "./decimal.ts";
import { etfSymbols } from "./types.ts";

// The ETF flows table and its chart read the same figures: US$ millions with one decimal,
// held as tenths in a bigint so every total is exact.

export interface EtfFlowRow {
  symbol: string;
  day: string;
  netFlowUsdM: string;
}

/** Per fund and day in tenths of US$ m, the funds that have figures (directory order), and the totals. */
export function flowGrid(days: readonly string[], flows: readonly EtfFlowRow[]) {
  const cells = new Map(flows.map((f) => [`${f.day}:${f.symbol}`, toScaled(f.netFlowUsdM, 1)]));
  const symbols = etfSymbols.filter((s) => flows.some((f) => f.symbol === s));
  const cell = (day: string, symbol: string) => cells.get(`${day}:${symbol}`);
  const dayTotal = (day: string) => symbols.reduce((sum, s) => sum + (cell(day, s) ?? 0n), 0n);
  const fundTotal = (symbol: string) => days.reduce((sum, d) => sum + (cell(d, symbol) ?? 0n), 0n);
  const grandTotal = days.reduce((sum, d) => sum + dayTotal(d), 0n);
  return { symbols, cell, dayTotal, fundTotal, grandTotal };
}

/**
 * The daily totals as bars: each day's share (0–1) of the largest inflow or outflow, so a chart
 * can draw inflows up and outflows down from one zero line at `zeroAt` (0–1 from the top).
 */
export function dailyTotalBars(days: readonly string[], flows: readonly EtfFlowRow[]) {
  const { dayTotal } = flowGrid(days, flows);
  const totals = days.map((day) => ({ day, total: dayTotal(day) }));
  const maxIn = totals.reduce((m, t) => (t.total > m ? t.total : m), 0n);
  const maxOut = totals.reduce((m, t) => (-t.total > m ? -t.total : m), 0n);
  const range = maxIn + maxOut;
  const share = (part: bigint) => (range === 0n ? 0 : Number((part * 10_000n) / range) / 10_000);
  return {
    zeroAt: share(maxIn),
    bars: totals.map(({ day, total }) => ({ day, total, height: share(total < 0n ? -total : total) })),
  };
}

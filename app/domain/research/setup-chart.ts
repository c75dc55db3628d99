// The board's small chart of a setup (issue 18): the asset's price line with the entry zone, stop and
// targets drawn across it and each status change marked where it happened. Computed on the server
// into SVG coordinates, so the page ships a path, not a price series. Display only: positions are
// floats (like the screener's sparkline); every decision about a setup is made on exact decimals
// in setup-rules.ts.
import type { SetupStatus } from "./setup-rules.ts";

export const SETUP_CHART_WIDTH = 320;
export const SETUP_CHART_HEIGHT = 132;
const PAD = Object.freeze({ left: 4, right: 34, top: 8, bottom: 8 });

export interface SetupChartInput {
  /** The asset's prices, oldest first (ms since the epoch). */
  points: readonly { at: number; price: number }[];
  from: number;
  to: number;
  side: "long" | "short";
  entryLow: number;
  entryHigh: number;
  stop: number;
  targets: readonly number[];
  events: readonly { at: number; price: number; status: SetupStatus }[];
}

export interface SetupChart {
  width: number;
  height: number;
  /** The price line's SVG path. */
  line: string;
  zone: { y: number; height: number };
  stopY: number;
  targets: { y: number; label: string }[];
  events: { x: number; y: number; status: SetupStatus }[];
  /** The level labels' x (right of the plot). */
  labelX: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Null when there are fewer than two prices in the window to draw a line with. */
export function setupChart(input: SetupChartInput): SetupChart | null {
  const inWindow = input.points.filter((p) => p.at >= input.from && p.at <= input.to);
  if (inWindow.length < 2 || input.to <= input.from) return null;
  const levels = [input.entryLow, input.entryHigh, input.stop, ...input.targets];
  const values = [...inWindow.map((p) => p.price), ...levels, ...input.events.map((e) => e.price)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = (high - low || high || 1) * 0.04;
  const [min, max] = [low - margin, high + margin];
  const plotRight = SETUP_CHART_WIDTH - PAD.right;
  const x = (at: number) =>
    round(
      PAD.left +
        ((Math.min(Math.max(at, input.from), input.to) - input.from) / (input.to - input.from)) *
          (plotRight - PAD.left),
    );
  const y = (price: number) =>
    round(PAD.top + ((max - price) / (max - min)) * (SETUP_CHART_HEIGHT - PAD.top - PAD.bottom));
  const zoneTop = y(input.entryHigh);
  return {
    width: SETUP_CHART_WIDTH,
    height: SETUP_CHART_HEIGHT,
    line: inWindow.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.at)},${y(p.price)}`).join(""),
    zone: { y: zoneTop, height: Math.max(round(y(input.entryLow) - zoneTop), 1) },
    stopY: y(input.stop),
    targets: input.targets.map((t, i) => ({ y: y(t), label: `T${i + 1}` })),
    events: input.events.map((e) => ({ x: x(e.at), y: y(e.price), status: e.status })),
    labelX: plotRight + 4,
  };
}

// The chart shortcode of research Markdown (issue 18): `{{chart BTC 90d}}` on a line of its own is a
// price chart of our market data. Pure: the shortcode is read and the SVG written here, from a
// series the server loaded (chart-data.server.ts), so the editor's preview can draw the same thing.
// Nothing the author typed reaches the output except through escapeHtml, and only after the asset
// matched a short upper-case pattern; the SVG's numbers are computed, never copied from the source.
import { formatDate } from "../dates.ts";
import { formatUsd } from "../market-data/format.ts";

export const CHART_RANGES = Object.freeze(["7d", "30d", "90d", "1y"] as const);
export type ChartRange = (typeof CHART_RANGES)[number];

export const CHART_RANGE_DAYS: Readonly<Record<ChartRange, number>> = Object.freeze({
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "1y": 365,
});

const RANGE_WORDS: Readonly<Record<ChartRange, string>> = Object.freeze({
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
});

export type ChartShortcode =
  | { ok: true; asset: string; range: ChartRange }
  /** Looked like a chart but could not be read: the text, shown escaped in the "unavailable" note. */
  | { ok: false; text: string };

/** A line that starts with "{{chart" and ends with "}}" is a chart shortcode; anything else is not. */
const SHORTCODE = /^\{\{\s*chart(?:\s+([^{}]*?))?\s*\}\}$/i;
const ASSET = /^[A-Z0-9]{2,10}$/;

export function parseChartShortcode(line: string): ChartShortcode | null {
  const match = SHORTCODE.exec(line.trim());
  if (!match) return null;
  const args = (match[1] ?? "").split(/\s+/).filter(Boolean);
  const [asset = "", range = ""] = args;
  const symbol = asset.toUpperCase();
  const span = range.toLowerCase();
  if (args.length !== 2 || !ASSET.test(symbol) || !(CHART_RANGES as readonly string[]).includes(span)) {
    return { ok: false, text: line.trim().slice(0, 80) };
  }
  return { ok: true, asset: symbol, range: span as ChartRange };
}

export const chartKey = (asset: string, range: ChartRange) => `${asset} ${range}`;

/** Every distinct, readable chart in a piece's Markdown, for the server to load their prices. */
export function findChartShortcodes(markdown: string): { asset: string; range: ChartRange }[] {
  const seen = new Map<string, { asset: string; range: ChartRange }>();
  for (const line of markdown.split(/\r?\n/)) {
    const parsed = parseChartShortcode(line);
    if (parsed?.ok)
      seen.set(chartKey(parsed.asset, parsed.range), { asset: parsed.asset, range: parsed.range });
  }
  return [...seen.values()];
}

/** A price series to draw: oldest first, display-only numbers (ADR 0020: charts are not money). */
export interface ChartSeries {
  asset: string;
  /** "Bitcoin". */
  name: string;
  range: ChartRange;
  points: readonly { at: string; priceUsd: number }[];
  /** "hourly prices" (7 days) or "daily closes". */
  resolution: "hourly" | "daily";
  sample: boolean;
}

/** What the renderer is given: each chart's series, or null when there is none to draw. */
export type ChartLookup = ReadonlyMap<string, ChartSeries | null>;

const WIDTH = 600;
const HEIGHT = 180;

function pathOf(points: readonly { priceUsd: number }[]) {
  const prices = points.map((p) => p.priceUsd);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || 1;
  const step = WIDTH / (points.length - 1);
  // A little room above and below, so the line never runs along the edge.
  const y = (price: number) => (8 + (1 - (price - low) / span) * (HEIGHT - 16)).toFixed(1);
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)} ${y(p.priceUsd)}`)
    .join(" ");
  return { line, area: `${line} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z`, low, high };
}

function changeText(first: number, last: number) {
  const pct = ((last - first) / first) * 100;
  const words = pct > 0 ? "up" : pct < 0 ? "down" : "unchanged";
  const size = `${Math.abs(pct).toFixed(2)}%`;
  return { pct, words, size, text: `${pct > 0 ? "+" : pct < 0 ? "−" : ""}${size}` };
}

const UNAVAILABLE =
  'class="my-6 rounded-md border border-dashed border-line bg-subtle px-4 py-3 text-sm text-muted" data-chart="unavailable"';

/**
 * The chart as HTML: a figure with an SVG (role="img", its label the first and last price) and a
 * caption. Unreadable shortcodes and series with fewer than two prices get a visible note instead.
 */
export function renderChart(
  code: ChartShortcode,
  charts: ChartLookup | undefined,
  escapeHtml: (text: string) => string,
): string {
  if (!code.ok) {
    return `<p ${UNAVAILABLE}>Chart unavailable: <code>${escapeHtml(code.text)}</code> is not a chart we can draw. Write an asset and a range of 7d, 30d, 90d or 1y, such as <code>{{chart BTC 90d}}</code>.</p>\n`;
  }
  const series = charts?.get(chartKey(code.asset, code.range)) ?? null;
  const points = series?.points.filter((p) => Number.isFinite(p.priceUsd) && p.priceUsd > 0) ?? [];
  const first = points[0];
  const last = points[points.length - 1];
  if (!series || !first || !last || points.length < 2) {
    return `<p ${UNAVAILABLE}>Chart unavailable: we have no price history for ${escapeHtml(code.asset)} over ${RANGE_WORDS[code.range]} yet.</p>\n`;
  }
  const { line, area, low, high } = pathOf(points);
  const change = changeText(first.priceUsd, last.priceUsd);
  const name = escapeHtml(`${series.name} (${series.asset})`);
  // Our history may be shorter than the range asked for (a new installation keeps daily closes
  // from its first day): the chart then says so rather than pretend to cover the whole range.
  const spanDays = (Date.parse(last.at) - Date.parse(first.at)) / 86_400_000;
  const partial = spanDays < CHART_RANGE_DAYS[code.range] - 1.5;
  const over = partial ? `since ${formatDate(first.at)}` : `over ${RANGE_WORDS[code.range]}`;
  const label = escapeHtml(
    `${series.name} (${series.asset}) price ${over}: ${formatUsd(first.priceUsd)} on ${formatDate(first.at)}, ${formatUsd(last.priceUsd)} on ${formatDate(last.at)}, ${change.pct === 0 ? change.words : `${change.words} ${change.size}`}.`,
  );
  const tone = change.pct > 0 ? "text-positive" : change.pct < 0 ? "text-negative" : "text-muted";
  const source = [
    `${series.resolution === "hourly" ? "Hourly prices" : "Daily prices"} from our market data${series.sample ? " (sample prices)" : ""}`,
    partial
      ? `; our history starts ${formatDate(first.at)}, short of the full ${RANGE_WORDS[code.range]}`
      : "",
  ].join("");
  return [
    `<figure class="my-6 rounded-lg border border-line bg-surface p-4" data-chart="${escapeHtml(series.asset)}">`,
    `<div class="flex items-baseline justify-between gap-3 text-sm"><span class="font-semibold text-ink">${name} · ${RANGE_WORDS[code.range]}</span><span class="font-mono font-semibold tabular-nums ${tone}">${change.text}</span></div>`,
    `<svg class="mt-3 block h-40 w-full text-brand" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${label}" focusable="false">`,
    `<path d="${area}" fill="currentColor" fill-opacity="0.08"></path>`,
    `<path d="${line}" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" vector-effect="non-scaling-stroke"></path>`,
    "</svg>",
    `<figcaption class="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted"><span>${formatUsd(first.priceUsd)} on ${formatDate(first.at)} → ${formatUsd(last.priceUsd)} on ${formatDate(last.at)}</span><span>High ${formatUsd(high)} · low ${formatUsd(low)}</span><span>${source}</span></figcaption>`,
    "</figure>\n",
  ].join("");
}

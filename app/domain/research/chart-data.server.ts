// Prices for the chart shortcodes in a piece (chart.ts draws them): our own market data, never a
// third party's widget. Seven days come from the quote cache's hourly series; longer ranges from
// the daily closes we keep for good (market_daily_bars), as many as we have in the range. An asset
// we do not track has no series, and the chart says so.
import type { Db } from "../../db/client.server.ts";
import { getDailyBars, getQuotes } from "../market-data/cache.server.ts";
import { isTrackedSymbol, type TrackedSymbol, trackedCoins } from "../market-data/types.ts";
import {
  CHART_RANGE_DAYS,
  type ChartLookup,
  type ChartSeries,
  chartKey,
  findChartShortcodes,
} from "./chart.ts";
import { renderMarkdown, teaserMarkdown } from "./markdown.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The quote cache's seven days of hourly prices, the last one at the quote's time. */
function hourlyPoints(hourly: readonly number[], lastUpdated: string) {
  const end = new Date(lastUpdated).getTime();
  return hourly.map((priceUsd, i) => ({
    at: new Date(end - (hourly.length - 1 - i) * HOUR).toISOString(),
    priceUsd,
  }));
}

/** The series of every chart the Markdown asks for (null where there is none). */
export async function loadCharts(db: Db, markdown: string, now = new Date()): Promise<ChartLookup> {
  const wanted = findChartShortcodes(markdown);
  const charts = new Map<string, ChartSeries | null>();
  if (wanted.length === 0) return charts;
  const symbols = [...new Set(wanted.map((w) => w.asset).filter(isTrackedSymbol))] as TrackedSymbol[];
  const { quotes } = symbols.length > 0 ? await getQuotes(db, { symbols, now }) : { quotes: [] };
  for (const { asset, range } of wanted) {
    const quote = quotes.find((q) => q.symbol === asset);
    const name = trackedCoins.find((c) => c.symbol === asset)?.name;
    if (!quote || !name) {
      charts.set(chartKey(asset, range), null);
      continue;
    }
    const sample = quote.source === "sample";
    if (range === "7d") {
      const points = hourlyPoints(quote.sparkline7d, quote.lastUpdated);
      charts.set(chartKey(asset, range), { asset, name, range, points, resolution: "hourly", sample });
      continue;
    }
    // Daily closes kept for good, then for the last week one hourly price a day from the quote
    // cache, so the newest days are there even before the daily history has filled in.
    const since = new Date(now.getTime() - CHART_RANGE_DAYS[range] * DAY).toISOString().slice(0, 10);
    const bars = await getDailyBars(db, "coin", asset, { since });
    const recent = hourlyPoints(quote.sparkline7d, quote.lastUpdated).filter(
      (_, i, all) => (all.length - 1 - i) % 24 === 0,
    );
    const recentFrom = recent[0]?.at.slice(0, 10) ?? "9999-12-31";
    const points = [
      ...bars
        .filter((b) => b.day < recentFrom)
        .map((b) => ({ at: `${b.day}T00:00:00.000Z`, priceUsd: Number(b.close) })),
      ...recent,
    ];
    charts.set(chartKey(asset, range), { asset, name, range, points, resolution: "daily", sample });
  }
  return charts;
}

/** A piece's Markdown as safe HTML, its charts drawn from our market data. */
export async function renderResearchHtml(db: Db, markdown: string, now = new Date()): Promise<string> {
  return renderMarkdown(markdown, { charts: await loadCharts(db, markdown, now) });
}

/** The opening a reader without the entitlement sees (markdown.ts's teaserMarkdown), as HTML. */
export function renderTeaserHtml(db: Db, markdown: string, now = new Date()): Promise<string> {
  return renderResearchHtml(db, teaserMarkdown(markdown), now);
}

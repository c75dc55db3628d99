import { useEffect, useRef, useState } from "react";
import { formatDate } from "~/domain/dates.ts";
import { barsInRange, type ChartRange, chartRanges } from "~/domain/market-data/etf-stats.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import { cn } from "../cn.ts";
import { Spinner } from "../spinner.tsx";
import { useResolvedTheme } from "../theme.tsx";

/** The chart's colours from the current theme's tokens (the canvas can't use CSS variables). */
function chartColors() {
  const styles = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  const brand = token("--color-brand", "#1d4ed8");
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(brand.slice(i, i + 2), 16));
  const rgba = (alpha: number) => (brand.length === 7 ? `rgba(${r}, ${g}, ${b}, ${alpha})` : brand);
  return {
    text: token("--color-muted", "#475569"),
    grid: token("--color-line", "#d8dee8"),
    line: brand,
    top: rgba(0.25),
    bottom: rgba(0.02),
  };
}

const rangeLabels: Record<ChartRange, string> = { "1M": "1M", "3M": "3M", "1Y": "1Y", ALL: "All" };

/**
 * Daily closes from our cache drawn with lightweight-charts, loaded only when the chart mounts
 * (the library stays out of the page's first download). The canvas is decorative for screen
 * readers; the summary line says what it shows.
 */
export function PriceChart({ symbol, history }: { symbol: string; history: [string, number][] }) {
  const container = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<ChartRange>("3M");
  const [ready, setReady] = useState(false);
  const chartRef = useRef<{
    setData(points: { time: string; value: number }[]): void;
    remove(): void;
    fit(): void;
    recolour(): void;
  } | null>(null);
  const theme = useResolvedTheme();

  const points = barsInRange(
    history.map(([day, close]) => ({ day, close })),
    range,
  );

  useEffect(() => {
    let cancelled = false;
    void import("lightweight-charts").then(({ createChart, AreaSeries, ColorType }) => {
      if (cancelled || !container.current) return;
      const colors = chartColors();
      const chart = createChart(container.current, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: "transparent" },
          textColor: colors.text,
          attributionLogo: false,
        },
        grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false },
        handleScroll: false,
        handleScale: false,
      });
      const series = chart.addSeries(AreaSeries, {
        lineColor: colors.line,
        topColor: colors.top,
        bottomColor: colors.bottom,
        lineWidth: 2,
        priceFormat: { type: "price", precision: 2, minMove: 0.01 },
      });
      chartRef.current = {
        setData: (data) => series.setData(data),
        fit: () => chart.timeScale().fitContent(),
        remove: () => chart.remove(),
        recolour: () => {
          const next = chartColors();
          chart.applyOptions({ layout: { textColor: next.text }, grid: { horzLines: { color: next.grid } } });
          series.applyOptions({ lineColor: next.line, topColor: next.top, bottomColor: next.bottom });
        },
      };
      setReady(true);
    });
    return () => {
      cancelled = true;
      chartRef.current?.remove();
      chartRef.current = null;
    };
  }, []);

  // A theme change (the toggle, or the system's setting) repaints the canvas in the new colours.
  useEffect(() => {
    if (ready && theme) chartRef.current?.recolour();
  }, [ready, theme]);

  useEffect(() => {
    if (!ready || !chartRef.current) return;
    chartRef.current.setData(points.map((p) => ({ time: p.day, value: p.close })));
    chartRef.current.fit();
  }, [ready, points]);

  const first = points[0];
  const last = points.at(-1);
  return (
    <div>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Chart range</legend>
        {chartRanges.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={range === r}
            onClick={() => setRange(r)}
            className={cn(
              "h-8 rounded-md px-3 text-sm font-semibold",
              range === r ? "bg-brand text-inverse" : "text-muted hover:bg-subtle hover:text-ink",
            )}
          >
            {rangeLabels[r]}
          </button>
        ))}
      </fieldset>
      <div className="relative mt-3 h-64 sm:h-72">
        <div ref={container} className="absolute inset-0" aria-hidden="true" data-testid="price-chart" />
        {!ready ? (
          <div className="absolute inset-0 grid place-items-center">
            <Spinner />
          </div>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-muted">
        {first && last ? (
          <>
            {symbol} closed at {formatUsd(last.close)} on {formatDate(last.day)}, from{" "}
            {formatUsd(first.close)} on {formatDate(first.day)}.{" "}
          </>
        ) : (
          "No price history yet. "
        )}
        Chart:{" "}
        <a
          href="https://www.tradingview.com/lightweight-charts/"
          className="underline hover:text-ink"
          rel="noopener noreferrer"
          target="_blank"
        >
          TradingView Lightweight Charts
        </a>
        .
      </p>
    </div>
  );
}

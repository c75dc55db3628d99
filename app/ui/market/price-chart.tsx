import { useEffect, useRef, useState } from "react";
import { barsInRange, type ChartRange, chartRanges } from "~/domain/market-data/etf-stats.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import { cn } from "../cn.ts";
import { Spinner } from "../spinner.tsx";

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
  } | null>(null);

  const points = barsInRange(
    history.map(([day, close]) => ({ day, close })),
    range,
  );

  useEffect(() => {
    let cancelled = false;
    void import("lightweight-charts").then(({ createChart, AreaSeries, ColorType }) => {
      if (cancelled || !container.current) return;
      const styles = getComputedStyle(document.documentElement);
      const brand = styles.getPropertyValue("--color-brand").trim() || "#1d4ed8";
      const chart = createChart(container.current, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: "transparent" },
          textColor: styles.getPropertyValue("--color-muted").trim() || "#475569",
          attributionLogo: false,
        },
        grid: { vertLines: { visible: false }, horzLines: { color: "#e2e8f0" } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false },
        handleScroll: false,
        handleScale: false,
      });
      const series = chart.addSeries(AreaSeries, {
        lineColor: brand,
        topColor: "rgba(29, 78, 216, 0.25)",
        bottomColor: "rgba(29, 78, 216, 0.02)",
        lineWidth: 2,
        priceFormat: { type: "price", precision: 2, minMove: 0.01 },
      });
      chartRef.current = {
        setData: (data) => series.setData(data),
        fit: () => chart.timeScale().fitContent(),
        remove: () => chart.remove(),
      };
      setReady(true);
    });
    return () => {
      cancelled = true;
      chartRef.current?.remove();
      chartRef.current = null;
    };
  }, []);

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
              range === r ? "bg-brand text-white" : "text-muted hover:bg-subtle hover:text-ink",
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
            {symbol} closed at {formatUsd(last.close)} on {last.day}, from {formatUsd(first.close)} on{" "}
            {first.day}.{" "}
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

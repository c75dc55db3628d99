import { formatDate } from "~/domain/dates.ts";
import { dailyTotalBars, type EtfFlowRow } from "~/domain/market-data/etf-flows.ts";
import { cn } from "../cn.ts";
import { flowText } from "./etf-flows-table.tsx";

/**
 * The daily totals of the flows table as bars: inflows up in green, outflows down in red, oldest
 * on the left. A picture of the table's Total column, so screen readers skip it (the table below
 * has every figure); the caption says what it shows.
 */
export function EtfFlowsChart({ days, flows }: { days: string[]; flows: EtfFlowRow[] }) {
  if (days.length === 0) return null;
  const { zeroAt, bars } = dailyTotalBars(days, flows);
  const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
  return (
    <figure className="border-b border-line px-5 py-4" data-testid="etf-flows-chart">
      <figcaption className="text-sm font-medium text-ink">
        Total net flow per day{" "}
        <span className="font-normal text-muted">(US$ m; the table below has the figures)</span>
      </figcaption>
      <div aria-hidden="true" className="mt-4">
        <div className="relative h-40">
          <div className="absolute inset-x-0 border-t border-line" style={{ top: percent(zeroAt) }} />
          <div className="relative grid h-full auto-cols-fr grid-flow-col gap-1.5 sm:gap-3">
            {bars.map((bar) => {
              const inflow = bar.total >= 0n;
              return (
                <div key={bar.day} className="relative h-full" data-flow-day={bar.day}>
                  <div
                    className={cn(
                      "absolute inset-x-0 mx-auto max-w-10 rounded-sm",
                      inflow ? "bg-positive" : "bg-negative",
                    )}
                    style={
                      inflow
                        ? { bottom: percent(1 - zeroAt), height: percent(bar.height) }
                        : { top: percent(zeroAt), height: percent(bar.height) }
                    }
                  />
                </div>
              );
            })}
          </div>
        </div>
        <div className="mt-2 grid auto-cols-fr grid-flow-col gap-1.5 text-center text-[11px] text-muted sm:gap-3 sm:text-xs">
          {bars.map((bar) => {
            const [dayOfMonth, month] = formatDate(bar.day).split(" ");
            return (
              <div key={bar.day}>
                <span className="block whitespace-nowrap">
                  {dayOfMonth}
                  <span className="hidden sm:inline"> {month}</span>
                </span>
                <span
                  className={cn(
                    "hidden font-mono whitespace-nowrap sm:block",
                    bar.total < 0n ? "text-negative" : "text-positive",
                  )}
                >
                  {flowText(bar.total)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </figure>
  );
}

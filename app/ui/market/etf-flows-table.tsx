import { formatDate } from "~/domain/dates.ts";
import { fromScaled } from "~/domain/market-data/decimal.ts";
import { type EtfFlowRow, flowGrid } from "~/domain/market-data/etf-flows.ts";
import { cn } from "../cn.ts";

export function flowText(value: bigint | undefined) {
  if (value === undefined) return "—";
  const text = fromScaled(value < 0n ? -value : value, 1);
  const withDecimal = text.includes(".") ? text : `${text}.0`;
  return value < 0n ? `(${withDecimal})` : withDecimal;
}

export function flowTone(value: bigint | undefined) {
  if (value === undefined || value === 0n) return "text-muted";
  return value > 0n ? "text-positive" : "text-negative";
}

/** US$ m per fund per day, with a total per day and per fund; outflows in brackets and red. Sums are exact. */
export function EtfFlowsTable({ days, flows }: { days: string[]; flows: EtfFlowRow[] }) {
  if (days.length === 0)
    return (
      <p className="px-5 py-8 text-center text-sm text-muted">The data source has no flow figures yet.</p>
    );
  const { symbols, cell, dayTotal, fundTotal, grandTotal: grand } = flowGrid(days, flows);
  const sticky = "sticky left-0 z-[1] bg-surface";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label="Daily net flows table" tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">
          Daily net flows in US dollars millions; negative values in brackets are outflows.
        </caption>
        <thead>
          <tr className="bg-subtle">
            <th
              scope="col"
              className={cn(
                "border-b border-line px-3 py-2 text-left text-xs font-semibold text-muted uppercase",
                "sticky left-0 bg-subtle",
              )}
            >
              Date
            </th>
            {symbols.map((s) => (
              <th
                key={s}
                scope="col"
                className="border-b border-line px-3 py-2 text-xs font-semibold text-muted"
              >
                {s}
              </th>
            ))}
            <th
              scope="col"
              className="border-b border-line px-3 py-2 text-xs font-semibold text-ink uppercase"
            >
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day}>
              <th
                scope="row"
                className={cn(
                  "border-b border-line px-3 py-2 text-left font-medium whitespace-nowrap text-ink",
                  sticky,
                )}
              >
                <time dateTime={day}>{formatDate(day)}</time>
              </th>
              {symbols.map((s) => {
                const v = cell(day, s);
                return (
                  <td key={s} className={cn("border-b border-line px-3 py-2 font-mono", flowTone(v))}>
                    {flowText(v)}
                  </td>
                );
              })}
              <td
                className={cn(
                  "border-b border-line px-3 py-2 font-mono font-semibold",
                  flowTone(dayTotal(day)),
                )}
              >
                {flowText(dayTotal(day))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-subtle">
            <th scope="row" className="sticky left-0 bg-subtle px-3 py-2 text-left font-semibold text-ink">
              Total
            </th>
            {symbols.map((s) => (
              <td key={s} className={cn("px-3 py-2 font-mono font-semibold", flowTone(fundTotal(s)))}>
                {flowText(fundTotal(s))}
              </td>
            ))}
            <td className={cn("px-3 py-2 font-mono font-bold", flowTone(grand))}>{flowText(grand)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

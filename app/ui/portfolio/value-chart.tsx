import { formatDate } from "~/domain/dates.ts";
import { type DisplayCurrency, formatCents } from "~/domain/portfolio/valuation.ts";
import { Table, Td, Th } from "../table.tsx";

export interface ValuePoint {
  day: string;
  valueCents: string;
  benchmarkCents: string | null;
}

const W = 640;
const H = 220;

/** An SVG path through the values, x by index, y scaled between `min` and `max`. */
function path(values: number[], min: number, max: number): string {
  const span = max - min || 1;
  const step = values.length > 1 ? W / (values.length - 1) : 0;
  return values
    .map(
      (v, i) => `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)},${(H - ((v - min) / span) * H).toFixed(1)}`,
    )
    .join(" ");
}

/**
 * The portfolio's value over the range and the "vs holding BTC" line, drawn as SVG on the server
 * (so it shows without JavaScript). A picture for sighted readers: screen readers get the summary
 * in the caption and every point in the table below it.
 */
export function ValueChart({ points, currency }: { points: ValuePoint[]; currency: DisplayCurrency }) {
  const values = points.map((p) => Number(p.valueCents));
  const bench = points.every((p) => p.benchmarkCents !== null)
    ? points.map((p) => Number(p.benchmarkCents))
    : null;
  const all = [...values, ...(bench ?? [])];
  const max = Math.max(...all, 0);
  const min = Math.min(...all, 0) < 0 ? Math.min(...all) : Math.max(0, Math.min(...all) * 0.9);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const money = (n: number) => formatCents(BigInt(Math.round(n)), currency);
  return (
    <figure className="space-y-3" data-testid="value-chart" data-points={points.length}>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-5 bg-brand" /> Your portfolio
        </span>
        {bench ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-0 w-5 border-t-2 border-dashed border-warning"
            />{" "}
            If the same money had gone into BTC
          </span>
        ) : null}
        <span className="sr-only">
          From {formatDate(first.day)} to {formatDate(last.day)}; the table below lists every point.
        </span>
      </figcaption>
      <div aria-hidden="true" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-muted sm:h-60">
          <span>{money(max)}</span>
          <span>{money((max + min) / 2)}</span>
          <span>{money(min)}</span>
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-48 w-full overflow-visible sm:h-60"
          role="presentation"
        >
          {[0, H / 2, H].map((y) => (
            <line
              key={y}
              x1="0"
              y1={y}
              x2={W}
              y2={y}
              className="stroke-line"
              strokeWidth="1"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {bench ? (
            <path
              d={path(bench, min, max)}
              fill="none"
              className="stroke-warning"
              strokeWidth="2"
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          <path
            d={path(values, min, max)}
            fill="none"
            className="stroke-brand"
            strokeWidth="2.5"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div className="col-start-2 mt-1 flex justify-between text-xs text-muted">
          <span>{formatDate(first.day)}</span>
          <span>{formatDate(last.day)}</span>
        </div>
      </div>
    </figure>
  );
}

/** The chart's text alternative: every point it draws, collapsed until asked for (works without JS). */
export function ValueTable({ points, currency }: { points: ValuePoint[]; currency: DisplayCurrency }) {
  return (
    <details className="group rounded-md border border-line">
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-ink hover:text-brand">
        Show the chart's figures as a table ({points.length} points)
      </summary>
      <Table caption="Portfolio value by day" className="border-t border-line">
        <thead>
          <tr>
            <Th className="px-2 sm:px-4">Day</Th>
            <Th className="px-2 text-right sm:px-4">Portfolio</Th>
            <Th className="px-2 text-right sm:px-4">If in BTC</Th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <Td className="px-2 text-xs whitespace-nowrap sm:px-4 sm:text-sm">{formatDate(p.day)}</Td>
              <Td className="px-2 text-right font-mono text-xs sm:px-4 sm:text-sm">
                {formatCents(BigInt(p.valueCents), currency)}
              </Td>
              <Td className="px-2 text-right font-mono text-xs sm:px-4 sm:text-sm">
                {p.benchmarkCents === null ? "—" : formatCents(BigInt(p.benchmarkCents), currency)}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}

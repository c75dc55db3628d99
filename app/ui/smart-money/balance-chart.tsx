import { formatDate } from "../../domain/dates.ts";
import { formatWithSymbol } from "../../domain/money/amount.ts";
import type { SmartAsset } from "../../domain/smart-money/transfers.ts";
import { Table, Td, Th } from "../table.tsx";

export interface BalancePoint {
  day: string;
  balanceMinor: string;
}

const W = 640;
const H = 200;

/**
 * An address's balance by day, drawn as SVG on the server (it shows without JavaScript), like the
 * portfolio's value chart. The drawing is for sighted readers; the table below has every point.
 */
export function BalanceChart({ points, asset }: { points: BalancePoint[]; asset: SmartAsset }) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const minors = points.map((p) => BigInt(p.balanceMinor));
  const max = minors.reduce((a, b) => (b > a ? b : a));
  const min = minors.reduce((a, b) => (b < a ? b : a));
  const span = max - min || 1n;
  const step = points.length > 1 ? W / (points.length - 1) : 0;
  // Coordinates only: the amounts themselves are never computed in floating point.
  const d = minors
    .map(
      (v, i) =>
        `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)},${(H - Number(((v - min) * 1000n) / span) * (H / 1000)).toFixed(1)}`,
    )
    .join(" ");
  const label = (v: bigint) => formatWithSymbol(v, asset, { decimals: asset === "BTC" ? 2 : 0 });
  return (
    <figure className="space-y-2" data-testid="balance-chart" data-points={points.length}>
      <figcaption className="sr-only">
        Balance from {formatDate(first.day)} to {formatDate(last.day)}; the table below lists every point.
      </figcaption>
      <div aria-hidden="true" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex h-44 flex-col justify-between text-right text-xs text-muted sm:h-52">
          <span>{label(max)}</span>
          <span>{label(min)}</span>
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-44 w-full overflow-visible sm:h-52"
          role="presentation"
        >
          {[0, H].map((y) => (
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
          <path
            d={d}
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

/** The chart's text alternative, collapsed until asked for (works without JavaScript). */
export function BalanceTable({ points, asset }: { points: BalancePoint[]; asset: SmartAsset }) {
  return (
    <details className="rounded-md border border-line">
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-ink hover:text-brand">
        Show the chart's figures as a table ({points.length} days)
      </summary>
      <Table caption="Balance by day" className="border-t border-line">
        <thead>
          <tr>
            <Th className="px-2 sm:px-4">Day</Th>
            <Th className="px-2 text-right sm:px-4">Balance</Th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <Td className="px-2 text-xs whitespace-nowrap sm:px-4 sm:text-sm">{formatDate(p.day)}</Td>
              <Td className="px-2 text-right font-mono text-xs sm:px-4 sm:text-sm">
                {formatWithSymbol(BigInt(p.balanceMinor), asset)}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}

import { useId } from "react";
import type { Asset } from "~/domain/money/assets.ts";
import { formatShareBps } from "~/domain/portfolio/overview.ts";

/**
 * One colour per asset, the same on every chart of the portfolio. Mid-tones that read on the
 * light and the dark surface; the legend and the table beside the chart name every slice, so
 * colour is never the only way to tell them apart.
 */
export const ASSET_COLOURS: Readonly<Record<Asset, string>> = Object.freeze({
  USD: "#64748b",
  BTC: "#f7931a",
  ETH: "#6366f1",
  SOL: "#14b8a6",
  BNB: "#eab308",
  BCH: "#22c55e",
  TRX: "#ef4444",
  USDT: "#0ea5e9",
});

export interface AllocationSlice {
  asset: Asset;
  name: string;
  shareBps: bigint;
}

// A circle of circumference 100 draws each slice as a dash of its percentage.
const RADIUS = 100 / (2 * Math.PI);

/**
 * The allocation as a donut (an SVG drawn here, no chart library) with a legend. The SVG is one
 * image with its whole content in words (title and description); the legend repeats it as a list.
 */
export function AllocationChart({
  slices,
  caption,
}: {
  slices: readonly AllocationSlice[];
  caption: string;
}) {
  const id = useId();
  const shown = slices.filter((s) => s.shareBps > 0n);
  const description = shown.map((s) => `${s.name} ${formatShareBps(s.shareBps)}`).join(", ");
  let offset = 0;
  return (
    <figure className="flex flex-col items-center gap-6 sm:flex-row sm:items-center sm:gap-8">
      <div className="relative shrink-0">
        <svg
          viewBox="0 0 42 42"
          className="size-44 -rotate-90 sm:size-48"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{caption}</title>
          <desc id={`${id}-desc`}>{description || "Nothing with a value yet."}</desc>
          <circle cx="21" cy="21" r={RADIUS} fill="none" className="stroke-subtle" strokeWidth="6" />
          {shown.map((s) => {
            const pct = Number(s.shareBps) / 100;
            const dash = (
              <circle
                key={s.asset}
                cx="21"
                cy="21"
                r={RADIUS}
                fill="none"
                stroke={ASSET_COLOURS[s.asset]}
                strokeWidth="6"
                strokeDasharray={`${pct} ${100 - pct}`}
                strokeDashoffset={-offset}
              />
            );
            offset += pct;
            return dash;
          })}
          {/* Thin gaps between slices, in the card's colour, so neighbours stay apart. */}
          {shown.length > 1
            ? shown.map((s, i) => {
                const at = shown.slice(0, i).reduce((sum, x) => sum + Number(x.shareBps) / 100, 0);
                return (
                  <circle
                    key={`gap-${s.asset}`}
                    cx="21"
                    cy="21"
                    r={RADIUS}
                    fill="none"
                    className="stroke-surface"
                    strokeWidth="6.2"
                    strokeDasharray="0.35 99.65"
                    strokeDashoffset={-at + 0.175}
                  />
                );
              })
            : null}
        </svg>
        <span aria-hidden="true" className="absolute inset-0 grid place-content-center text-center">
          <span className="text-2xl font-bold text-ink tabular-nums">{shown.length}</span>
          <span className="text-xs text-muted">{shown.length === 1 ? "asset" : "assets"}</span>
        </span>
      </div>
      <figcaption className="w-full min-w-0 sm:flex-1">
        <span className="sr-only">{caption}: </span>
        <ul className="grid gap-3">
          {shown.map((s) => (
            <li key={s.asset} className="flex items-center gap-3 text-sm">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm"
                style={{ backgroundColor: ASSET_COLOURS[s.asset] }}
              />
              <span className="w-32 min-w-0 shrink-0 truncate text-ink sm:w-40">
                {s.name} <span className="text-muted">{s.asset}</span>
              </span>
              {/* The share as a bar too: the same figure, easier to compare at a glance. */}
              <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-subtle">
                <span
                  className="block h-full rounded-full"
                  style={{ width: `${Number(s.shareBps) / 100}%`, backgroundColor: ASSET_COLOURS[s.asset] }}
                />
              </span>
              <span className="w-16 shrink-0 text-right font-semibold tabular-nums text-ink">
                {formatShareBps(s.shareBps)}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

import type { SetupChart as Chart } from "~/domain/research/setup-chart.ts";
import type { SetupStatusTone } from "~/domain/research/setup-rules.ts";
import { setupStatusTone } from "~/domain/research/setup-rules.ts";

/** Each tone's colour token, so the chart follows the theme (light or dark) like the badges. */
const toneColor: Readonly<Record<SetupStatusTone, string>> = Object.freeze({
  neutral: "var(--color-muted)",
  brand: "var(--color-brand)",
  positive: "var(--color-positive)",
  negative: "var(--color-negative)",
  warning: "var(--color-warning)",
});

/**
 * A setup's price chart as server-drawn SVG: the price line, the entry zone as a band, the stop and
 * targets as dashed lines labelled at the right, and a dot where each status changed. One image for
 * screen readers (`label`); the levels and the history are written out beside it.
 */
export function SetupChartSvg({ chart, label }: { chart: Chart; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="block h-auto w-full"
      role="img"
      aria-label={label}
      data-testid="setup-chart"
    >
      <rect
        x={0}
        y={chart.zone.y}
        width={chart.labelX - 4}
        height={chart.zone.height}
        fill="var(--color-brand)"
        opacity={0.2}
      />
      <text
        x={chart.labelX}
        y={chart.zone.y + chart.zone.height / 2 + 3}
        fontSize={9}
        fill="var(--color-muted)"
      >
        Entry
      </text>
      <line
        x1={0}
        x2={chart.labelX - 4}
        y1={chart.stopY}
        y2={chart.stopY}
        stroke="var(--color-negative)"
        strokeDasharray="4 3"
        strokeWidth={1}
      />
      <text x={chart.labelX} y={chart.stopY + 3} fontSize={9} fill="var(--color-negative)">
        Stop
      </text>
      {chart.targets.map((t) => (
        <g key={t.label}>
          <line
            x1={0}
            x2={chart.labelX - 4}
            y1={t.y}
            y2={t.y}
            stroke="var(--color-positive)"
            strokeDasharray="4 3"
            strokeWidth={1}
          />
          <text x={chart.labelX} y={t.y + 3} fontSize={9} fill="var(--color-positive)">
            {t.label}
          </text>
        </g>
      ))}
      <path d={chart.line} fill="none" stroke="var(--color-ink)" strokeWidth={1.4} strokeLinejoin="round" />
      {chart.events.map((e) => (
        <circle
          key={e.status}
          cx={e.x}
          cy={e.y}
          r={3.5}
          fill={toneColor[setupStatusTone(e.status)]}
          stroke="var(--color-surface)"
          strokeWidth={1.5}
        />
      ))}
    </svg>
  );
}

/**
 * A 7-day price line as inline SVG; green when the week ended up, red when down. Decorative: the
 * table has the numbers. Drawn in a 0–100 box stretched to its size, with whole-number
 * coordinates: the dashboard sends a hundred of these, and "M0 34 1 30 …" is a third of the bytes
 * of two-decimal pixel positions (ADR 0095).
 */
export function Sparkline({
  points,
  width = 120,
  height = 36,
}: {
  points: number[];
  width?: number;
  height?: number;
}) {
  if (points.length < 2) return <span className="text-muted">—</span>;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  // x is the point's index; y runs 94 (lowest) to 6 (highest), a margin for the stroke.
  const path = `M${points.map((p, i) => `${i} ${Math.round(94 - ((p - min) / span) * 88)}`).join(" ")}`;
  const up = (points.at(-1) ?? 0) >= (points[0] ?? 0);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${points.length - 1} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className="block"
    >
      <path
        d={path}
        fill="none"
        stroke={up ? "var(--color-positive)" : "var(--color-negative)"}
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

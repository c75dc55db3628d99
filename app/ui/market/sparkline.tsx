/** A 7-day price line as inline SVG; green when the week ended up, red when down. Decorative: the table has the numbers. */
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
  const step = width / (points.length - 1);
  const path = points
    .map(
      (p, i) =>
        `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)},${(height - 2 - ((p - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join("");
  const up = (points.at(-1) ?? 0) >= (points[0] ?? 0);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className="block"
    >
      <path
        d={path}
        fill="none"
        stroke={up ? "var(--color-positive)" : "var(--color-negative)"}
        strokeWidth="1.5"
      />
    </svg>
  );
}

/** Display formatting for market figures (pure; server and browser). Money math never uses these. */

export function formatUsd(
  value: string | number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (value == null || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  if (options.compact) {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      notation: "compact",
      maximumFractionDigits: 2,
    }).format(n);
  }
  const abs = Math.abs(n);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 2 : abs >= 0.01 ? 4 : abs >= 0.0001 ? 6 : 8;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: abs >= 1 ? 2 : Math.min(digits, 4),
    maximumFractionDigits: digits,
  }).format(n);
}

export function formatPercent(value: number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value == null || !Number.isFinite(value)) return "—";
  const text = `${Math.abs(value).toFixed(2)}%`;
  if (!options.signed) return `${value < 0 ? "-" : ""}${text}`;
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${text}`;
}

export function formatNumber(
  value: number | string | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (value == null || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  return new Intl.NumberFormat(
    "en-US",
    options.compact ? { notation: "compact", maximumFractionDigits: 2 } : { maximumFractionDigits: 2 },
  ).format(n);
}

/** An expense ratio in basis points as a percentage with two decimals: 25 → "0.25%", 150 → "1.50%". */
export function formatExpenseRatio(bps: number): string {
  if (!Number.isInteger(bps) || bps < 0) return "—";
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}%`;
}

/** "5 minutes ago", from two instants (the caller passes `now` so server and browser agree). */
export function timeAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const units: [number, string][] = [
    [86_400 * 365, "year"],
    [86_400 * 30, "month"],
    [86_400 * 7, "week"],
    [86_400, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "just now";
}

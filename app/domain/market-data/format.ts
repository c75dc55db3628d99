/** Display formatting for market figures (pure; server and browser). Money math never uses these. */

// Made once: building an Intl.NumberFormat costs far more than formatting with one, and the
// dashboard's screener formats 300 figures while it hydrates (ADR 0095). Never changed.
const usd = (min: number, max: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  });
const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 2,
});
const usdCents = usd(2, 2);
const usd4 = usd(4, 4);
const usd6 = usd(4, 6);
const usd8 = usd(4, 8);

export function formatUsd(
  value: string | number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (value == null || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  if (options.compact) return usdCompact.format(n);
  // Two decimals from $1 up; smaller prices keep enough digits to differ (four to eight).
  const abs = Math.abs(n);
  const format = abs >= 1 ? usdCents : abs >= 0.01 ? usd4 : abs >= 0.0001 ? usd6 : usd8;
  return format.format(n);
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

/** Display formatting for market figures (pure; server and browser). Money math never uses these. */

// The formatters, made once: `new Intl.NumberFormat` costs tens of microseconds, and the dashboard's
// screener formats three figures for each of its 100 coins on every render (the largest cost of
// its page in the mixed-load profile, ADR 0093). A formatter holds no state between calls.
const usd = (minimumFractionDigits: number, maximumFractionDigits: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits,
    maximumFractionDigits,
  });
const USD_COMPACT = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 2,
});
const USD_CENTS = usd(2, 2);
const USD_4 = usd(4, 4);
const USD_6 = usd(4, 6);
const USD_8 = usd(4, 8);
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const NUMBER_COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });

export function formatUsd(
  value: string | number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (value == null || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  if (options.compact) return USD_COMPACT.format(n);
  // Two decimals from 1 USD up; smaller prices keep four to eight, so a fraction of a cent shows.
  const abs = Math.abs(n);
  const format = abs >= 1 ? USD_CENTS : abs >= 0.01 ? USD_4 : abs >= 0.0001 ? USD_6 : USD_8;
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
  return (options.compact ? NUMBER_COMPACT : NUMBER).format(n);
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

import { formatDateTime } from "~/domain/dates.ts";

/**
 * "as of 25 Nov 2026, 05:12 UTC", in the one date format (app/domain/dates.ts). Plain TypeScript
 * (no React): the landing page's script (app/islands/) formats live prices with it too.
 */
export function asOfText(iso: string | null) {
  if (!iso) return "no data yet";
  return `as of ${formatDateTime(iso)}`;
}

/** The colour of a 24 h change: up, down, flat or unknown. */
export function changeToneClass(change: number | null): string {
  if (change == null || change === 0) return "text-muted";
  return change > 0 ? "text-positive" : "text-negative";
}

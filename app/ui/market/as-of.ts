/**
 * "as of 2026-11-25 05:12 UTC" — UTC so the server's and the browser's rendering agree. Plain
 * TypeScript (no React): the landing page's script (app/islands/) formats live prices with it too.
 */
export function asOfText(iso: string | null) {
  if (!iso) return "no data yet";
  const d = new Date(iso);
  const date = d.toISOString().slice(0, 10);
  const time = d.toISOString().slice(11, 16);
  return `as of ${date} ${time} UTC`;
}

/** The colour of a 24 h change: up, down, flat or unknown. */
export function changeToneClass(change: number | null): string {
  if (change == null || change === 0) return "text-muted";
  return change > 0 ? "text-positive" : "text-negative";
}

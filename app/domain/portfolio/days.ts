// UTC calendar days as "YYYY-MM-DD" strings: the unit of snapshots, daily closes and the FX of
// each day. Pure.

const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function epochDay(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return new Date((epochDay(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** A real calendar day written as YYYY-MM-DD ("2026-02-30" is not). */
export function isDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

/** Every day from `from` to `to`, both included (empty when `to` is earlier). */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

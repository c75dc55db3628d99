// The withdrawal address book, as the browser needs it (no server imports): how long a label may
// be, how an address is shortened, and when a new address becomes usable.

/** A saved address's label: 1 to this many characters (the database checks the same). */
export const ADDRESS_LABEL_MAX = 60;

/** "bc1qxy…x0wlh": enough of both ends to recognise an address. */
export function shortAddress(address: string): string {
  return address.length <= 16 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/** When an address typed now can be used, `hours` after `now`. */
export function usableFromNow(hours: number, now: number = Date.now()): Date {
  return new Date(now + hours * 3_600_000);
}

/** A time in the reader's own locale and time zone (in the browser: no forced timeZone). */
export function formatLocalTime(date: Date | string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(date));
}

/** "24 hours", "1 hour", "1 minute": the wait for a new address, in words. */
export function describeWait(hours: number): string {
  if (hours >= 1) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const minutes = Math.max(1, Math.ceil(hours * 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

// The one way dates are written on every page, e-mail and back-office screen:
// "25 Nov 2026" and "25 Nov 2026, 18:19 UTC". A month name never reads as a different day
// (unlike 05/11 in the US and in Europe); UTC so the server's and the browser's rendering agree
// (a page rendered in one time zone and hydrated in another would otherwise change under the
// reader). Written out by hand, not with Intl: Node's and a browser's locale data can differ.

const MONTHS = Object.freeze([
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
]);

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "25 Nov 2026" (a day such as "2026-11-25" is that day). An unreadable value is "—". */
export function formatDate(value: string | Date): string {
  const d = toDate(value);
  if (!d) return "—";
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "25 Nov 2026, 18:19 UTC". An unreadable value is "—". */
export function formatDateTime(value: string | Date): string {
  const d = toDate(value);
  if (!d) return "—";
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${formatDate(d)}, ${hh}:${mm} UTC`;
}

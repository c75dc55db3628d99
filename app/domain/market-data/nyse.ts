/**
 * NYSE trading hours: 09:30–16:00 New York time on weekdays that are not exchange holidays;
 * 13:00 closes on the day before Independence Day, the day after Thanksgiving and Christmas Eve.
 * Holidays follow the NYSE rules (Saturday holidays are observed on Friday, except New Year's
 * Day, which then is not observed at all; Sunday holidays move to Monday). Pure, testable.
 */

const dayMs = 86_400_000;

function utcDate(year: number, month: number, day: number) {
  return new Date(Date.UTC(year, month - 1, day));
}
function iso(date: Date) {
  return date.toISOString().slice(0, 10);
}
function addDays(date: Date, days: number) {
  return new Date(date.getTime() + days * dayMs);
}
function nthWeekday(year: number, month: number, weekday: number, n: number) {
  const first = utcDate(year, month, 1);
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return utcDate(year, month, 1 + offset + (n - 1) * 7);
}
function lastWeekday(year: number, month: number, weekday: number) {
  const last = utcDate(year, month + 1, 0);
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return addDays(last, -offset);
}
/** Anonymous Gregorian algorithm. */
function easterSunday(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDate(year, month, day);
}
function observed(date: Date): Date | null {
  const weekday = date.getUTCDay();
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

// Process-wide state (ADR 0064): a memo of each year's holidays, the same for every request. Only
// this module reads the cached maps; nyseHolidays hands out copies.
const holidayCache = new Map<number, ReadonlyMap<string, string>>();

/** The NYSE full-day holidays of a year, date → name: the caller's own copy. */
export function nyseHolidays(year: number): Map<string, string> {
  return new Map(holidaysOf(year));
}

function holidaysOf(year: number): ReadonlyMap<string, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const holidays = new Map<string, string>();
  const add = (date: Date | null, name: string) => {
    if (date && date.getUTCFullYear() === year) holidays.set(iso(date), name);
  };
  const newYear = utcDate(year, 1, 1);
  // A Saturday New Year's Day is not observed on the Friday before (NYSE Rule 7.2).
  if (newYear.getUTCDay() !== 6) add(observed(newYear), "New Year's Day");
  add(nthWeekday(year, 1, 1, 3), "Martin Luther King Jr. Day");
  add(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  add(addDays(easterSunday(year), -2), "Good Friday");
  add(lastWeekday(year, 5, 1), "Memorial Day");
  if (year >= 2022) add(observed(utcDate(year, 6, 19)), "Juneteenth");
  add(observed(utcDate(year, 7, 4)), "Independence Day");
  add(nthWeekday(year, 9, 1, 1), "Labor Day");
  add(nthWeekday(year, 11, 4, 4), "Thanksgiving Day");
  add(observed(utcDate(year, 12, 25)), "Christmas Day");
  holidayCache.set(year, holidays);
  return holidays;
}

/** Early (13:00) closes of a year, as ISO dates. */
export function nyseEarlyCloses(year: number): Set<string> {
  const days = new Set<string>();
  const july3 = utcDate(year, 7, 3);
  if (july3.getUTCDay() >= 1 && july3.getUTCDay() <= 4) days.add(iso(july3));
  days.add(iso(addDays(nthWeekday(year, 11, 4, 4), 1)));
  const christmasEve = utcDate(year, 12, 24);
  if (christmasEve.getUTCDay() >= 1 && christmasEve.getUTCDay() <= 4) days.add(iso(christmasEve));
  return days;
}

const newYorkParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The New York calendar date (YYYY-MM-DD) and minutes since midnight of an instant. */
export function newYorkTime(instant: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(newYorkParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether the exchange trades on a New York calendar date. */
export function isNyseTradingDay(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(d.getUTCFullYear()).has(date);
}

export type MarketStatus = { open: true; closesAt: string } | { open: false; reason: string };

export function nyseStatus(instant: Date): MarketStatus {
  const { date, minutes } = newYorkTime(instant);
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return { open: false, reason: "weekend" };
  const holiday = holidaysOf(d.getUTCFullYear()).get(date);
  if (holiday) return { open: false, reason: holiday };
  const close = nyseEarlyCloses(d.getUTCFullYear()).has(date) ? 13 * 60 : 16 * 60;
  if (minutes < 9 * 60 + 30) return { open: false, reason: "before the opening bell" };
  if (minutes >= close) return { open: false, reason: "after the closing bell" };
  return { open: true, closesAt: close === 13 * 60 ? "13:00" : "16:00" };
}

/** The last `count` NYSE trading days up to and including `until` (a New York date), oldest first. */
export function recentTradingDays(until: string, count: number): string[] {
  const days: string[] = [];
  let cursor = new Date(`${until}T00:00:00Z`);
  while (days.length < count) {
    const day = iso(cursor);
    if (isNyseTradingDay(day)) days.push(day);
    cursor = addDays(cursor, -1);
  }
  return days.reverse();
}

// Recurring buys (DCA, ADR 0076). Pure: the page and the run job share these rules. Dates are UTC
// calendar dates as "YYYY-MM-DD" text: a plan runs on a date, whatever the hour, so no time zone
// or daylight-saving change can make it run twice or not at all.
import { formatAmount } from "../money/amount.ts";
import { positiveAmountSchema } from "../money/amount-schema.ts";
import { SWAP_CURRENCIES, type SwapCurrency } from "../swap/rules.ts";

export const FREQUENCIES = Object.freeze(["daily", "weekly", "monthly"] as const);
export type Frequency = (typeof FREQUENCIES)[number];

export const PAY_ASSETS = Object.freeze(["USD", "USDT"] as const);
export type PayAsset = (typeof PAY_ASSETS)[number];

/** What a plan can buy: every swap currency except the two it pays with. */
export const BUY_ASSETS = Object.freeze(
  SWAP_CURRENCIES.filter((c) => c !== "USD" && c !== "USDT"),
) as readonly Exclude<SwapCurrency, PayAsset>[];
export type BuyAsset = (typeof BUY_ASSETS)[number];

export const WEEKDAYS = Object.freeze([
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const);

/** The longest plan a member can set by number of buys (the table's check says the same). */
export const MAX_RUNS = 1000;

export interface Schedule {
  frequency: Frequency;
  /** Weekly: 1 (Monday) to 7 (Sunday); monthly: 1 to 28 (every month has it); daily: null. */
  runDay: number | null;
}

// ---------------------------------------------------------------------------------------------
// Dates

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): { y: number; m: number; d: number } {
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const back = new Date(Date.UTC(y, m - 1, d));
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    throw new RangeError(`not a date: ${date}`);
  return { y, m, d };
}

export function isDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    parts(value);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const fromUtc = (t: Date) =>
  `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;

/** The UTC date of an instant. */
export function utcDate(now: Date): string {
  return fromUtc(now);
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = parts(date);
  return fromUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: string): number {
  const { y, m, d } = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date on or after `from` that the schedule runs on. */
export function firstRunOnOrAfter(schedule: Schedule, from: string): string {
  if (schedule.frequency === "daily") return addDays(from, 0);
  if (schedule.frequency === "weekly") {
    const day = schedule.runDay ?? 1;
    return addDays(from, (day - isoWeekday(from) + 7) % 7);
  }
  const day = schedule.runDay ?? 1;
  const { y, m, d } = parts(from);
  // runDay is at most 28, so the day exists in every month: no month end or leap day to clamp.
  const month = d <= day ? m - 1 : m;
  return fromUtc(new Date(Date.UTC(y, month, day)));
}

/** Whether a plan that would next run on `next` has reached its end (a date or a number of buys). */
export function isFinished(
  plan: { endOn: string | null; maxRuns: number | null; runsDone: number },
  next: string,
) {
  if (plan.maxRuns !== null && plan.runsDone >= plan.maxRuns) return true;
  return plan.endOn !== null && next > plan.endOn;
}

/**
 * After the run due on `runOn` was handled on `today` (≥ runOn): the next date and whether the plan
 * is finished. A date missed while no server ran is not caught up: the next run is the first
 * scheduled date after today, so a member never gets several buys at once.
 */
export function advancePlan(
  plan: Schedule & { endOn: string | null; maxRuns: number | null; runsDone: number },
  runOn: string,
  today: string,
  bought: boolean,
): { nextRunOn: string; runsDone: number; finished: boolean } {
  const runsDone = plan.runsDone + (bought ? 1 : 0);
  const nextRunOn = firstRunOnOrAfter(plan, addDays(today > runOn ? today : runOn, 1));
  return { nextRunOn, runsDone, finished: isFinished({ ...plan, runsDone }, nextRunOn) };
}

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

/** "30 Nov 2026". */
export function formatDate(date: string): string {
  const { y, m, d } = parts(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** "Every day", "Every Monday", "On the 15th of every month". */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.frequency === "daily") return "Every day";
  if (schedule.frequency === "weekly") return `Every ${WEEKDAYS[(schedule.runDay ?? 1) - 1]}`;
  return `On the ${ordinal(schedule.runDay ?? 1)} of every month`;
}

/** "50.00 USD". */
export function formatPay(minor: bigint, asset: PayAsset): string {
  return `${formatAmount(minor, asset, { grouping: true, minDecimals: 2 })} ${asset}`;
}

/** The confirmation's one sentence: exactly what will happen, from when, until when. */
export function describePlan(plan: {
  schedule: Schedule;
  asset: string;
  payAsset: PayAsset;
  amountMinor: bigint;
  ledger: "real" | "demo";
  firstRunOn: string;
  endOn: string | null;
  maxRuns: number | null;
}): string {
  const account = plan.ledger === "demo" ? "your demo account (virtual funds)" : "your real account";
  const end =
    plan.maxRuns !== null
      ? `, for ${plan.maxRuns} ${plan.maxRuns === 1 ? "buy" : "buys"}`
      : plan.endOn !== null
        ? `, until ${formatDate(plan.endOn)}`
        : ", until you pause or cancel it";
  return `${describeSchedule(plan.schedule)}, buy ${plan.asset} with ${formatPay(plan.amountMinor, plan.payAsset)} from ${account}, starting ${formatDate(plan.firstRunOn)}${end}.`;
}

// ---------------------------------------------------------------------------------------------
// The form

export const recurringMessages = Object.freeze({
  asset: "Choose the coin to buy.",
  payAsset: "Choose USD or USDT to pay with.",
  amountRequired: "Enter the amount to spend on each buy.",
  amountPositive: "The amount must be greater than zero.",
  frequency: "Choose how often to buy.",
  weekday: "Choose the day of the week.",
  monthDay: "Choose a day of the month from 1 to 28.",
  endDate: "Enter an end date such as 2027-06-30.",
  endBeforeStart: (first: string) => `The end date must be on or after the first buy (${formatDate(first)}).`,
  maxRuns: `Enter a number of buys from 1 to ${MAX_RUNS}.`,
  endChoice: "Choose an end date or a number of buys, not both.",
  notFound: "That recurring buy was not found.",
  notActive: "Only an active recurring buy can be paused.",
  notPaused: "Only a paused recurring buy can be resumed.",
  ended: "This recurring buy has ended and cannot be changed.",
  unexpected: "An error occurred. Please try again.",
} as const);

export type PlanField = "asset" | "payAsset" | "amount" | "frequency" | "runDay" | "endOn" | "maxRuns";

export interface PlanInput {
  asset: BuyAsset;
  payAsset: PayAsset;
  amountMinor: bigint;
  schedule: Schedule;
  endOn: string | null;
  maxRuns: number | null;
  firstRunOn: string;
}

export type PlanValidation =
  | { ok: true; plan: PlanInput }
  | { ok: false; errors: Partial<Record<PlanField, string>> };

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The create/edit form → a plan, or a message beside each field that is wrong. */
export function validatePlanForm(form: Record<string, unknown>, today: string): PlanValidation {
  const errors: Partial<Record<PlanField, string>> = {};
  const asset = text(form.asset);
  if (!(BUY_ASSETS as readonly string[]).includes(asset)) errors.asset = recurringMessages.asset;
  const payAsset = text(form.payAsset);
  const payOk = (PAY_ASSETS as readonly string[]).includes(payAsset);
  if (!payOk) errors.payAsset = recurringMessages.payAsset;
  let amountMinor = 0n;
  const amount = positiveAmountSchema(payOk ? (payAsset as PayAsset) : "USD", {
    required: recurringMessages.amountRequired,
    zero: recurringMessages.amountPositive,
    negative: recurringMessages.amountPositive,
  }).safeParse(form.amount);
  if (amount.success) amountMinor = amount.data;
  else errors.amount = amount.error.issues[0]?.message ?? recurringMessages.amountRequired;
  const frequency = text(form.frequency);
  let runDay: number | null = null;
  if (!(FREQUENCIES as readonly string[]).includes(frequency)) errors.frequency = recurringMessages.frequency;
  else if (frequency === "weekly") {
    runDay = Number(text(form.weekday));
    if (!Number.isInteger(runDay) || runDay < 1 || runDay > 7) errors.runDay = recurringMessages.weekday;
  } else if (frequency === "monthly") {
    runDay = Number(text(form.monthDay));
    if (!/^\d{1,2}$/.test(text(form.monthDay)) || runDay < 1 || runDay > 28)
      errors.runDay = recurringMessages.monthDay;
  }
  const schedule: Schedule = { frequency: frequency as Frequency, runDay };
  const firstRunOn = errors.frequency || errors.runDay ? today : firstRunOnOrAfter(schedule, today);
  const endText = text(form.endOn);
  const runsText = text(form.maxRuns);
  let endOn: string | null = null;
  let maxRuns: number | null = null;
  if (endText && runsText) errors.endOn = recurringMessages.endChoice;
  else if (endText) {
    if (!isDate(endText)) errors.endOn = recurringMessages.endDate;
    else if (endText < firstRunOn) errors.endOn = recurringMessages.endBeforeStart(firstRunOn);
    else endOn = endText;
  } else if (runsText) {
    maxRuns = Number(runsText);
    if (!/^\d{1,4}$/.test(runsText) || maxRuns < 1 || maxRuns > MAX_RUNS)
      errors.maxRuns = recurringMessages.maxRuns;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    plan: {
      asset: asset as BuyAsset,
      payAsset: payAsset as PayAsset,
      amountMinor,
      schedule,
      endOn,
      maxRuns,
      firstRunOn,
    },
  };
}

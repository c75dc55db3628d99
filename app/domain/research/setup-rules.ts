// Trading setups (issue 18): what an analyst may publish, and how a published setup's status follows
// the price feed by itself. Pure — the studio's form validates with the same schema in the browser
// and in its action, and the server's advanceSetups (setups.server.ts) runs the same state machine.
// Prices are decimal text compared exactly (scaled bigints), never as floats: a price exactly at a
// level must count as at the level.
import { deepFreeze } from "../freeze.ts";
import { trackedSymbols } from "../market-data/types.ts";
import { type Decimal, formatDecimal, safeParseDecimal } from "../money/decimal.ts";
import { z } from "../zod.ts";

export const SETUP_SIDES = Object.freeze(["long", "short"] as const);
export type SetupSide = (typeof SETUP_SIDES)[number];

/** The chart period the setup is read on; it says how long the idea is meant to take, not when it ends. */
export const SETUP_TIMEFRAMES = Object.freeze(["1h", "4h", "1d", "1w"] as const);
export type SetupTimeframe = (typeof SETUP_TIMEFRAMES)[number];

/** Tracked coins a setup can be on: every coin with a price feed except the dollar-pegged USDT. */
export const SETUP_ASSETS = Object.freeze(trackedSymbols.filter((s) => s !== "USDT"));

export const SETUP_STATUSES = Object.freeze([
  "waiting",
  "triggered",
  "target_1",
  "target_2",
  "target_3",
  "stopped",
  "expired",
] as const);
export type SetupStatus = (typeof SETUP_STATUSES)[number];

/** Statuses the price can still move (the database's partial index trading_setups_live_idx). */
export const LIVE_SETUP_STATUSES = Object.freeze(["waiting", "triggered", "target_1", "target_2"] as const);

export const MAX_EXPIRY_DAYS = 90;
export const MAX_TARGETS = 3;
/** numeric(38, 18): 20 digits before the point, 18 after. */
const MAX_DECIMALS = 18;
const MAX_WHOLE_DIGITS = 20;

export const setupMessages = deepFreeze({
  asset: `Choose the asset: ${SETUP_ASSETS.join(", ")}.`,
  side: "Choose long or short.",
  timeframe: `Choose the timeframe: ${SETUP_TIMEFRAMES.join(", ")}.`,
  expiryDays: `Expiry is a whole number of days from 1 to ${MAX_EXPIRY_DAYS}.`,
  price: "Enter a price such as 29800 or 0.0512.",
  priceRequired: {
    entryLow: "Enter the bottom of the entry zone.",
    entryHigh: "Enter the top of the entry zone.",
    stop: "Enter the stop.",
    target1: "Enter at least one target.",
  },
  priceZero: "A price must be above zero.",
  priceDecimals: `A price has at most ${MAX_DECIMALS} decimals.`,
  priceTooLarge: "That price is too large.",
  zoneOrder: "The top of the entry zone must be at or above its bottom.",
  targetGap: "Fill in the targets in order: leave no gap before this one.",
  long: {
    stop: "For a long, the stop must be below the entry zone.",
    target: "For a long, each target must be above the entry zone.",
    order: "Each target must be above the one before it.",
  },
  short: {
    stop: "For a short, the stop must be above the entry zone.",
    target: "For a short, each target must be below the entry zone.",
    order: "Each target must be below the one before it.",
  },
});

/** a − b's sign, exactly, whatever each one's number of decimals. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = a.digits * 10n ** BigInt(scale - a.scale);
  const y = b.digits * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function price(text: string): Decimal {
  const decimal = safeParseDecimal(text);
  if (!decimal) throw new TypeError(`not a price: ${text}`);
  return decimal;
}

/** A price field's refusal, or null when it is a plain decimal above zero that fits numeric(38, 18). */
export function priceProblem(text: string): string | null {
  const decimal = safeParseDecimal(text);
  if (!decimal) return setupMessages.price;
  if (decimal.digits === 0n) return setupMessages.priceZero;
  if (decimal.scale > MAX_DECIMALS) return setupMessages.priceDecimals;
  const whole = decimal.digits / 10n ** BigInt(decimal.scale);
  if (whole.toString().length > MAX_WHOLE_DIGITS) return setupMessages.priceTooLarge;
  return null;
}

/** The levels as stored: canonical decimal text ("29800.50" → "29800.5"). */
export interface SetupLevels {
  side: SetupSide;
  entryLow: string;
  entryHigh: string;
  stop: string;
  /** One to three, in the order the price reaches them. */
  targets: readonly string[];
}

export interface SetupDetails extends SetupLevels {
  asset: (typeof SETUP_ASSETS)[number];
  timeframe: SetupTimeframe;
  /** Days after publishing that a setup not yet triggered expires. */
  expiryDays: number;
}

/** The form's field names: three target fields, since a form posts each name once (domain/forms.ts). */
export type SetupField =
  | "asset"
  | "side"
  | "entryLow"
  | "entryHigh"
  | "stop"
  | "target1"
  | "target2"
  | "target3"
  | "timeframe"
  | "expiryDays";

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional().default(""));

/**
 * A setup's details as the studio's form submits them (every value a string; empty target fields
 * are left out), checked field by field and then against each other; the output is SetupDetails
 * with canonical prices. Messages are keyed by the form's field names (fieldErrors in domain/forms.ts).
 */
export const setupDetailsSchema = z
  .object({
    asset: text,
    side: text,
    entryLow: text,
    entryHigh: text,
    stop: text,
    target1: text,
    target2: text,
    target3: text,
    timeframe: text,
    expiryDays: text,
  })
  .superRefine((v, ctx) => {
    const fail = (path: SetupField, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!(SETUP_ASSETS as readonly string[]).includes(v.asset)) fail("asset", setupMessages.asset);
    if (!(SETUP_SIDES as readonly string[]).includes(v.side)) fail("side", setupMessages.side);
    if (!(SETUP_TIMEFRAMES as readonly string[]).includes(v.timeframe))
      fail("timeframe", setupMessages.timeframe);
    if (!/^\d{1,2}$/.test(v.expiryDays) || Number(v.expiryDays) < 1 || Number(v.expiryDays) > MAX_EXPIRY_DAYS)
      fail("expiryDays", setupMessages.expiryDays);
    const fields = ["entryLow", "entryHigh", "stop", "target1", "target2", "target3"] as const;
    let pricesOk = true;
    for (const field of fields) {
      const value = v[field];
      if (value === "") {
        if (field in setupMessages.priceRequired) {
          fail(field, setupMessages.priceRequired[field as keyof typeof setupMessages.priceRequired]);
          pricesOk = false;
        }
        continue;
      }
      const problem = priceProblem(value);
      if (problem) {
        fail(field, problem);
        pricesOk = false;
      }
    }
    if (v.target3 !== "" && v.target2 === "") {
      fail("target3", setupMessages.targetGap);
      pricesOk = false;
    }
    // The levels against each other only once each one is a price, and the side is known.
    if (!pricesOk || (v.side !== "long" && v.side !== "short")) return;
    const targets = [v.target1, v.target2, v.target3].filter((t) => t !== "");
    for (const problem of levelProblems({ ...v, side: v.side, targets }))
      fail(problem.field, problem.message);
  })
  .transform(
    (v): SetupDetails => ({
      asset: v.asset as SetupDetails["asset"],
      side: v.side as SetupSide,
      entryLow: canonical(v.entryLow),
      entryHigh: canonical(v.entryHigh),
      stop: canonical(v.stop),
      targets: [v.target1, v.target2, v.target3].filter((t) => t !== "").map(canonical),
      timeframe: v.timeframe as SetupTimeframe,
      expiryDays: Number(v.expiryDays),
    }),
  );

const canonical = (value: string) => formatDecimal(price(value));

/** SetupDetails back to the form's fields, for editing a draft. */
export function setupFormValues(details: SetupDetails): Record<SetupField, string> {
  return {
    asset: details.asset,
    side: details.side,
    entryLow: details.entryLow,
    entryHigh: details.entryHigh,
    stop: details.stop,
    target1: details.targets[0] ?? "",
    target2: details.targets[1] ?? "",
    target3: details.targets[2] ?? "",
    timeframe: details.timeframe,
    expiryDays: String(details.expiryDays),
  };
}

/**
 * What is wrong with a setup's levels (empty when they make sense). Long: stop < entry low ≤ entry
 * high < target 1 < target 2 < target 3. Short: the mirror, stop above and targets falling.
 */
export function levelProblems(levels: SetupLevels): { field: SetupField; message: string }[] {
  const problems: { field: SetupField; message: string }[] = [];
  const low = price(levels.entryLow);
  const high = price(levels.entryHigh);
  const rules = levels.side === "long" ? setupMessages.long : setupMessages.short;
  // Long: a level "beyond" another is above it; short: below it.
  const beyond = (a: Decimal, b: Decimal) => compareDecimals(a, b) === (levels.side === "long" ? 1 : -1);
  if (compareDecimals(low, high) > 0) problems.push({ field: "entryHigh", message: setupMessages.zoneOrder });
  const [near, far] = levels.side === "long" ? [low, high] : [high, low];
  if (!beyond(near, price(levels.stop))) problems.push({ field: "stop", message: rules.stop });
  if (levels.targets.length < 1 || levels.targets.length > MAX_TARGETS)
    problems.push({ field: "target1", message: setupMessages.priceRequired.target1 });
  levels.targets.forEach((target, i) => {
    const field = `target${i + 1}` as SetupField;
    const value = price(target);
    const previous = levels.targets[i - 1];
    if (!beyond(value, far)) problems.push({ field, message: rules.target });
    else if (previous !== undefined && !beyond(value, price(previous)))
      problems.push({ field, message: rules.order });
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The state machine.

export interface SetupState extends SetupLevels {
  status: SetupStatus;
  /** The feed price when published: which side of the entry zone the price started from. */
  publishedPrice: string;
  expiresAt: Date;
}

export interface PriceObservation {
  price: string;
  at: Date;
}

export interface SetupChange {
  status: SetupStatus;
  price: string;
  at: Date;
}

/** Target n's status (1-based). */
const targetStatus = (n: number) => `target_${n}` as SetupStatus;

/** How many targets a status means were reached (0 for waiting and triggered). */
export function targetsReached(status: SetupStatus): number {
  const match = /^target_(\d)$/.exec(status);
  return match ? Number(match[1]) : 0;
}

/** Stopped, expired, or the last target reached: nothing moves the setup any more. */
export function isFinalStatus(status: SetupStatus, targetCount: number): boolean {
  return status === "stopped" || status === "expired" || targetsReached(status) >= targetCount;
}

/** Where a price is against the entry zone: below it, in it (bounds included) or above it. */
function zoneSide(levels: SetupLevels, p: Decimal): -1 | 0 | 1 {
  if (compareDecimals(p, price(levels.entryLow)) < 0) return -1;
  if (compareDecimals(p, price(levels.entryHigh)) > 0) return 1;
  return 0;
}

/**
 * The status changes one price observation causes, in order (empty for none):
 * - waiting → expired once `at` is at or after expiresAt (before any trigger: a late price does not count);
 * - waiting → triggered when the price is in the entry zone (its bounds included), or on the other
 *   side of the zone from the published price — a price path is continuous, so it went through the
 *   zone between two observations (a gap);
 * - then, on the same price, every target it reached (exactly at a target counts), several at once
 *   after a jump, or stopped when it is at or beyond the stop; the last target, stopped and expired
 *   are final. A triggered setup does not expire: it runs to a target or the stop.
 */
export function setupChanges(setup: SetupState, observation: PriceObservation): SetupChange[] {
  const { status } = setup;
  if (isFinalStatus(status, setup.targets.length)) return [];
  const p = price(observation.price);
  const change = (next: SetupStatus): SetupChange => ({
    status: next,
    price: observation.price,
    at: observation.at,
  });
  const changes: SetupChange[] = [];
  if (status === "waiting") {
    if (observation.at.getTime() >= setup.expiresAt.getTime()) return [change("expired")];
    const now = zoneSide(setup, p);
    const start = zoneSide(setup, price(setup.publishedPrice));
    const entered = now === 0 || start === 0 || now === -start;
    if (!entered) return [];
    changes.push(change("triggered"));
  }
  const long = setup.side === "long";
  const reached = (level: string) => compareDecimals(p, price(level)) * (long ? 1 : -1) >= 0;
  let done = targetsReached(status);
  while (done < setup.targets.length && reached(setup.targets[done] as string)) {
    done += 1;
    changes.push(change(targetStatus(done)));
  }
  if (done >= setup.targets.length) return changes;
  // Targets lie beyond the entry zone and the stop before it, so one price never reaches both.
  const stopped = compareDecimals(p, price(setup.stop)) * (long ? -1 : 1) >= 0;
  if (stopped) changes.push(change("stopped"));
  return changes;
}

/** The board's words for each status. */
export function setupStatusLabel(status: SetupStatus): string {
  switch (status) {
    case "waiting":
      return "Waiting for entry";
    case "triggered":
      return "Triggered";
    case "stopped":
      return "Stopped out";
    case "expired":
      return "Expired";
    default:
      return `Target ${targetsReached(status)} hit`;
  }
}

export type SetupStatusTone = "neutral" | "brand" | "positive" | "negative" | "warning";

export function setupStatusTone(status: SetupStatus): SetupStatusTone {
  if (status === "triggered") return "brand";
  if (status === "stopped") return "negative";
  if (status === "expired") return "warning";
  return targetsReached(status) > 0 ? "positive" : "neutral";
}

/** When a setup published at `publishedAt` with `expiryDays` expires. */
export function setupExpiresAt(publishedAt: Date, expiryDays: number): Date {
  return new Date(publishedAt.getTime() + expiryDays * 86_400_000);
}

// Verification tiers and limits (issue 20, ADR 0082), pure: what each tier needs, the operator's
// limits (US cents per 24 h and per 30 days, for deposits and withdrawals), the defaults used until
// the operator sets them, what is left, and the words of a refusal. Importable by the browser.
import { formatWithSymbol } from "../money/amount.ts";
import { z } from "../zod.ts";
import { isCountryCode } from "./countries.ts";

export const TIERS = Object.freeze([0, 1, 2] as const);
export type Tier = (typeof TIERS)[number];
export type LimitFlow = "deposit" | "withdrawal";
export type LimitWindow = "day" | "month";

export const WINDOW_HOURS: Readonly<Record<LimitWindow, number>> = Object.freeze({ day: 24, month: 24 * 30 });
export const WINDOW_WORDS: Readonly<Record<LimitWindow, string>> = Object.freeze({
  day: "24 hours",
  month: "30 days",
});

/** One tier's limits in US cents. */
export interface TierLimits {
  depositDay: bigint;
  depositMonth: bigint;
  withdrawalDay: bigint;
  withdrawalMonth: bigint;
}
export type Limits = Readonly<Record<Tier, Readonly<TierLimits>>>;

const usd = (dollars: number) => BigInt(dollars) * 100n;

/**
 * What applies until the operator sets its own (back office, Verification): an e-mail-only member
 * may deposit what a first-time buyer plausibly sends and withdraw a modest amount; declared
 * details raise both; a reviewed identity raises them to what a retail platform allows.
 */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  0: Object.freeze({
    depositDay: usd(25_000),
    depositMonth: usd(50_000),
    withdrawalDay: usd(5_000),
    withdrawalMonth: usd(20_000),
  }),
  1: Object.freeze({
    depositDay: usd(50_000),
    depositMonth: usd(200_000),
    withdrawalDay: usd(20_000),
    withdrawalMonth: usd(100_000),
  }),
  2: Object.freeze({
    depositDay: usd(1_000_000),
    depositMonth: usd(5_000_000),
    withdrawalDay: usd(250_000),
    withdrawalMonth: usd(1_000_000),
  }),
});

/** How long identity documents are kept after the review decided (five years, as AML rules ask). */
export const DEFAULT_RETENTION_DAYS = 1825;

export const TIER_NAMES: Readonly<Record<Tier, string>> = Object.freeze({
  0: "Tier 0 · e-mail confirmed",
  1: "Tier 1 · details",
  2: "Tier 2 · identity verified",
});

export const TIER_NEEDS: Readonly<Record<Tier, string>> = Object.freeze({
  0: "A confirmed e-mail address.",
  1: "Your full name, date of birth, address and country.",
  2: "A photo of an identity document and a selfie, checked by two of our staff.",
});

export function limitKey(flow: LimitFlow, window: LimitWindow): keyof TierLimits {
  return `${flow}${window === "day" ? "Day" : "Month"}` as keyof TierLimits;
}

export interface LimitUse {
  flow: LimitFlow;
  window: LimitWindow;
  limit: bigint;
  used: bigint;
}

/** What is left in a window (never below zero). */
export function remaining(use: Pick<LimitUse, "limit" | "used">): bigint {
  return use.limit > use.used ? use.limit - use.used : 0n;
}

/** The tightest window: the one with the least left. */
export function tightest(uses: readonly LimitUse[]): LimitUse | undefined {
  return [...uses].sort((a, b) =>
    remaining(a) < remaining(b) ? -1 : remaining(a) > remaining(b) ? 1 : 0,
  )[0];
}

/** The first window `value` would go over, or undefined when it fits every window. */
export function exceeded(uses: readonly LimitUse[], value: bigint): LimitUse | undefined {
  return uses.find((use) => use.used + value > use.limit);
}

/** How to raise the limit from `tier`, in words. */
export function howToRaise(tier: Tier): string {
  if (tier === 0) return "Add your details in Settings → Verification to raise it.";
  if (tier === 1) return "Verify your identity in Settings → Verification to raise it.";
  return "Contact support if you need more.";
}

/** The refusal: the limit, what is used, and how to raise it. */
export function limitRefusal(use: LimitUse, tier: Tier): string {
  const flow = use.flow === "withdrawal" ? "withdrawal" : "deposit";
  return `This is over your ${flow} limit of ${formatWithSymbol(use.limit, "USD")} per ${WINDOW_WORDS[use.window]} (tier ${tier}): ${formatWithSymbol(use.used, "USD")} used, ${formatWithSymbol(remaining(use), "USD")} left. ${howToRaise(tier)}`;
}

export const verificationMessages = Object.freeze({
  fullName: "Enter your full name as on your identity document.",
  dateOfBirth: "Enter your date of birth.",
  adult: "You must be 18 or older to verify.",
  addressLine: "Enter your street address.",
  city: "Enter your town or city.",
  postalCode: "Enter your postal code (or “none”).",
  country: "Choose your country of residence.",
  blocked: "We cannot offer verification to residents of this country.",
  identity: "Attach a photo or scan of your passport, identity card or driving licence.",
  selfie: "Attach a selfie holding the same document.",
  reason: "Say why, so the member knows what to do.",
  alreadyPending: "Your documents are already waiting for review.",
  needTier1: "Add your details (tier 1) first.",
  alreadyTier2: "Your identity is already verified.",
  detailsLocked: "Your details were checked against your documents. Contact support to change them.",
  noPrice: "We cannot value this amount in USD right now, so we cannot check your limit. Try again soon.",
});

/** The note a chain deposit carries while it waits for the member's limit to allow it. */
export const WAITING_NOTE_PREFIX = "Waiting for verification, confirmed but not credited: ";

export function isWaitingForVerification(note: string | null | undefined): boolean {
  return Boolean(note?.startsWith(WAITING_NOTE_PREFIX));
}

/** Years between a date of birth (YYYY-MM-DD) and `today`. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age--;
  return age;
}

const text = (message: string, max = 200) => z.string().trim().min(1, message).max(max, message);

/** Tier 1: the member's declared details. Blocked countries and age are checked by the server. */
export const detailsSchema = z.object({
  fullName: text(verificationMessages.fullName, 120),
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, verificationMessages.dateOfBirth)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), verificationMessages.dateOfBirth),
  addressLine: text(verificationMessages.addressLine),
  city: text(verificationMessages.city, 100),
  postalCode: text(verificationMessages.postalCode, 20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isCountryCode(v), verificationMessages.country),
});
export type Details = z.infer<typeof detailsSchema>;

export const decisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({
    intent: z.enum(["reject", "resubmit"]),
    reason: z.string().trim().min(1, verificationMessages.reason).max(1000, verificationMessages.reason),
  }),
]);

/** Parses the operator's limits setting (US cents as text); anything missing or bad keeps the default. */
export function limitsOf(value: unknown): Limits {
  const out: Record<number, TierLimits> = {};
  const raw = (value && typeof value === "object" ? value : {}) as Record<string, Record<string, unknown>>;
  for (const tier of TIERS) {
    const given = raw[String(tier)] ?? {};
    const base = DEFAULT_LIMITS[tier];
    const pick = (key: keyof TierLimits) => {
      const v = given[key];
      return typeof v === "string" && /^\d{1,15}$/.test(v) ? BigInt(v) : base[key];
    };
    out[tier] = Object.freeze({
      depositDay: pick("depositDay"),
      depositMonth: pick("depositMonth"),
      withdrawalDay: pick("withdrawalDay"),
      withdrawalMonth: pick("withdrawalMonth"),
    });
  }
  return Object.freeze(out) as Limits;
}

/** The limits as stored (JSON: US cents as text). */
export function limitsToJson(limits: Limits): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const tier of TIERS) {
    const l = limits[tier];
    out[String(tier)] = {
      depositDay: l.depositDay.toString(),
      depositMonth: l.depositMonth.toString(),
      withdrawalDay: l.withdrawalDay.toString(),
      withdrawalMonth: l.withdrawalMonth.toString(),
    };
  }
  return out;
}

// The demo-trading leaderboard's rules (ADR 0084), shared by the page, the form's checks in the
// browser and the server: the periods, the display-name rules and every message. Pure.
import { z } from "../zod.ts";

export const LEADERBOARD_PERIODS = Object.freeze(["week", "month", "all"] as const);
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const PERIOD_LABELS: Readonly<Record<LeaderboardPeriod, string>> = Object.freeze({
  week: "This week",
  month: "This month",
  all: "All time",
});

/** How far back each period reaches from the moment the job runs; all time has no start. */
export const PERIOD_DAYS: Readonly<Record<LeaderboardPeriod, number | null>> = Object.freeze({
  week: 7,
  month: 30,
  all: null,
});

export function isLeaderboardPeriod(value: unknown): value is LeaderboardPeriod {
  return typeof value === "string" && (LEADERBOARD_PERIODS as readonly string[]).includes(value);
}

/** How many members the table lists; everyone else sees their own rank below it. */
export const TOP_SIZE = 100;

/** How often every server recomputes the standings (the job). */
export const RECOMPUTE_MINUTES = 15;

export const NAME_MIN = 3;
export const NAME_MAX = 24;

/**
 * Words a display name may not contain, folded (see nameKey): the operator's and staff's words, so
 * no member can pass for the company or its team. The operator's own brand name is added at run time.
 */
export const RESERVED_NAME_WORDS = Object.freeze([
  "coinlens",
  "admin",
  "administrator",
  "staff",
  "support",
  "moderator",
  "official",
  "analyst",
  "helpdesk",
  "security",
  "system",
]);

export const leaderboardMessages = Object.freeze({
  nameRequired: "Enter a display name.",
  nameLength: `Use ${NAME_MIN} to ${NAME_MAX} characters.`,
  nameCharacters: "Use letters, digits, spaces, dots, dashes and underscores only.",
  nameReserved: "This name could be mistaken for our staff or company. Please choose another.",
  nameTaken: "This display name is taken. Please choose another.",
  noDemoAccount: "Open a demo account first: the leaderboard ranks demo trading only.",
  joined: "You are on the leaderboard. Your rank appears after the next update.",
  renamed: "Your display name is changed.",
  left: "You have left the leaderboard. You are no longer listed.",
  staleForm: "This form has expired. Please reload the page and try again.",
  throttled: "Too many changes. Please wait a while and try again.",
});

/**
 * A name folded for comparison: lower case, letters and digits only ("Moon.Boy" and "moon boy"
 * are the same name), with look-alike digits read as the letters they imitate (0→o, 1→l, 3→e,
 * 4→a, 5→s, 7→t), so "C0inlens" is caught too.
 */
export function nameKey(name: string): string {
  const lookAlikes: Record<string, string> = { "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t" };
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "")
    .replace(/[013457]/g, (d) => lookAlikes[d] ?? d);
}

/** True when the name reads as the company's or its staff's. `extra` holds the operator's brand. */
export function isReservedName(name: string, extra: readonly string[] = []): boolean {
  const key = nameKey(name);
  const words = [...RESERVED_NAME_WORDS, ...extra.map(nameKey).filter((w) => w.length >= 3)];
  // "1" reads as "l" in the key, so "admin" is matched as typed and as folded.
  return words.some((w) => key.includes(nameKey(w)) || key.replace(/l/g, "i").includes(nameKey(w)));
}

/** The join/rename form: one field, checked the same in the browser and on the server. */
export const displayNameSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, leaderboardMessages.nameRequired)
    .min(NAME_MIN, leaderboardMessages.nameLength)
    .max(NAME_MAX, leaderboardMessages.nameLength)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, leaderboardMessages.nameCharacters)
    .refine((name) => nameKey(name).length >= NAME_MIN, leaderboardMessages.nameLength)
    .refine((name) => !isReservedName(name), leaderboardMessages.nameReserved),
});

/** A return in basis points as the page shows it: "+12.34%", "−5.00%", "0.00%". */
export function formatReturnBps(bps: number): string {
  const sign = bps > 0 ? "+" : bps < 0 ? "−" : "";
  const abs = Math.abs(bps);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}%`;
}

/**
 * Ranks by return, best first; equal returns share a rank (1, 2, 2, 4), listed among themselves by
 * who joined first. Pure, so the job and its tests agree.
 */
export function rankReturns<T extends { returnBps: number; joinedAt: Date; userId: string }>(
  rows: readonly T[],
): (T & { rank: number })[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.returnBps - a.returnBps ||
      a.joinedAt.getTime() - b.joinedAt.getTime() ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || (sorted[i - 1] as T).returnBps !== row.returnBps) rank = i + 1;
    return { ...row, rank };
  });
}

// Price alerts and watchlists: the form rules and the words (pure; the browser imports them). The
// firing itself is exact decimal comparison in SQL (run.server.ts); nothing here is money.
import { z } from "../zod.ts";

export const ALERT_KINDS = Object.freeze(["above", "below", "move24h"] as const);
export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertStatus = "active" | "paused" | "done";

/**
 * Alerts a member may keep (not done) when their plan grants no 'alerts:N' limit: the free plan's.
 * Premium's limit is the plan's own entitlement ('alerts:50' in the seed), ADR 0075.
 */
export const DEFAULT_ALERT_LIMIT = 5;
/** Named lists per member, and assets per list: enough for anyone, bounded against abuse. */
export const MAX_WATCHLISTS = 20;
export const MAX_WATCHLIST_ITEMS = 100;
/** The longest cool-down a repeating alert may have: one week (the column's check). */
export const MAX_COOLDOWN_MINUTES = 10_080;

export const alertMessages = Object.freeze({
  symbol: "Choose an asset.",
  kind: "Choose when to be alerted.",
  price: "Enter a price in USD, like 65000 or 0.25.",
  percent: "Enter a move between 0.1 and 100 %.",
  cooldown: `Enter a cool-down between 0 and ${MAX_COOLDOWN_MINUTES} minutes.`,
  limit: (limit: number) =>
    `You have ${limit} alerts, the most your plan allows. Delete one, or upgrade to Premium for more.`,
  unknownSymbol: "We have no price for that asset. Choose one from the list.",
});

export const watchlistMessages = Object.freeze({
  name: "Name the list (1 to 40 characters).",
  duplicate: "You already have a list with that name.",
  tooMany: `You can keep up to ${MAX_WATCHLISTS} lists.`,
  full: `A list holds up to ${MAX_WATCHLIST_ITEMS} assets.`,
  symbol: "Choose an asset.",
  unknownSymbol: "We have no price for that asset. Choose one from the list.",
});

/** A positive decimal with at most 18 places and 20 integer digits (numeric(38, 18)). */
const PRICE = /^(?:0|[1-9]\d{0,19})(?:\.\d{1,18})?$/;
const PERCENT = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,2})?$/;

function positive(text: string) {
  return /[1-9]/.test(text);
}

/** The create form, the same in the browser and the action. */
export const alertFormSchema = z
  .object({
    symbol: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,15}$/, alertMessages.symbol),
    kind: z.enum(ALERT_KINDS, { message: alertMessages.kind }),
    threshold: z.string().trim(),
    repeating: z.enum(["on", ""]).optional(),
    cooldownMinutes: z.string().trim().optional(),
    email: z.enum(["on", ""]).optional(),
    push: z.enum(["on", ""]).optional(),
  })
  .superRefine((form, ctx) => {
    const t = form.threshold.replace(/,/g, "");
    if (form.kind === "move24h") {
      if (!PERCENT.test(t) || !positive(t) || Number(t) < 0.1 || Number(t) > 100)
        ctx.addIssue({ code: "custom", path: ["threshold"], message: alertMessages.percent });
    } else if (!PRICE.test(t) || !positive(t)) {
      ctx.addIssue({ code: "custom", path: ["threshold"], message: alertMessages.price });
    }
    if (form.repeating === "on") {
      const c = form.cooldownMinutes ?? "";
      if (!/^\d{1,5}$/.test(c) || Number(c) > MAX_COOLDOWN_MINUTES)
        ctx.addIssue({ code: "custom", path: ["cooldownMinutes"], message: alertMessages.cooldown });
    }
  })
  .transform((form) => ({
    symbol: form.symbol,
    kind: form.kind,
    threshold: form.threshold.replace(/,/g, ""),
    repeating: form.repeating === "on",
    cooldownMinutes: form.repeating === "on" ? Number(form.cooldownMinutes) : 0,
    email: form.email === "on",
    push: form.push === "on",
  }));
export type AlertInput = z.output<typeof alertFormSchema>;

export const watchlistNameSchema = z
  .string()
  .trim()
  .min(1, watchlistMessages.name)
  .max(40, watchlistMessages.name);

/** "BTC above $70,000.00", "SOL moves 5% in 24 h". */
export function describeAlert(
  alert: { symbol: string; kind: AlertKind; threshold: string },
  formatUsd: (v: string) => string,
): string {
  if (alert.kind === "move24h") return `${alert.symbol} moves ${trimDecimal(alert.threshold)}% in 24 h`;
  return `${alert.symbol} ${alert.kind} ${formatUsd(alert.threshold)}`;
}

/** The notification's title when the alert fires, with the price that fired it. */
export function firedTitle(
  alert: { symbol: string; kind: AlertKind; threshold: string },
  at: { priceUsd: string; change24hPct: string | null },
  formatUsd: (v: string) => string,
): string {
  if (alert.kind === "move24h") {
    const change =
      at.change24hPct == null
        ? ""
        : ` (${Number(at.change24hPct) > 0 ? "+" : ""}${trimDecimal(at.change24hPct)}%)`;
    return `${alert.symbol} moved ${trimDecimal(alert.threshold)}% or more in 24 h${change}: ${formatUsd(at.priceUsd)}`;
  }
  return `${alert.symbol} is ${alert.kind} ${formatUsd(alert.threshold)}: now ${formatUsd(at.priceUsd)}`;
}

/** "5.00" → "5", "0.5000" → "0.5": a decimal string without trailing zeros. */
export function trimDecimal(text: string): string {
  if (!text.includes(".")) return text;
  return text.replace(/0+$/, "").replace(/\.$/, "");
}

/** What an /alerts or /watchlists form answers. */
export type FormAnswer = {
  ok: boolean;
  intent: string;
  /** Which list the answer is about (watchlist forms), so its errors show beside its own fields. */
  listId?: string;
  errors?: Partial<Record<string, string>>;
  message?: string;
};

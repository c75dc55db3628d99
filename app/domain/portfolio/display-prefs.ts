// The wallet's display choices — currency and hidden balances — remembered in a cookie so the
// server renders the page the way the member left it: no flash of the wrong currency or of a
// balance the member chose to hide. (Hiding is against shoulder-surfing, not a secret: the
// member's own figures are still in their page.) Parsed and written on the server.
import { type DisplayCurrency, isDisplayCurrency } from "./valuation.ts";

export interface DisplayPrefs {
  currency: DisplayCurrency;
  hidden: boolean;
}

export const DISPLAY_PREFS_COOKIE = "cl_display";
/** Frozen: it is shared by every request (ADR 0064). */
export const DEFAULT_DISPLAY_PREFS: Readonly<DisplayPrefs> = Object.freeze({
  currency: "USD",
  hidden: false,
});

/**
 * Reads the prefs from a Cookie header; anything unexpected falls back to the defaults. Always a
 * new object, never the shared default: a caller may change what it gets back.
 */
export function parseDisplayPrefs(cookieHeader: string | null): DisplayPrefs {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DISPLAY_PREFS_COOKIE}=`))
    ?.slice(DISPLAY_PREFS_COOKIE.length + 1);
  if (!raw) return { ...DEFAULT_DISPLAY_PREFS };
  const [currency, hidden] = raw.split(".");
  return {
    currency: isDisplayCurrency(currency) ? currency : DEFAULT_DISPLAY_PREFS.currency,
    hidden: hidden === "h",
  };
}

/** A year-long, httpOnly Set-Cookie value for the prefs. */
export function serializeDisplayPrefs(prefs: DisplayPrefs, options: { secure: boolean }): string {
  const value = `${prefs.currency}.${prefs.hidden ? "h" : "s"}`;
  return [
    `${DISPLAY_PREFS_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${365 * 24 * 3600}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

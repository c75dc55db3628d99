// The colour theme a person chose on this device (ADR 0068): "system" follows the operating
// system's light or dark setting, "light" and "dark" override it. Kept in a cookie so the server
// renders the page in the right theme from the first byte: no flash, no inline script.

export const themeChoices = Object.freeze(["system", "light", "dark"] as const);
export type ThemeChoice = (typeof themeChoices)[number];

export const THEME_COOKIE = "cl_theme";

export const themeLabels: Readonly<Record<ThemeChoice, string>> = Object.freeze({
  system: "System",
  light: "Light",
  dark: "Dark",
});

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (themeChoices as readonly string[]).includes(value);
}

/** The choice in a Cookie header; anything missing or unexpected is "system". */
export function parseTheme(cookieHeader: string | null): ThemeChoice {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${THEME_COOKIE}=`))
    ?.slice(THEME_COOKIE.length + 1);
  return isThemeChoice(raw) ? raw : "system";
}

/**
 * A year-long Set-Cookie value for the choice; "system" removes the cookie (the default needs
 * none). httpOnly: only the server reads it.
 */
export function serializeTheme(theme: ThemeChoice, options: { secure: boolean }): string {
  return [
    theme === "system" ? `${THEME_COOKIE}=` : `${THEME_COOKIE}=${theme}`,
    "Path=/",
    theme === "system" ? "Max-Age=0" : `Max-Age=${365 * 24 * 3600}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

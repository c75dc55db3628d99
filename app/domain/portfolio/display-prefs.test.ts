import { describe, expect, it } from "vitest";
import { DEFAULT_DISPLAY_PREFS, parseDisplayPrefs, serializeDisplayPrefs } from "./display-prefs.ts";

describe("display prefs cookie", () => {
  it("round-trips the currency and the hidden flag", () => {
    const cookie = serializeDisplayPrefs({ currency: "GBP", hidden: true }, { secure: true });
    expect(cookie).toMatch(/^cl_display=GBP\.h; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/);
    const header = `other=1; ${cookie.split(";")[0]}; more=2`;
    expect(parseDisplayPrefs(header)).toEqual({ currency: "GBP", hidden: true });
    expect(serializeDisplayPrefs({ currency: "USD", hidden: false }, { secure: false })).not.toContain(
      "Secure",
    );
  });

  it("falls back to USD and shown for a missing or tampered cookie", () => {
    expect(parseDisplayPrefs(null)).toEqual(DEFAULT_DISPLAY_PREFS);
    expect(parseDisplayPrefs("cl_display=JPY.x")).toEqual({ currency: "USD", hidden: false });
    expect(parseDisplayPrefs("cl_display=EUR")).toEqual({ currency: "EUR", hidden: false });
  });
});

describe("the defaults are shared by every request", () => {
  it("a parsed result is the caller's own: changing it changes neither the defaults nor the next parse", () => {
    const first = parseDisplayPrefs(null);
    expect(first).not.toBe(DEFAULT_DISPLAY_PREFS);
    first.currency = "EUR";
    first.hidden = true;
    expect(parseDisplayPrefs(null)).toEqual({ currency: "USD", hidden: false });
    expect(parseDisplayPrefs("")).toEqual({ currency: "USD", hidden: false });
    expect(DEFAULT_DISPLAY_PREFS).toEqual({ currency: "USD", hidden: false });
  });

  it("the defaults cannot be changed", () => {
    expect(Object.isFrozen(DEFAULT_DISPLAY_PREFS)).toBe(true);
    expect(() => {
      (DEFAULT_DISPLAY_PREFS as { hidden: boolean }).hidden = true;
    }).toThrow(TypeError);
  });
});

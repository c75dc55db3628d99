import { describe, expect, it } from "vitest";
import { parseTheme, serializeTheme } from "./theme.ts";

describe("the theme cookie", () => {
  it("round-trips light and dark; system removes the cookie", () => {
    const dark = serializeTheme("dark", { secure: true });
    expect(dark).toMatch(/^cl_theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/);
    expect(parseTheme(`a=1; ${dark.split(";")[0]}; b=2`)).toBe("dark");
    expect(parseTheme("cl_theme=light")).toBe("light");
    expect(serializeTheme("system", { secure: false })).toBe(
      "cl_theme=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly",
    );
  });

  it("is system when missing or tampered with", () => {
    expect(parseTheme(null)).toBe("system");
    expect(parseTheme("")).toBe("system");
    expect(parseTheme("cl_theme=purple")).toBe("system");
    expect(parseTheme("xcl_theme=dark")).toBe("system");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./schemas.ts";

// The browser resolves a Location header with the WHATWG URL parser, so that is what these tests
// use to judge a result: whatever safeRedirect returns, resolved against our own origin, must stay
// on our origin. The table is every bypass we know of; the property test looks for others.
const SITE = "https://coinlens.example";
const FALLBACK = "/dashboard";

function expectSameSite(result: string) {
  expect(result.startsWith("/"), result).toBe(true);
  expect(result.startsWith("//"), result).toBe(false);
  expect(result.startsWith("/\\"), result).toBe(false);
  expect(new URL(result, SITE).origin, result).toBe(SITE);
}

const bypasses: [name: string, input: string][] = [
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/wallet"],
  ["three slashes", "///evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["encoded slash", "/%2f/evil.example"],
  ["two encoded slashes", "/%2F%2Fevil.example"],
  ["dot segment then two slashes", "/.//evil.example/x"],
  ["encoded dot segment then two slashes", "/%2e//evil.example/x"],
  ["encoded dot-dot then two slashes", "/%2E%2E//evil.example"],
  ["dot then backslash", "/./\\evil.example"],
  ["dot-dot then two slashes", "/..//evil.example"],
  ["dot, encoded dot, two slashes", "/.%2e//evil.example"],
  ["climb above the root", "/a/../..//evil.example"],
  ["tab between the slashes", "/\t/evil.example"],
  ["newline between the slashes", "/\n/evil.example"],
  ["carriage return between the slashes", "/\r/evil.example"],
  ["header injection", "/wallet\r\nSet-Cookie: x=1"],
  ["leading space", " //evil.example"],
  ["tab in a scheme", "java\tscript:alert(1)"],
  ["javascript scheme", "javascript:alert(1)"],
  ["data scheme", "data:text/html,<script>alert(1)</script>"],
  ["absolute https", "https://evil.example"],
  ["absolute http without slashes", "http:evil.example"],
  ["absolute with our host as user", "https://coinlens.example@evil.example"],
  ["full-width slashes", "\uFF0F\uFF0Fevil.example"],
  ["slash then full-width slash", "/\uFF0Fevil.example"],
  ["division slash", "/\u2215evil.example"],
  ["fraction slash", "\u2044\u2044evil.example"],
  ["relative path", "evil.example"],
  ["empty", ""],
  ["very long", `/${"a".repeat(100_000)}`],
  ["very long bypass", `/${"./".repeat(10_000)}/evil.example`],
];

describe("safeRedirect", () => {
  it.each(bypasses)("%s stays on the site", (_name, input) => {
    const result = safeRedirect(input);
    expectSameSite(result);
  });

  it.each([
    ["/.//evil.example/x"],
    ["/%2e//evil.example/x"],
    ["/%2E%2E//evil.example"],
    ["/./\\evil.example"],
    ["/..//evil.example"],
    ["//evil.example"],
    ["/\t/evil.example"],
    ["https://evil.example"],
  ])("%j falls back rather than guessing a path", (input) => {
    expect(safeRedirect(input)).toBe(FALLBACK);
  });

  it("falls back for null, undefined and non-strings", () => {
    expect(safeRedirect(null)).toBe(FALLBACK);
    expect(safeRedirect(undefined)).toBe(FALLBACK);
    expect(safeRedirect(42 as unknown as string)).toBe(FALLBACK);
    expect(safeRedirect(null, "/")).toBe("/");
  });

  it.each([
    ["/wallet", "/wallet"],
    ["/wallet?x=1", "/wallet?x=1"],
    ["/history?type=deposit&page=2#top", "/history?type=deposit&page=2#top"],
    ["/", "/"],
    ["/market/btc", "/market/btc"],
    ["/a/./b/../c", "/a/c"],
    ["/%2f/evil.example", "/%2f/evil.example"],
    ["/wallet?next=//evil.example", "/wallet?next=//evil.example"],
    ["/\uFF0Fevil.example", "/%EF%BC%8Fevil.example"],
  ])("keeps the ordinary path %j (normalised: %j)", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
    expectSameSite(expected);
  });

  it("property: any string ends on the site, as the browser reads it", () => {
    const slashy = fc.constantFrom("/", "\\", "//", ".", "..", "%2e", "%2E", "%2f", "%5c", "\t", "\n", "\r");
    const piece = fc.oneof(slashy, fc.constantFrom("evil.example", ":", "@", "?", "#"), fc.string());
    const crafted = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(crafted, fc.string(), fc.webUrl(), fc.webPath()), (input) => {
        expectSameSite(safeRedirect(input));
      }),
      { numRuns: 2_000 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { isValidAllowList, parseAllowList } from "./metrics-allow.ts";

describe("the /metrics allow-list", () => {
  it("the default lets this machine in and no one else", () => {
    const list = parseAllowList("127.0.0.1,::1");
    expect(list.allows("127.0.0.1")).toBe(true);
    expect(list.allows("::1")).toBe(true);
    expect(list.allows("::ffff:127.0.0.1")).toBe(true);
    expect(list.allows("127.0.0.2")).toBe(false);
    expect(list.allows("10.0.0.7")).toBe(false);
    expect(list.allows("203.0.113.9")).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(list.allows("")).toBe(false);
    expect(list.allows("not-an-address")).toBe(false);
  });

  it("takes ranges, for a Prometheus on the private network", () => {
    const list = parseAllowList(" 10.0.0.0/8 , fd00::/8 ");
    expect(list.entries).toEqual(["10.0.0.0/8", "fd00::/8"]);
    expect(list.allows("10.1.2.3")).toBe(true);
    expect(list.allows("::ffff:10.1.2.3")).toBe(true);
    expect(list.allows("fd12::1")).toBe(true);
    expect(list.allows("11.0.0.1")).toBe(false);
    expect(list.allows("127.0.0.1")).toBe(false);
  });

  it("an empty list lets no one in", () => {
    expect(parseAllowList("").allows("127.0.0.1")).toBe(false);
  });

  it("refuses what is not an address or range", () => {
    expect(isValidAllowList("127.0.0.1,::1")).toBe(true);
    for (const bad of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "1.2.3", "10.0.0.0/x"]) {
      expect(isValidAllowList(bad), bad).toBe(false);
      expect(() => parseAllowList(bad)).toThrow(RangeError);
    }
  });
});

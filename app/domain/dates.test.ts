import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("the one date format", () => {
  it("writes a day and a moment the same way everywhere, in UTC", () => {
    expect(formatDate("2026-11-05")).toBe("5 Nov 2026");
    expect(formatDate("2026-01-31T23:59:59Z")).toBe("31 Jan 2026");
    expect(formatDate(new Date("2026-12-01T00:30:00+02:00"))).toBe("30 Nov 2026");
    expect(formatDateTime("2026-11-25T18:19:59.999Z")).toBe("25 Nov 2026, 18:19 UTC");
    expect(formatDateTime(new Date("2026-03-01T07:05:00Z"))).toBe("1 Mar 2026, 07:05 UTC");
  });

  it("shows a dash, not 'Invalid Date' or NaN, for a value it cannot read", () => {
    expect(formatDate("not a date")).toBe("—");
    expect(formatDateTime("")).toBe("—");
  });
});

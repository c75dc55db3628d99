import { describe, expect, it } from "vitest";
import { isNyseTradingDay, nyseEarlyCloses, nyseHolidays, nyseStatus, recentTradingDays } from "./nyse.ts";

// Instants are given in UTC; New York is UTC−5 in winter (EST) and UTC−4 in summer (EDT).
describe("NYSE hours", () => {
  it("is open on a regular Tuesday at 10:00 New York time (winter)", () => {
    expect(nyseStatus(new Date("2024-01-16T15:00:00Z"))).toEqual({ open: true, closesAt: "16:00" });
  });

  it("opens at 09:30 and closes at 16:00 sharp, across daylight saving time", () => {
    expect(nyseStatus(new Date("2024-07-09T13:29:00Z")).open).toBe(false); // 09:29 EDT
    expect(nyseStatus(new Date("2024-07-09T13:30:00Z")).open).toBe(true); // 09:30 EDT
    expect(nyseStatus(new Date("2024-07-09T19:59:00Z")).open).toBe(true); // 15:59 EDT
    expect(nyseStatus(new Date("2024-07-09T20:00:00Z"))).toEqual({
      open: false,
      reason: "after the closing bell",
    });
    expect(nyseStatus(new Date("2024-01-09T14:29:00Z")).open).toBe(false); // 09:29 EST
    expect(nyseStatus(new Date("2024-01-09T14:30:00Z")).open).toBe(true); // 09:30 EST
  });

  it("is closed at weekends, including a Saturday midday", () => {
    expect(nyseStatus(new Date("2024-03-16T16:00:00Z"))).toEqual({ open: false, reason: "weekend" });
    expect(nyseStatus(new Date("2024-03-17T16:00:00Z"))).toEqual({ open: false, reason: "weekend" });
  });

  it("uses the New York date, not the UTC date, late in the evening", () => {
    // Friday 2024-03-15 23:30 EDT is already Saturday in UTC but still Friday after the close in New York.
    expect(nyseStatus(new Date("2024-03-16T03:30:00Z"))).toEqual({
      open: false,
      reason: "after the closing bell",
    });
  });

  it("knows the 2024 holidays, Good Friday included", () => {
    expect([...nyseHolidays(2024).keys()]).toEqual([
      "2024-01-01",
      "2024-01-15",
      "2024-02-19",
      "2024-03-29",
      "2024-05-27",
      "2024-06-19",
      "2024-07-04",
      "2024-09-02",
      "2024-11-28",
      "2024-12-25",
    ]);
    expect(nyseStatus(new Date("2024-03-29T15:00:00Z"))).toEqual({ open: false, reason: "Good Friday" });
    expect(nyseStatus(new Date("2024-11-28T15:00:00Z"))).toEqual({ open: false, reason: "Thanksgiving Day" });
  });

  it("observes Saturday holidays on Friday and Sunday holidays on Monday", () => {
    // Independence Day 2026 is a Saturday → Friday 3 July; Christmas 2022 was a Sunday → Monday 26 December.
    expect(nyseHolidays(2026).get("2026-07-03")).toBe("Independence Day");
    expect(nyseHolidays(2022).get("2022-12-26")).toBe("Christmas Day");
    expect(nyseHolidays(2027).get("2027-06-18")).toBe("Juneteenth");
  });

  it("does not observe a Saturday New Year's Day on the Friday before", () => {
    // 1 January 2022 was a Saturday; the exchange traded on Friday 31 December 2021.
    expect(isNyseTradingDay("2021-12-31")).toBe(true);
    expect(nyseHolidays(2022).has("2021-12-31")).toBe(false);
    expect([...nyseHolidays(2022).values()]).not.toContain("New Year's Day");
  });

  it("hands out copies of its memo: a caller that changes one changes nothing for the next (ADR 0064)", () => {
    const mine = nyseHolidays(2025);
    mine.set("2025-03-03", "A day off");
    mine.delete("2025-12-25");
    expect(nyseHolidays(2025).has("2025-03-03")).toBe(false);
    expect(nyseHolidays(2025).get("2025-12-25")).toBe("Christmas Day");
    expect(isNyseTradingDay("2025-03-03")).toBe(true);
    expect(isNyseTradingDay("2025-12-25")).toBe(false);
  });

  it("closes at 13:00 on early-close days", () => {
    expect(nyseEarlyCloses(2024)).toEqual(new Set(["2024-07-03", "2024-11-29", "2024-12-24"]));
    expect(nyseStatus(new Date("2024-11-29T17:30:00Z"))).toEqual({ open: true, closesAt: "13:00" }); // 12:30 EST
    expect(nyseStatus(new Date("2024-11-29T18:00:00Z")).open).toBe(false); // 13:00 EST
  });

  it("lists recent trading days, skipping weekends and holidays", () => {
    expect(recentTradingDays("2024-04-01", 4)).toEqual([
      "2024-03-26",
      "2024-03-27",
      "2024-03-28",
      "2024-04-01",
    ]);
  });
});

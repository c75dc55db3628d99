// Dates worked out by hand from a calendar: 26 Nov 2026 is a Thursday; 1 Jan 2028 a Saturday, so
// 1 Feb 2028 a Tuesday and 29 Feb 2028 (a leap day) a Tuesday too.
import { describe, expect, it } from "vitest";
import {
  addDays,
  advancePlan,
  describePlan,
  firstRunOnOrAfter,
  formatDate,
  isoWeekday,
  utcDate,
  validatePlanForm,
} from "./rules.ts";

const weekly = (runDay: number) => ({ frequency: "weekly" as const, runDay });
const monthly = (runDay: number) => ({ frequency: "monthly" as const, runDay });
const daily = { frequency: "daily" as const, runDay: null };
const open = { endOn: null, maxRuns: null, runsDone: 0 };

describe("dates", () => {
  it("adds days across month ends, year ends and leap days", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
  });

  it("knows the weekday (Monday 1 … Sunday 7)", () => {
    expect(isoWeekday("2026-11-26")).toBe(4);
    expect(isoWeekday("2026-11-30")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(isoWeekday("2028-02-29")).toBe(2);
  });

  it("takes the UTC date of an instant, not the local one", () => {
    expect(utcDate(new Date("2026-11-29T23:30:00-05:00"))).toBe("2026-11-30");
    expect(utcDate(new Date("2026-11-30T00:30:00+02:00"))).toBe("2026-11-29");
  });

  it("formats a date for people and refuses a date that does not exist", () => {
    expect(formatDate("2026-11-30")).toBe("30 Nov 2026");
    expect(() => addDays("2027-02-29", 1)).toThrow(RangeError);
  });
});

describe("the first run", () => {
  it("daily starts today", () => {
    expect(firstRunOnOrAfter(daily, "2026-11-26")).toBe("2026-11-26");
  });

  it("weekly starts on the chosen weekday, today included", () => {
    expect(firstRunOnOrAfter(weekly(1), "2026-11-26")).toBe("2026-11-30");
    expect(firstRunOnOrAfter(weekly(4), "2026-11-26")).toBe("2026-11-26");
    expect(firstRunOnOrAfter(weekly(3), "2026-11-26")).toBe("2026-12-02");
    expect(firstRunOnOrAfter(weekly(7), "2026-12-28")).toBe("2027-01-03");
  });

  it("monthly starts on the chosen day this month or next, across the year end and February", () => {
    expect(firstRunOnOrAfter(monthly(26), "2026-11-26")).toBe("2026-11-26");
    expect(firstRunOnOrAfter(monthly(15), "2026-12-20")).toBe("2027-01-15");
    expect(firstRunOnOrAfter(monthly(28), "2027-01-31")).toBe("2027-02-28");
    expect(firstRunOnOrAfter(monthly(28), "2028-02-29")).toBe("2028-03-28");
    expect(firstRunOnOrAfter(monthly(1), "2028-02-29")).toBe("2028-03-01");
  });
});

describe("after a run", () => {
  it("daily runs the next day, through a leap day", () => {
    expect(advancePlan({ ...daily, ...open }, "2028-02-28", "2028-02-28", true)).toEqual({
      nextRunOn: "2028-02-29",
      runsDone: 1,
      finished: false,
    });
    expect(advancePlan({ ...daily, ...open }, "2028-02-29", "2028-02-29", true).nextRunOn).toBe("2028-03-01");
  });

  it("weekly runs seven days later, across a month end", () => {
    expect(advancePlan({ ...weekly(1), ...open }, "2026-11-30", "2026-11-30", true).nextRunOn).toBe(
      "2026-12-07",
    );
    expect(advancePlan({ ...weekly(1), ...open }, "2028-02-28", "2028-02-28", true).nextRunOn).toBe(
      "2028-03-06",
    );
  });

  it("monthly runs on the same day next month, through February and the year end", () => {
    expect(advancePlan({ ...monthly(28), ...open }, "2027-01-28", "2027-01-28", true).nextRunOn).toBe(
      "2027-02-28",
    );
    expect(advancePlan({ ...monthly(28), ...open }, "2027-02-28", "2027-02-28", true).nextRunOn).toBe(
      "2027-03-28",
    );
    expect(advancePlan({ ...monthly(1), ...open }, "2026-12-01", "2026-12-01", true).nextRunOn).toBe(
      "2027-01-01",
    );
  });

  it("a date missed while no server ran is not caught up: the next is the first after today", () => {
    expect(advancePlan({ ...weekly(1), ...open }, "2026-11-30", "2026-12-09", true).nextRunOn).toBe(
      "2026-12-14",
    );
  });

  it("finishes after the number of buys; a skipped run does not count as a buy", () => {
    const plan = { ...weekly(1), endOn: null, maxRuns: 3, runsDone: 2 };
    expect(advancePlan(plan, "2026-12-14", "2026-12-14", true)).toEqual({
      nextRunOn: "2026-12-21",
      runsDone: 3,
      finished: true,
    });
    expect(advancePlan(plan, "2026-12-14", "2026-12-14", false)).toEqual({
      nextRunOn: "2026-12-21",
      runsDone: 2,
      finished: false,
    });
  });

  it("finishes when the next date is after the end date, not on it", () => {
    const plan = { ...weekly(1), endOn: "2027-01-04", maxRuns: null, runsDone: 4 };
    expect(advancePlan(plan, "2026-12-28", "2026-12-28", true).finished).toBe(false);
    expect(advancePlan(plan, "2027-01-04", "2027-01-04", true)).toEqual({
      nextRunOn: "2027-01-11",
      runsDone: 5,
      finished: true,
    });
  });
});

describe("the form", () => {
  const good = { asset: "BTC", payAsset: "USD", amount: "50", frequency: "weekly", weekday: "1" };

  it("reads a weekly plan and says exactly what will happen", () => {
    const result = validatePlanForm(good, "2026-11-26");
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan).toEqual({
      asset: "BTC",
      payAsset: "USD",
      amountMinor: 5000n,
      schedule: { frequency: "weekly", runDay: 1 },
      endOn: null,
      maxRuns: null,
      firstRunOn: "2026-11-30",
    });
    expect(describePlan({ ...result.plan, ledger: "real" })).toBe(
      "Every Monday, buy BTC with 50.00 USD from your real account, starting 30 Nov 2026, until you pause or cancel it.",
    );
  });

  it("words a monthly demo plan with a number of buys, and a daily one with an end date", () => {
    const monthlyPlan = validatePlanForm(
      {
        ...good,
        asset: "ETH",
        payAsset: "USDT",
        amount: "25.5",
        frequency: "monthly",
        monthDay: "1",
        maxRuns: "6",
      },
      "2026-11-26",
    );
    if (!monthlyPlan.ok) throw new Error(JSON.stringify(monthlyPlan.errors));
    expect(describePlan({ ...monthlyPlan.plan, ledger: "demo" })).toBe(
      "On the 1st of every month, buy ETH with 25.50 USDT from your demo account (virtual funds), starting 1 Dec 2026, for 6 buys.",
    );
    const dailyPlan = validatePlanForm({ ...good, frequency: "daily", endOn: "2026-12-31" }, "2026-11-26");
    if (!dailyPlan.ok) throw new Error(JSON.stringify(dailyPlan.errors));
    expect(describePlan({ ...dailyPlan.plan, ledger: "real" })).toBe(
      "Every day, buy BTC with 50.00 USD from your real account, starting 26 Nov 2026, until 31 Dec 2026.",
    );
  });

  it("puts a message beside each wrong field", () => {
    const result = validatePlanForm(
      { asset: "USD", payAsset: "EUR", amount: "0", frequency: "monthly", monthDay: "31", maxRuns: "0" },
      "2026-11-26",
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        asset: "Choose the coin to buy.",
        payAsset: "Choose USD or USDT to pay with.",
        amount: "The amount must be greater than zero.",
        runDay: "Choose a day of the month from 1 to 28.",
        maxRuns: "Enter a number of buys from 1 to 1000.",
      },
    });
  });

  it("refuses an end before the first buy, a missing amount, and both ends at once", () => {
    expect(validatePlanForm({ ...good, endOn: "2026-11-29" }, "2026-11-26")).toEqual({
      ok: false,
      errors: { endOn: "The end date must be on or after the first buy (30 Nov 2026)." },
    });
    expect(validatePlanForm({ ...good, amount: "" }, "2026-11-26")).toEqual({
      ok: false,
      errors: { amount: "Enter the amount to spend on each buy." },
    });
    expect(validatePlanForm({ ...good, endOn: "2027-01-01", maxRuns: "3" }, "2026-11-26")).toEqual({
      ok: false,
      errors: { endOn: "Choose an end date or a number of buys, not both." },
    });
    expect(validatePlanForm({ ...good, weekday: "8" }, "2026-11-26")).toEqual({
      ok: false,
      errors: { runDay: "Choose the day of the week." },
    });
  });
});

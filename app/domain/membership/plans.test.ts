import { describe, expect, it } from "vitest";
import {
  addPeriod,
  entitlementLimit,
  formatInvoiceNumber,
  grants,
  type Plan,
  priceFor,
  prorationCredit,
} from "./plans.ts";

const plan: Plan = {
  id: "premium",
  name: "Premium",
  monthlyPriceMinor: 25_000n,
  yearlyPriceMinor: 300_000n,
  nextMonthlyPriceMinor: 30_000n,
  nextYearlyPriceMinor: null,
  nextPricesFrom: new Date("2027-01-01T00:00:00Z"),
  features: [],
  entitlements: ["research:premium", "alerts:50", "alerts:10"],
  isDefault: false,
  active: true,
  sortOrder: 1,
};

describe("plans", () => {
  it("a scheduled price applies to periods starting on or after its date", () => {
    expect(priceFor(plan, "monthly", new Date("2026-12-31T23:59:59Z"))).toBe(25_000n);
    expect(priceFor(plan, "monthly", new Date("2027-01-01T00:00:00Z"))).toBe(30_000n);
    expect(priceFor(plan, "yearly", new Date("2027-02-01T00:00:00Z"))).toBe(300_000n);
  });

  it("a period is a calendar month or year, clamped to the month's end", () => {
    expect(addPeriod(new Date("2026-01-31T12:00:00Z"), "monthly").toISOString()).toBe(
      "2026-02-28T12:00:00.000Z",
    );
    expect(addPeriod(new Date("2028-01-31T12:00:00Z"), "monthly").toISOString()).toBe(
      "2028-02-29T12:00:00.000Z",
    );
    expect(addPeriod(new Date("2026-12-15T08:30:00Z"), "monthly").toISOString()).toBe(
      "2027-01-15T08:30:00.000Z",
    );
    expect(addPeriod(new Date("2028-02-29T00:00:00Z"), "yearly").toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
  });

  it("the proration credit is the unused share of the price, rounded down, and never negative", () => {
    const periodStart = new Date("2026-11-01T00:00:00Z");
    const periodEnd = new Date("2026-12-01T00:00:00Z");
    const at = (iso: string) =>
      prorationCredit({ priceMinor: 25_000n, periodStart, periodEnd, now: new Date(iso) });
    expect(at("2026-11-01T00:00:00Z")).toBe(25_000n);
    expect(at("2026-11-16T00:00:00Z")).toBe(12_500n);
    expect(at("2026-11-21T00:00:00Z")).toBe(8_333n);
    expect(at("2026-12-02T00:00:00Z")).toBe(0n);
  });

  it("reads entitlements and limits", () => {
    expect(grants(plan.entitlements, "research:premium")).toBe(true);
    expect(grants(plan.entitlements, "events:live")).toBe(false);
    expect(entitlementLimit(plan.entitlements, "alerts")).toBe(50);
    expect(entitlementLimit(plan.entitlements, "watchlists")).toBe(0);
    expect(formatInvoiceNumber(42n)).toBe("CL-000042");
  });
});

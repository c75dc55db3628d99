import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipPlans } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { getMembershipOffer } from "./pricing.server.ts";
import { checkoutHref, formatUsdCents, splitFeature, yearlySavingCents } from "./pricing.ts";

const t = setupTestDatabase();

describe("membership offer", () => {
  it("formats whole cents without floating point", () => {
    expect(formatUsdCents(25_000)).toBe("$250.00");
    expect(formatUsdCents(300_000)).toBe("$3,000.00");
    expect(formatUsdCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatUsdCents(5)).toBe("$0.05");
    expect(() => formatUsdCents(1.5)).toThrow(RangeError);
  });

  it("sells the plans table's offered plan: Premium at the seed's $250.00 a month and $3,000.00 a year, with its lines", async () => {
    const offer = await getMembershipOffer(t.db);
    expect(offer).toMatchObject({
      planId: "premium",
      name: "Premium",
      monthlyCents: 25_000,
      yearlyCents: 300_000,
    });
    expect(offer?.features[0]).toBe("Research: a curated list of token picks and investments.");
    expect(yearlySavingCents({ monthlyCents: 25_000, yearlyCents: 300_000 })).toBe(0);
    expect(yearlySavingCents({ monthlyCents: 25_000, yearlyCents: 250_000 })).toBe(50_000);
  });

  it("follows the operator's prices, and offers nothing when no paid plan is active", async () => {
    await t.db
      .update(membershipPlans)
      .set({ monthlyPriceMinor: 19_900n, yearlyPriceMinor: 199_000n })
      .where(eq(membershipPlans.id, "premium"));
    expect(await getMembershipOffer(t.db)).toMatchObject({ monthlyCents: 19_900, yearlyCents: 199_000 });
    await t.db.update(membershipPlans).set({ active: false }).where(eq(membershipPlans.id, "premium"));
    expect(await getMembershipOffer(t.db)).toBeNull();
    await t.db
      .update(membershipPlans)
      .set({ active: true, monthlyPriceMinor: 25_000n, yearlyPriceMinor: 300_000n })
      .where(eq(membershipPlans.id, "premium"));
  });

  it("Subscribe carries the plan, period and method; a feature line splits into its title and text", () => {
    expect(checkoutHref("premium", "yearly", "crypto")).toBe(
      "/billing/checkout?plan=premium&period=yearly&method=crypto",
    );
    expect(splitFeature("Tools: portfolio optimisation.")).toEqual({
      title: "Tools",
      text: "Portfolio optimisation.",
    });
    expect(splitFeature("Free research and market updates")).toEqual({
      title: null,
      text: "Free research and market updates",
    });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { getMembershipPrices, membershipPricesKey, setMembershipPrices } from "./pricing.server.ts";
import { defaultMembershipPrices, formatUsdCents } from "./pricing.ts";

const t = setupTestDatabase();

describe("membership prices", () => {
  it("formats whole cents without floating point", () => {
    expect(formatUsdCents(25_000)).toBe("$250.00");
    expect(formatUsdCents(300_000)).toBe("$3,000.00");
    expect(formatUsdCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatUsdCents(5)).toBe("$0.05");
    expect(() => formatUsdCents(1.5)).toThrow(RangeError);
  });

  it("defaults to the seed's $250.00 a month and $3,000.00 a year", async () => {
    expect(await getMembershipPrices(t.db)).toEqual(defaultMembershipPrices);
  });

  it("uses the operator's setting, and ignores a malformed one", async () => {
    await setMembershipPrices(t.db, { monthlyCents: 19_900, yearlyCents: 199_000 });
    expect(await getMembershipPrices(t.db)).toEqual({ monthlyCents: 19_900, yearlyCents: 199_000 });
    await expect(setMembershipPrices(t.db, { monthlyCents: -1, yearlyCents: 1 })).rejects.toThrow();
    await t.db
      .update(settings)
      .set({ value: { monthlyCents: "250.00", yearlyCents: 300_000 } })
      .where(eq(settings.key, membershipPricesKey));
    expect(await getMembershipPrices(t.db)).toEqual(defaultMembershipPrices);
  });
});

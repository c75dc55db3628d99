import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { defaultMembershipPrices, type MembershipPrices } from "./pricing.ts";

/** The settings row that overrides the default membership prices. */
export const membershipPricesKey = "membership-prices";

const cents = z.number().int().positive().max(100_000_000);
export const membershipPricesSchema = z.object({ monthlyCents: cents, yearlyCents: cents });

/**
 * Membership prices as the operator set them in `settings`, or the defaults. A malformed row is
 * ignored rather than shown: a wrong price on the landing page is worse than the default.
 */
export async function getMembershipPrices(db: Db): Promise<MembershipPrices> {
  const [row] = await db.select().from(settings).where(eq(settings.key, membershipPricesKey));
  // Copies of the shared defaults (ADR 0064): the caller owns what it gets.
  if (!row) return { ...defaultMembershipPrices };
  const parsed = membershipPricesSchema.safeParse(row.value);
  return parsed.success ? parsed.data : { ...defaultMembershipPrices };
}

export async function setMembershipPrices(db: Db, prices: MembershipPrices): Promise<void> {
  const value = membershipPricesSchema.parse(prices);
  await db
    .insert(settings)
    .values({ key: membershipPricesKey, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

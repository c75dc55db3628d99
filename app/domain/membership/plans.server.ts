// Reading the operator's plans (db/schema/membership.ts). Editing them is the back office's.
import { asc, eq } from "drizzle-orm";
import { membershipPlans } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { isEntitlement, isForSale, type Plan } from "./plans.ts";

type PlanRow = typeof membershipPlans.$inferSelect;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    monthlyPriceMinor: row.monthlyPriceMinor,
    yearlyPriceMinor: row.yearlyPriceMinor,
    nextMonthlyPriceMinor: row.nextMonthlyPriceMinor,
    nextYearlyPriceMinor: row.nextYearlyPriceMinor,
    nextPricesFrom: row.nextPricesFrom,
    features: strings(row.features),
    // A malformed entitlement in the data grants nothing rather than something unintended.
    entitlements: strings(row.entitlements).filter(isEntitlement),
    isDefault: row.isDefault,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

export async function listPlans(db: Db, options: { activeOnly?: boolean } = {}): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id));
  return rows.map(toPlan).filter((p) => !options.activeOnly || p.active);
}

export async function getPlan(db: Db, id: string): Promise<Plan | null> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  return row ? toPlan(row) : null;
}

/** The free plan every member has (the migration creates it; exactly one by a unique index). */
export async function getDefaultPlan(db: Db): Promise<Plan> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.isDefault, true));
  if (!row) throw new Error("No default membership plan: the database is not migrated.");
  return toPlan(row);
}

/** The plan the pricing block sells: the first active paid plan. */
export async function getOfferedPlan(db: Db): Promise<Plan | null> {
  const plans = await listPlans(db, { activeOnly: true });
  return plans.find(isForSale) ?? null;
}

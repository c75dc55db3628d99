// The back office edits plans (ADR 0070). Names, features, entitlements and whether a plan is
// offered change at once; a price change never surprises a member: it is stored beside the
// current price and applies to periods starting on or after a date at least
// PRICE_CHANGE_NOTICE_DAYS ahead, and the lifecycle job e-mails every member it affects.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { membershipPlans } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { StaffActor } from "../approvals/four-eyes.ts";
import { fieldErrors } from "../forms.ts";
import { safeParseAmount } from "../money/amount.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { getPlan } from "./plans.server.ts";
import { days, ENTITLEMENT_PATTERN, type Plan, PRICE_CHANGE_NOTICE_DAYS } from "./plans.ts";

export const planMessages = Object.freeze({
  name: "Enter a name of 2 to 40 characters.",
  price: "Enter a price in USD with at most 2 decimals, like 250 or 250.00.",
  defaultFree: "The free plan stays free: every member holds it without paying.",
  features: "List 1 to 12 features, one per line, each at most 120 characters.",
  entitlements: "One per line, like research:premium or alerts:50 (lower case, a colon between).",
  notFound: "No such plan.",
});

const priceText = z
  .string()
  .trim()
  .refine((v) => safeParseAmount(v, "USD").ok, planMessages.price);

const cents = (text: string): bigint => {
  const result = safeParseAmount(text, "USD");
  return result.ok ? result.value : 0n;
};

const lines = (max: number, each: number) =>
  z
    .string()
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(each)).max(max));

export const planFormSchema = z.object({
  name: z.string().trim().min(2, planMessages.name).max(40, planMessages.name),
  monthlyPrice: priceText,
  yearlyPrice: priceText,
  features: lines(12, 120).refine((l) => l.length >= 1, planMessages.features),
  entitlements: lines(20, 60).refine(
    (l) => l.every((e) => ENTITLEMENT_PATTERN.test(e)),
    planMessages.entitlements,
  ),
  active: z.enum(["on"]).optional(),
});

export type PlanFormValues = Record<
  "name" | "monthlyPrice" | "yearlyPrice" | "features" | "entitlements",
  string
> & {
  active?: string;
};

export type UpdatePlanResult =
  | { ok: true; plan: Plan; priceChange: { from: Date } | null }
  | { ok: false; status: 400 | 404; message: string; errors: Partial<Record<keyof PlanFormValues, string>> };

/** The price a plan will charge once any scheduled change applies: what the form edits. */
export function upcomingPrices(plan: Plan): { monthly: bigint; yearly: bigint } {
  return {
    monthly: plan.nextMonthlyPriceMinor ?? plan.monthlyPriceMinor,
    yearly: plan.nextYearlyPriceMinor ?? plan.yearlyPriceMinor,
  };
}

export async function updatePlan(
  db: Db,
  actor: StaffActor,
  planId: string,
  values: PlanFormValues,
  now = new Date(),
): Promise<UpdatePlanResult> {
  const parsed = planFormSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, status: 400, message: "", errors: fieldErrors(parsed.error) };
  }
  const plan = await getPlan(db, planId);
  if (!plan) return { ok: false, status: 404, message: planMessages.notFound, errors: {} };
  const monthly = cents(parsed.data.monthlyPrice);
  const yearly = cents(parsed.data.yearlyPrice);
  if (plan.isDefault && (monthly !== 0n || yearly !== 0n)) {
    return { ok: false, status: 400, message: "", errors: { monthlyPrice: planMessages.defaultFree } };
  }
  const upcoming = upcomingPrices(plan);
  const changed = monthly !== upcoming.monthly || yearly !== upcoming.yearly;
  const back = monthly === plan.monthlyPriceMinor && yearly === plan.yearlyPriceMinor;
  // Back to today's prices: the scheduled change is withdrawn. A new price: it applies from a
  // date members can be told about in time (a later edit keeps the earlier-announced date only
  // if it is still far enough away, so nobody gets less notice than promised).
  const from = new Date(now.getTime() + days(PRICE_CHANGE_NOTICE_DAYS));
  const schedule = !changed
    ? {}
    : back
      ? { nextMonthlyPriceMinor: null, nextYearlyPriceMinor: null, nextPricesFrom: null }
      : { nextMonthlyPriceMinor: monthly, nextYearlyPriceMinor: yearly, nextPricesFrom: from };
  await db
    .update(membershipPlans)
    .set({
      name: parsed.data.name,
      features: parsed.data.features,
      entitlements: parsed.data.entitlements,
      active: plan.isDefault ? true : parsed.data.active === "on",
      ...schedule,
      updatedAt: now,
      updatedBy: actor.adminId,
    })
    .where(eq(membershipPlans.id, planId));
  await recordAdminAudit(db, {
    adminId: actor.adminId,
    event: "admin-plan-updated",
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: {
      plan: planId,
      name: parsed.data.name,
      active: parsed.data.active === "on",
      entitlements: parsed.data.entitlements,
      ...(changed
        ? {
            monthlyPriceMinor: monthly.toString(),
            yearlyPriceMinor: yearly.toString(),
            pricesFrom: back ? null : from.toISOString(),
          }
        : {}),
    },
  });
  const updated = await getPlan(db, planId);
  if (!updated) return { ok: false, status: 404, message: planMessages.notFound, errors: {} };
  return { ok: true, plan: updated, priceChange: changed && !back ? { from } : null };
}

/**
 * Folds a scheduled price into the current one once its date has passed, so the plans page and
 * the pricing block show one price again. priceFor already charges the new price from that date;
 * this only tidies the row. Safe to run anywhere, any number of times.
 */
export async function applyDuePriceChanges(db: Db, now = new Date()): Promise<number> {
  const rows = await db.select().from(membershipPlans);
  let applied = 0;
  for (const row of rows) {
    if (!row.nextPricesFrom || row.nextPricesFrom.getTime() > now.getTime()) continue;
    await db
      .update(membershipPlans)
      .set({
        monthlyPriceMinor: row.nextMonthlyPriceMinor ?? row.monthlyPriceMinor,
        yearlyPriceMinor: row.nextYearlyPriceMinor ?? row.yearlyPriceMinor,
        nextMonthlyPriceMinor: null,
        nextYearlyPriceMinor: null,
        nextPricesFrom: null,
      })
      .where(eq(membershipPlans.id, row.id));
    applied++;
  }
  return applied;
}

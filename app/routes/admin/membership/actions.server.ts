// /admin/membership's actions: a plan saved, a refund approved or declined. Each intent checks
// its own permission (the route checked that the viewer may read billing at all).
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import type { StaffActor } from "~/domain/approvals/four-eyes.ts";
import { formatDate } from "~/domain/dates.ts";
import { type PlanFormValues, updatePlan } from "~/domain/membership/admin-plans.server.ts";
import type { MembershipActionData } from "~/domain/membership/admin-views.ts";
import { getBillingProvider } from "~/domain/membership/provider.server.ts";
import { approveRefund, declineRefund, type RefundContext } from "~/domain/membership/refunds.server.ts";
import type { Permission } from "~/domain/payments/permissions.ts";

export type { MembershipActionData };

/** The provider for card refunds; none when this process has none configured (crypto still works). */
export function refundContext(): RefundContext {
  let provider: RefundContext["provider"] = null;
  try {
    provider = getBillingProvider(getDb(), getConfig());
  } catch {
    provider = null;
  }
  return { twoAdminAboveMinor: getConfig().payments.refundTwoAdminUsdMinor, provider };
}

export function permissionFor(intent: string): Permission | undefined {
  if (intent === "plan") return "update:plan:any";
  if (intent === "approve-refund" || intent === "decline-refund") return "refund:invoice:any";
  return undefined;
}

export async function membershipAction(actor: StaffActor, values: Record<string, string | undefined>) {
  const intent = values.intent ?? "";
  const db = getDb();
  if (intent === "plan") {
    const planId = values.planId ?? "";
    const form: PlanFormValues = {
      name: values.name ?? "",
      monthlyPrice: values.monthlyPrice ?? "",
      yearlyPrice: values.yearlyPrice ?? "",
      features: values.features ?? "",
      entitlements: values.entitlements ?? "",
      ...(values.active ? { active: values.active } : {}),
    };
    const result = await updatePlan(db, actor, planId, form);
    if (!result.ok) {
      return data<MembershipActionData>(
        { ok: false, intent, planId, message: result.message, errors: result.errors, values: form },
        result.status,
      );
    }
    return data<MembershipActionData>({
      ok: true,
      intent,
      message: result.priceChange
        ? `Saved ${result.plan.name}. The new prices apply to periods starting on or after ${formatDate(result.priceChange.from)}; every member it affects is e-mailed 30 days ahead.`
        : `Saved ${result.plan.name}.`,
    });
  }
  const refundId = values.refundId ?? "";
  if (intent === "approve-refund") {
    const result = await approveRefund(db, actor, refundId, refundContext());
    if (!result.ok)
      return data<MembershipActionData>(
        { ok: false, intent, refundId, message: result.message },
        result.status,
      );
    return data<MembershipActionData>({
      ok: true,
      intent,
      message: "Refund approved and paid out; the member has been e-mailed.",
    });
  }
  if (intent === "decline-refund") {
    const result = await declineRefund(db, actor, refundId);
    if (!result.ok)
      return data<MembershipActionData>(
        { ok: false, intent, refundId, message: result.message },
        result.status,
      );
    return data<MembershipActionData>({ ok: true, intent, message: "Refund declined: nothing moved." });
  }
  return data<MembershipActionData>({ ok: false, intent, message: "Unknown request." }, 400);
}

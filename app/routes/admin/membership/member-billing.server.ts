// A member's billing history for the back office's member page.
import type { getDb } from "~/db/db.server.ts";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import { memberBillingHistory } from "~/domain/membership/admin-billing.server.ts";
import type { MemberBillingView } from "~/domain/membership/admin-views.ts";
import { formatInvoiceNumber } from "~/domain/membership/plans.ts";
import { STATUS_LABELS, usd } from "./page.server.ts";

const REFUND_STATUS = Object.freeze({
  proposed: "Awaiting approval",
  completed: "Refunded",
  declined: "Declined",
});

export async function memberBillingView(
  db: ReturnType<typeof getDb>,
  userId: string,
): Promise<MemberBillingView> {
  const history = await memberBillingHistory(db, userId);
  const numbers = new Map(history.invoices.map((i) => [i.id, formatInvoiceNumber(i.number)]));
  return {
    subscriptions: history.subscriptions.map(({ sub, plan }) => ({
      id: sub.id,
      plan,
      period: sub.period === "monthly" ? "Monthly" : "Yearly",
      method: sub.method === "card" ? "Card" : `Crypto (${sub.cryptoAsset ?? ""})`,
      status:
        sub.cancelAtPeriodEnd && sub.status === "active"
          ? "Cancels at period end"
          : STATUS_LABELS[sub.status],
      until: formatDate(sub.status === "past_due" && sub.graceUntil ? sub.graceUntil : sub.currentPeriodEnd),
    })),
    invoices: history.invoices.map((i) => ({
      id: i.id,
      number: formatInvoiceNumber(i.number),
      issued: formatDate(i.issuedAt),
      amount: usd(i.amountMinor),
      refunded: usd(i.refundedMinor),
      method: i.method === "card" ? "Card" : `Crypto (${i.cryptoAsset ?? ""})`,
      refundable: i.refundedMinor < i.amountMinor,
    })),
    refunds: history.refunds.map((r) => ({
      id: r.id,
      invoice: numbers.get(r.invoiceId) ?? "",
      amount: usd(r.amountMinor),
      reason: r.reason,
      status: REFUND_STATUS[r.status],
      at: formatDateTime(r.createdAt),
    })),
  };
}

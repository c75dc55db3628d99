// What /admin/membership shows, as plain data for the page: amounts as text, dates formatted.
import type { getDb } from "~/db/db.server.ts";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import {
  churn,
  listSubscribers,
  monthlyRecurringRevenue,
  revenueByMonth,
  subscriberCounts,
} from "~/domain/membership/admin-billing.server.ts";
import { listPlans } from "~/domain/membership/plans.server.ts";
import { formatInvoiceNumber, type SubscriptionStatus } from "~/domain/membership/plans.ts";
import { listRefunds } from "~/domain/membership/refunds.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { pageNumber } from "~/ui/pager.tsx";

type Db = ReturnType<typeof getDb>;

export const usd = (minor: bigint) => formatAmount(minor, "USD", { grouping: true, decimals: 2 });
/** The form's text for a price: "250.00" without grouping, so it parses back. */
const priceText = (minor: bigint) => formatAmount(minor, "USD", { decimals: 2 });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (key: string) => {
  const [year, month] = key.split("-");
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
};

const STATUSES = ["active", "past_due", "expired"] as const;
export const STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = Object.freeze({
  active: "Active",
  past_due: "Payment due",
  expired: "Expired",
});

export function readSubscriberQuery(params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const raw = params.get("status");
  const status = (STATUSES as readonly string[]).includes(raw ?? "")
    ? (raw as SubscriptionStatus)
    : undefined;
  return { q, status, page: pageNumber(params) };
}

async function numbers(db: Db, now: Date) {
  const [mrr, counts, lost, revenue] = await Promise.all([
    monthlyRecurringRevenue(db, now),
    subscriberCounts(db),
    churn(db, now, 30),
    revenueByMonth(db, now, 12),
  ]);
  const peak = revenue.reduce((m, r) => (r.netMinor > m ? r.netMinor : m), 0n);
  return {
    mrr: usd(mrr),
    counts,
    churn: {
      ...lost,
      rate: lost.rate === null ? null : `${(lost.rate * 100).toFixed(1)}%`,
    },
    revenue: revenue.map((r) => ({
      month: monthLabel(r.month),
      net: usd(r.netMinor),
      gross: usd(r.grossMinor),
      refunded: usd(r.refundedMinor),
      payments: r.payments,
      // Bar length in whole percent of the best month (integer arithmetic).
      share: peak > 0n && r.netMinor > 0n ? Number((r.netMinor * 100n) / peak) : 0,
    })),
  };
}

async function plans(db: Db) {
  return (await listPlans(db)).map((p) => ({
    id: p.id,
    name: p.name,
    isDefault: p.isDefault,
    active: p.active,
    monthly: usd(p.monthlyPriceMinor),
    yearly: usd(p.yearlyPriceMinor),
    form: {
      name: p.name,
      monthlyPrice: priceText(p.nextMonthlyPriceMinor ?? p.monthlyPriceMinor),
      yearlyPrice: priceText(p.nextYearlyPriceMinor ?? p.yearlyPriceMinor),
      features: p.features.join("\n"),
      entitlements: p.entitlements.join("\n"),
    },
    scheduled: p.nextPricesFrom
      ? {
          from: formatDate(p.nextPricesFrom),
          monthly: usd(p.nextMonthlyPriceMinor ?? p.monthlyPriceMinor),
          yearly: usd(p.nextYearlyPriceMinor ?? p.yearlyPriceMinor),
        }
      : null,
    features: p.features,
    entitlements: p.entitlements,
  }));
}

export async function membershipAdminPage(
  db: Db,
  params: URLSearchParams,
  viewerId: string,
  now = new Date(),
) {
  const query = readSubscriberQuery(params);
  const [summary, planViews, subscribers, waiting] = await Promise.all([
    numbers(db, now),
    plans(db),
    listSubscribers(db, { q: query.q, status: query.status ?? "all", page: query.page }),
    listRefunds(db, { status: ["proposed"] }),
  ]);
  return {
    summary,
    plans: planViews,
    query,
    subscribers: {
      total: subscribers.total,
      page: subscribers.page,
      pageCount: subscribers.pageCount,
      rows: subscribers.rows.map((r) => ({
        id: r.subscriptionId,
        userId: r.userId,
        name: r.name,
        email: r.email,
        plan: r.plan,
        period: r.period === "monthly" ? "Monthly" : "Yearly",
        method: r.method === "card" ? "Card" : "Crypto",
        status: r.status,
        statusLabel:
          r.cancelAtPeriodEnd && r.status === "active" ? "Cancels at period end" : STATUS_LABELS[r.status],
        price: usd(r.priceMinor),
        periodEnd: formatDate(r.status === "past_due" && r.graceUntil ? r.graceUntil : r.currentPeriodEnd),
        since: formatDate(r.since),
      })),
    },
    refunds: waiting.map((w) => ({
      id: w.refund.id,
      invoice: formatInvoiceNumber(w.invoiceNumber),
      memberEmail: w.memberEmail,
      amount: usd(w.refund.amountMinor),
      reason: w.refund.reason,
      proposedAt: formatDateTime(w.refund.createdAt),
      // Said in advance; the server refuses it anyway.
      blocked:
        w.refund.proposedBy === viewerId
          ? "You proposed this refund: a second, different admin must approve it."
          : w.memberId === viewerId
            ? "You cannot act on your own account. Another admin must handle it."
            : null,
    })),
  };
}

export type MembershipAdminPage = Awaited<ReturnType<typeof membershipAdminPage>>;

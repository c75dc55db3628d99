// What the back office reads of the membership business (ADR 0070): subscribers, revenue by
// month, monthly recurring revenue, churn, and one member's billing history. Read-only.
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { billingRefunds, invoices, membershipPlans, subscriptions, users } from "../../../db/schema/index.ts";
import { type Db, queryRows } from "../../db/client.server.ts";
import type { SubscriptionStatus } from "./plans.ts";

export const SUBSCRIBERS_PAGE_SIZE = 25;

export interface SubscriberRow {
  subscriptionId: string;
  userId: string;
  email: string;
  name: string;
  plan: string;
  period: "monthly" | "yearly";
  method: "card" | "crypto";
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  priceMinor: bigint;
  currentPeriodEnd: Date;
  graceUntil: Date | null;
  since: Date;
}

/** Subscribers, newest first; `q` matches e-mail or name, `status` filters. */
export async function listSubscribers(
  db: Db,
  options: { q?: string; status?: SubscriptionStatus | "all"; page?: number } = {},
): Promise<{ rows: SubscriberRow[]; total: number; page: number; pageCount: number }> {
  const filters: SQL[] = [];
  const q = options.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(users.email, like), ilike(users.name, like));
    if (match) filters.push(match);
  }
  if (options.status && options.status !== "all") filters.push(eq(subscriptions.status, options.status));
  const where = filters.length ? and(...filters) : undefined;
  const [counted] = await db
    .select({ n: sql<string | number>`count(*)` })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Math.floor(options.page ?? 1)));
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      email: users.email,
      name: users.name,
      plan: membershipPlans.name,
      period: subscriptions.period,
      method: subscriptions.method,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      priceMinor: subscriptions.priceMinor,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      graceUntil: subscriptions.graceUntil,
      since: subscriptions.createdAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, subscriptions.planId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

const num = (v: string | number | null | undefined) => BigInt(v ?? 0);

/** Revenue per calendar month (UTC) of the last `months` months, net of refunds, oldest first. */
export async function revenueByMonth(db: Db, now = new Date(), months = 12) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const rows = await queryRows<{
    month: string;
    gross: string | number;
    refunded: string | number;
    count: string | number;
  }>(
    db,
    sql`select to_char(date_trunc('month', issued_at at time zone 'UTC'), 'YYYY-MM') as month,
               sum(amount_minor) as gross, sum(refunded_minor) as refunded, count(*) as count
        from invoices where issued_at >= ${from.toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    const row = byMonth.get(key);
    const gross = num(row?.gross);
    const refunded = num(row?.refunded);
    return {
      month: key,
      grossMinor: gross,
      refundedMinor: refunded,
      netMinor: gross - refunded,
      payments: Number(row?.count ?? 0),
    };
  });
}

/**
 * Monthly recurring revenue now: every subscription giving access and set to renew, at its
 * current price per month (a yearly price divided by 12, rounded down). Cancelled ones do not
 * recur and are left out.
 */
export async function monthlyRecurringRevenue(db: Db, now = new Date()): Promise<bigint> {
  const [row] = await queryRows<{ mrr: string | number | null }>(
    db,
    sql`select coalesce(sum(case when period = 'monthly' then price_minor else price_minor / 12 end), 0) as mrr
        from subscriptions
        where not cancel_at_period_end
          and ((status = 'active' and current_period_end > ${now.toISOString()}::timestamptz)
            or (status = 'past_due' and grace_until > ${now.toISOString()}::timestamptz))`,
  );
  return num(row?.mrr);
}

/**
 * Churn over the last `days` days: of the members subscribed at the window's start, the share
 * whose membership ended within it. Returned as a count pair so the page can show both.
 */
export async function churn(db: Db, now = new Date(), days = 30) {
  const start = new Date(now.getTime() - days * 86_400_000).toISOString();
  const [row] = await queryRows<{ at_start: string | number; ended: string | number }>(
    db,
    sql`select
          count(*) filter (where created_at <= ${start}::timestamptz
                             and (status <> 'expired' or coalesce(ended_at, updated_at) > ${start}::timestamptz)) as at_start,
          count(*) filter (where created_at <= ${start}::timestamptz and status = 'expired'
                             and coalesce(ended_at, updated_at) > ${start}::timestamptz
                             and coalesce(ended_at, updated_at) <= ${now.toISOString()}::timestamptz) as ended
        from subscriptions`,
  );
  const atStart = Number(row?.at_start ?? 0);
  const ended = Number(row?.ended ?? 0);
  return { days, atStart, ended, rate: atStart === 0 ? null : ended / atStart };
}

/** Counts by status, for the page's summary. */
export async function subscriberCounts(db: Db) {
  const rows = await db
    .select({ status: subscriptions.status, n: sql<string | number>`count(*)` })
    .from(subscriptions)
    .groupBy(subscriptions.status);
  const counts: Record<SubscriptionStatus, number> = { active: 0, past_due: 0, expired: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** One member's billing history: subscriptions, invoices with refunds, newest first. */
export async function memberBillingHistory(db: Db, userId: string) {
  const subs = await db
    .select({ sub: subscriptions, plan: membershipPlans.name })
    .from(subscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.number));
  const refunds = invoiceRows.length
    ? await db
        .select()
        .from(billingRefunds)
        .where(
          inArray(
            billingRefunds.invoiceId,
            invoiceRows.map((i) => i.id),
          ),
        )
    : [];
  return { subscriptions: subs, invoices: invoiceRows, refunds };
}

/** One invoice with its member and refunds, for the refund page; null when there is none. */
export async function invoiceForRefund(db: Db, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, email: users.email, name: users.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const refunds = await db
    .select()
    .from(billingRefunds)
    .where(eq(billingRefunds.invoiceId, invoiceId))
    .orderBy(desc(billingRefunds.createdAt));
  return { ...row, refunds };
}

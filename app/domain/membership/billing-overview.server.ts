// Settings → Billing as data (ADR 0070): the plan the member holds, the membership's state in
// words, the next renewal with any scheduled price change applied, how it is paid, and the
// invoices. Plain strings and ISO dates only, so a loader can hand it to the page as it is.
import { and, eq } from "drizzle-orm";
import { subscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { situationFor } from "./crypto-checkout.server.ts";
import {
  type CryptoPayAsset,
  isCryptoPayAsset,
  membershipStatusLabel,
  payAmountText,
  usdText,
} from "./crypto-rules.ts";
import { getMembership, givesAccess, listInvoices, type Subscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { type BillingPeriod, formatInvoiceNumber, type PaymentMethod, type Plan, priceFor } from "./plans.ts";

export interface InvoiceSummary {
  id: string;
  /** "CL-000042" */
  number: string;
  issuedAt: string;
  planId: string;
  period: BillingPeriod;
  method: PaymentMethod;
  /** "$3,000.00", and what was credited and refunded of it. */
  amount: string;
  credit: string | null;
  refunded: string | null;
  /** Crypto: what left the balance ("0.03210000 BTC"). */
  paid: string | null;
  periodStart: string;
  periodEnd: string;
}

export interface BillingOverview {
  /** The plan whose features the member holds now. */
  plan: { id: string; name: string };
  state: "none" | "active" | "cancelled" | "past_due" | "expired";
  /** "Active", "Active until 1 Dec 2026", "Payment due — access until 4 Dec 2026", "Expired". */
  statusLabel: string;
  period: BillingPeriod | null;
  method: PaymentMethod | null;
  /** Crypto: the balance renewals are paid from. */
  cryptoAsset: CryptoPayAsset | null;
  /** ISO: the end of the paid period, and of the grace while past due. */
  currentPeriodEnd: string | null;
  graceUntil: string | null;
  /** The next renewal (none once cancelled): date and amount, a scheduled price change applied. */
  nextRenewal: { date: string; amountMinor: string; amount: string; priceChanged: boolean } | null;
  /** Past due: what is owed, and the link that pays it from the balance (crypto). */
  due: { amountMinor: string; amount: string; payHref: string | null } | null;
  canCancel: boolean;
  canResume: boolean;
  /** The other period and what switching to it means now; null when it cannot switch. */
  switchTo: {
    period: BillingPeriod;
    /** A payment now (crypto monthly → yearly: price less the credit) or at the next renewal. */
    when: "now" | "at_renewal";
    priceMinor: string;
    creditMinor: string;
    dueMinor: string;
  } | null;
  invoices: InvoiceSummary[];
}

function invoiceSummary(invoice: Awaited<ReturnType<typeof listInvoices>>[number]): InvoiceSummary {
  const asset = isCryptoPayAsset(invoice.cryptoAsset) ? invoice.cryptoAsset : null;
  return {
    id: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    issuedAt: invoice.issuedAt.toISOString(),
    planId: invoice.planId,
    period: invoice.period,
    method: invoice.method,
    amount: usdText(invoice.amountMinor),
    credit: invoice.creditMinor > 0n ? usdText(invoice.creditMinor) : null,
    refunded: invoice.refundedMinor > 0n ? usdText(invoice.refundedMinor) : null,
    paid: asset && invoice.cryptoAmount !== null ? payAmountText(invoice.cryptoAmount, asset) : null,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
  };
}

function switchFor(sub: Subscription, plan: Plan, now: Date): BillingOverview["switchTo"] {
  if (sub.status !== "active" || sub.cancelAtPeriodEnd || !givesAccess(sub, now)) return null;
  const period: BillingPeriod = sub.period === "monthly" ? "yearly" : "monthly";
  const situation = situationFor(sub, plan, period, now);
  if (situation.kind === "switch") {
    const priceMinor = priceFor(plan, period, now);
    return {
      period,
      when: "now",
      priceMinor: priceMinor.toString(),
      creditMinor: situation.creditMinor.toString(),
      dueMinor: (priceMinor - situation.creditMinor).toString(),
    };
  }
  // A card switch is the provider's to prorate; a crypto switch to a shorter period waits for the renewal.
  const priceMinor = priceFor(plan, period, sub.currentPeriodEnd);
  return {
    period,
    when: sub.method === "card" ? "now" : "at_renewal",
    priceMinor: priceMinor.toString(),
    creditMinor: "0",
    dueMinor: priceMinor.toString(),
  };
}

async function everPaid(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "expired")))
    .limit(1);
  return row !== undefined;
}

/** Everything Settings → Billing shows the member. */
export async function billingOverview(db: Db, userId: string, now = new Date()): Promise<BillingOverview> {
  const membership = await getMembership(db, userId, now);
  const invoices = (await listInvoices(db, userId)).map(invoiceSummary);
  const sub = membership.subscription;
  const plan = sub ? await getPlan(db, sub.planId) : null;
  const base = { plan: { id: membership.plan.id, name: membership.plan.name }, invoices };
  if (!sub || !plan || !givesAccess(sub, now)) {
    const expired = sub !== null || (await everPaid(db, userId));
    return {
      ...base,
      state: expired ? "expired" : "none",
      statusLabel: expired ? "Expired" : `${membership.plan.name} (free)`,
      period: null,
      method: null,
      cryptoAsset: null,
      currentPeriodEnd: null,
      graceUntil: null,
      nextRenewal: null,
      due: null,
      canCancel: false,
      canResume: false,
      switchTo: null,
    };
  }
  const renewalMinor = priceFor(plan, sub.period, sub.currentPeriodEnd);
  const pastDue = sub.status === "past_due";
  const payHref =
    sub.method === "crypto"
      ? `/billing/checkout/crypto?${new URLSearchParams({ plan: plan.id, period: sub.period })}`
      : null;
  return {
    ...base,
    state: pastDue ? "past_due" : sub.cancelAtPeriodEnd ? "cancelled" : "active",
    statusLabel: membershipStatusLabel(sub, now),
    period: sub.period,
    method: sub.method,
    cryptoAsset: isCryptoPayAsset(sub.cryptoAsset) ? sub.cryptoAsset : null,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    graceUntil: sub.graceUntil?.toISOString() ?? null,
    nextRenewal:
      sub.cancelAtPeriodEnd || pastDue
        ? null
        : {
            date: sub.currentPeriodEnd.toISOString(),
            amountMinor: renewalMinor.toString(),
            amount: usdText(renewalMinor),
            priceChanged: renewalMinor !== priceFor(plan, sub.period, sub.currentPeriodStart),
          },
    due: pastDue ? { amountMinor: renewalMinor.toString(), amount: usdText(renewalMinor), payHref } : null,
    canCancel: !sub.cancelAtPeriodEnd,
    canResume: sub.cancelAtPeriodEnd,
    switchTo: switchFor(sub, plan, now),
    invoices,
  };
}

// The sample processor's clock (ADR 0070): when a subscription's period ends it charges the card
// on file again — invoice.paid with the next period, or invoice.payment_failed and daily retries
// for a card that fails, then customer.subscription.deleted after the grace days — and a
// subscription set to cancel at the period's end ends then. Each subscription is claimed with
// FOR UPDATE SKIP LOCKED in its own transaction, so several servers share the work and none
// charges twice.
import { and, asc, eq, lte, ne } from "drizzle-orm";
import {
  sampleBillingCustomers,
  sampleBillingInvoices,
  sampleBillingSubscriptions,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { addPeriod, type BillingPeriod, days, GRACE_DAYS } from "./plans.ts";
import { invoiceObject } from "./sample-events.ts";
import {
  chargeSucceeds,
  issueSampleInvoice,
  queueSampleEvent,
  queueSubscriptionUpdated,
  type SampleSubscription,
} from "./sample-processor.server.ts";

/** Retries of a failed renewal, one a day; after the last the subscription is deleted. */
export const SAMPLE_RETRY_ATTEMPTS = GRACE_DAYS;

export interface SampleRenewalResult {
  renewed: number;
  failed: number;
  ended: number;
}

export async function runSampleRenewals(db: Db, now: Date, limit = 20): Promise<SampleRenewalResult> {
  const result: SampleRenewalResult = { renewed: 0, failed: 0, ended: 0 };
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(sampleBillingSubscriptions)
        .where(
          and(
            ne(sampleBillingSubscriptions.status, "canceled"),
            lte(sampleBillingSubscriptions.nextActionAt, now),
          ),
        )
        .orderBy(asc(sampleBillingSubscriptions.nextActionAt))
        .limit(1)
        .for("update", { skipLocked: true });
      return sub ? advance(tx, sub, now) : null;
    });
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}

async function cardOf(tx: Db, customerId: string) {
  const [customer] = await tx
    .select()
    .from(sampleBillingCustomers)
    .where(eq(sampleBillingCustomers.id, customerId));
  return customer?.card ?? null;
}

async function update(tx: Db, id: string, fields: Partial<SampleSubscription>) {
  const [row] = await tx
    .update(sampleBillingSubscriptions)
    .set(fields)
    .where(eq(sampleBillingSubscriptions.id, id))
    .returning();
  if (!row) throw new Error(`sample subscription ${id} disappeared`);
  return row;
}

async function advance(tx: Db, sub: SampleSubscription, now: Date): Promise<keyof SampleRenewalResult> {
  if (sub.cancelAtPeriodEnd && now.getTime() >= sub.currentPeriodEnd.getTime()) {
    const ended = await update(tx, sub.id, {
      status: "canceled",
      endedAt: sub.currentPeriodEnd,
      nextActionAt: null,
      updatedAt: now,
    });
    await queueSubscriptionUpdated(tx, ended, now, "customer.subscription.deleted");
    return "ended";
  }
  if (sub.status === "past_due") return retry(tx, sub, now);
  return renew(tx, sub, now);
}

/** The period ended: the next one starts where it ended, at the scheduled switch's price if any. */
async function renew(tx: Db, sub: SampleSubscription, now: Date): Promise<keyof SampleRenewalResult> {
  const period = (sub.nextPeriod ?? sub.period) as BillingPeriod;
  const start = sub.currentPeriodEnd;
  const next = await update(tx, sub.id, {
    period,
    amountMinor: sub.nextAmountMinor ?? sub.amountMinor,
    nextPeriod: null,
    nextAmountMinor: null,
    currentPeriodStart: start,
    currentPeriodEnd: addPeriod(start, period),
    updatedAt: now,
  });
  if (chargeSucceeds(await cardOf(tx, sub.customerId), true)) {
    const renewed = await update(tx, sub.id, { nextActionAt: next.currentPeriodEnd, failedAttempts: 0 });
    await issueSampleInvoice(tx, renewed, { billingReason: "subscription_cycle", status: "paid", now });
    await queueSubscriptionUpdated(tx, renewed, now);
    return "renewed";
  }
  const pastDue = await update(tx, sub.id, {
    status: "past_due",
    failedAttempts: 1,
    nextActionAt: new Date(now.getTime() + days(1)),
  });
  await issueSampleInvoice(tx, pastDue, { billingReason: "subscription_cycle", status: "open", now });
  await queueSubscriptionUpdated(tx, pastDue, now);
  return "failed";
}

/** A daily retry of the open renewal invoice; after the last one the subscription is deleted. */
async function retry(tx: Db, sub: SampleSubscription, now: Date): Promise<keyof SampleRenewalResult> {
  const [open] = await tx
    .select()
    .from(sampleBillingInvoices)
    .where(and(eq(sampleBillingInvoices.subscriptionId, sub.id), eq(sampleBillingInvoices.status, "open")));
  const state = {
    subscriptionId: sub.id,
    customerId: sub.customerId,
    metadata: sub.metadata,
    productName: sub.productName,
    period: sub.period,
    billingReason: "subscription_cycle",
    priceMinor: sub.amountMinor,
    creditMinor: 0n,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    createdAt: open?.createdAt ?? now,
  };
  if (open && chargeSucceeds(await cardOf(tx, sub.customerId), true)) {
    await tx
      .update(sampleBillingInvoices)
      .set({ status: "paid", amountPaidMinor: sub.amountMinor })
      .where(eq(sampleBillingInvoices.id, open.id));
    const active = await update(tx, sub.id, {
      status: "active",
      failedAttempts: 0,
      nextActionAt: sub.currentPeriodEnd,
      updatedAt: now,
    });
    await queueSampleEvent(tx, "invoice.paid", invoiceObject({ ...state, id: open.id, status: "paid" }), now);
    await queueSubscriptionUpdated(tx, active, now);
    return "renewed";
  }
  if (!open || sub.failedAttempts >= SAMPLE_RETRY_ATTEMPTS) {
    const ended = await update(tx, sub.id, {
      status: "canceled",
      endedAt: now,
      nextActionAt: null,
      updatedAt: now,
    });
    await queueSubscriptionUpdated(tx, ended, now, "customer.subscription.deleted");
    return "ended";
  }
  await update(tx, sub.id, {
    failedAttempts: sub.failedAttempts + 1,
    nextActionAt: new Date(now.getTime() + days(1)),
    updatedAt: now,
  });
  await queueSampleEvent(
    tx,
    "invoice.payment_failed",
    invoiceObject({ ...state, id: open.id, status: "open" }),
    now,
  );
  return "failed";
}

// The sample card processor's backend (ADR 0070): what happens on "its side" when a member pays
// on its hosted page. It keeps its own records (sample_billing_*) and, in the same transaction,
// queues the Stripe-shaped webhooks it owes us (sample-delivery.server.ts sends them, signed).
// It never sees a card number: the page posts only which test card was chosen.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  sampleBillingCustomers,
  sampleBillingDeliveries,
  sampleBillingInvoices,
  sampleBillingSessions,
  sampleBillingSubscriptions,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { addPeriod, type BillingPeriod } from "./plans.ts";
import { type SampleCard, sampleCardFacts, sampleMessages } from "./sample-cards.ts";
import {
  checkoutSessionObject,
  eventEnvelope,
  invoiceObject,
  paymentMethodObject,
  type SampleInvoiceState,
  subscriptionObject,
} from "./sample-events.ts";

export type { SampleCard };
export { sampleMessages };
export type SampleSession = typeof sampleBillingSessions.$inferSelect;
export type SampleSubscription = typeof sampleBillingSubscriptions.$inferSelect;

export const sampleId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Queues one webhook in the caller's transaction: it is delivered only if the change commits. */
export async function queueSampleEvent(tx: Db, type: string, object: object, created: Date) {
  const id = sampleId("evt");
  const body = JSON.stringify(eventEnvelope({ id, type, created, object }));
  await tx.insert(sampleBillingDeliveries).values({ eventId: id, type, body, availableAt: created });
  return id;
}

/** Whether a charge on this test card succeeds. `offSession`: a renewal, with no member present to confirm. */
export function chargeSucceeds(card: string | null, offSession: boolean): boolean {
  if (card === "success") return true;
  // 4000 0027 6000 3184 asks for the bank's confirmation on every payment: off session it fails.
  return card === "confirm" && !offSession;
}

export function sessionEvent(session: SampleSession) {
  return checkoutSessionObject({
    id: session.id,
    clientReferenceId: session.clientReferenceId,
    customerId: session.customerId,
    customerEmail: session.customerEmail,
    subscriptionId: session.subscriptionId,
    amountMinor: session.amountMinor,
    metadata: session.metadata,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  });
}

/** Writes a paid invoice for `sub` and queues invoice.paid; returns the invoice id. */
export async function issueSampleInvoice(
  tx: Db,
  sub: SampleSubscription,
  input: {
    billingReason: string;
    creditMinor?: bigint;
    creditFrom?: Date;
    creditTo?: Date;
    status: "paid" | "open";
    now: Date;
  },
) {
  const id = sampleId("in");
  const creditMinor = input.creditMinor ?? 0n;
  await tx.insert(sampleBillingInvoices).values({
    id,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    billingReason: input.billingReason,
    amountPaidMinor: input.status === "paid" ? sub.amountMinor - creditMinor : 0n,
    creditMinor,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    status: input.status,
    chargeId: sampleId("ch"),
    createdAt: input.now,
  });
  const state: SampleInvoiceState = {
    id,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    metadata: sub.metadata,
    productName: sub.productName,
    period: sub.period,
    billingReason: input.billingReason,
    priceMinor: sub.amountMinor,
    creditMinor,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    status: input.status,
    createdAt: input.now,
    ...(input.creditFrom && input.creditTo ? { creditFrom: input.creditFrom, creditTo: input.creditTo } : {}),
  };
  await queueSampleEvent(
    tx,
    input.status === "paid" ? "invoice.paid" : "invoice.payment_failed",
    invoiceObject(state),
    input.now,
  );
  return id;
}

export async function queueSubscriptionUpdated(
  tx: Db,
  sub: SampleSubscription,
  now: Date,
  type = "customer.subscription.updated",
) {
  await queueSampleEvent(tx, type, subscriptionObject(sub), now);
}

/**
 * The member paid: the customer (card on file), the subscription and its first invoice are
 * written and checkout.session.completed and invoice.paid queued, all in one transaction.
 */
/** The card the member chose is now on file: payment_method.attached, as a processor reports it. */
export async function queueCardAttached(tx: Db, customerId: string, card: SampleCard, now: Date) {
  const object = paymentMethodObject({
    id: sampleId("pm"),
    customerId,
    ...sampleCardFacts(card),
    createdAt: now,
  });
  await queueSampleEvent(tx, "payment_method.attached", object, now);
}

export async function completeSampleSession(tx: Db, session: SampleSession, card: SampleCard, now: Date) {
  let customerId = session.customerId;
  if (customerId) {
    await tx.update(sampleBillingCustomers).set({ card }).where(eq(sampleBillingCustomers.id, customerId));
  } else {
    customerId = sampleId("cus");
    await tx.insert(sampleBillingCustomers).values({
      id: customerId,
      email: session.customerEmail,
      merchantUserId: session.metadata.userId ?? null,
      card,
    });
  }
  const period = session.period as BillingPeriod;
  const end = addPeriod(now, period);
  const [sub] = await tx
    .insert(sampleBillingSubscriptions)
    .values({
      id: sampleId("sub"),
      customerId,
      metadata: session.metadata,
      productName: session.productName,
      period,
      amountMinor: session.amountMinor,
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: end,
      nextActionAt: end,
      updatedAt: now,
    })
    .returning();
  if (!sub) throw new Error("the sample subscription was not written");
  await queueCardAttached(tx, customerId, card, now);
  const [done] = await tx
    .update(sampleBillingSessions)
    .set({ status: "complete", customerId, subscriptionId: sub.id, pendingCard: null, lastError: null })
    .where(eq(sampleBillingSessions.id, session.id))
    .returning();
  if (!done) throw new Error("the sample session disappeared");
  await queueSampleEvent(tx, "checkout.session.completed", sessionEvent(done), now);
  await issueSampleInvoice(tx, sub, { billingReason: "subscription_create", status: "paid", now });
}

// Applying the card provider's webhook events (ADR 0070), each in one transaction that first
// records the event id (billing_events): a second delivery of the same event finds it and changes
// nothing. Events can arrive in any order — Stripe promises none — so each handler reads the facts
// it needs from its own event (an invoice carries its subscription's metadata: checkout, member,
// plan) and never waits for another.
import { and, eq, inArray } from "drizzle-orm";
import { billingCheckouts, billingEvents, subscriptions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { formatDateTime } from "../dates.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatWithSymbol } from "../money/amount.ts";
import type { BillingEvent, ProviderName } from "./billing-provider.ts";
import {
  checkoutSessionFacts,
  type InvoiceFacts,
  invoiceFacts,
  paymentMethodFacts,
  subscriptionFacts,
} from "./card-event-objects.ts";
import { recordPaidPeriod, type Subscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { type BillingPeriod, days, GRACE_DAYS } from "./plans.ts";

export interface CardEventContext {
  provider: ProviderName;
  /** The operator's details printed on invoices (config brand, as they are today). */
  seller: Record<string, unknown>;
}

/** What became of an event: applied, a repeat of one already applied, or recorded with nothing to do. */
export type CardEventOutcome = "applied" | "duplicate" | "ignored";

/** The operator's details for an invoice, from the config's brand (unset claims are left out). */
export function sellerOf(brand: {
  name: string;
  legalEntity?: string | undefined;
  registration?: string | undefined;
  regulator?: string | undefined;
  contactEmail?: string | undefined;
}): Record<string, string> {
  const entries = Object.entries({
    name: brand.name,
    legalEntity: brand.legalEntity,
    registration: brand.registration,
    regulator: brand.regulator,
    contactEmail: brand.contactEmail,
  }).filter((e): e is [string, string] => typeof e[1] === "string");
  return Object.fromEntries(entries);
}

export async function applyCardEvent(
  db: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({
        provider: ctx.provider,
        eventId: event.id,
        type: event.type,
        createdAt: event.created,
        payload: event.object,
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (inserted.length === 0) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return checkoutCompleted(tx, event, ctx);
      case "checkout.session.expired":
        return checkoutExpired(tx, event, ctx);
      case "invoice.paid":
        return invoicePaid(tx, event, ctx);
      case "invoice.payment_failed":
        return invoicePaymentFailed(tx, event, ctx);
      case "customer.subscription.updated":
        return subscriptionUpdated(tx, event, ctx);
      case "customer.subscription.deleted":
        return subscriptionDeleted(tx, event, ctx);
      case "payment_method.attached":
        // Kept as it is (brand and last four only): the Billing page reads the newest one for the
        // member's customer (cardOnFile). Nothing else changes.
        return paymentMethodFacts(event.object) ? "applied" : "ignored";
      default:
        // charge.refunded: the refund is recorded by the refund workflow when the provider accepts
        // it; the event is kept as the provider's confirmation.
        return "ignored";
    }
  });
}

async function checkoutCompleted(
  tx: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  const facts = checkoutSessionFacts(event.object);
  if (!facts.checkoutId) return "ignored";
  const [checkout] = await tx
    .select()
    .from(billingCheckouts)
    .where(eq(billingCheckouts.id, facts.checkoutId))
    .for("update");
  if (!checkout || checkout.provider !== ctx.provider || checkout.method !== "card") return "ignored";
  if (checkout.providerSessionId && checkout.providerSessionId !== facts.sessionId) {
    log.warn("checkout.session.completed for another session", {
      checkoutId: checkout.id,
      sessionId: facts.sessionId,
    });
    return "ignored";
  }
  if (checkout.status !== "completed") {
    // Paid is paid: even a checkout we had marked expired completes when the provider says so.
    await tx
      .update(billingCheckouts)
      .set({ status: "completed", completedAt: event.created, failureReason: null })
      .where(eq(billingCheckouts.id, checkout.id));
  }
  // invoice.paid may have come first and opened the subscription: give it the customer.
  if (facts.subscriptionId && facts.customerId) {
    await tx
      .update(subscriptions)
      .set({ providerCustomerId: facts.customerId })
      .where(
        and(
          eq(subscriptions.provider, ctx.provider),
          eq(subscriptions.providerSubscriptionId, facts.subscriptionId),
        ),
      );
  }
  return "applied";
}

async function checkoutExpired(
  tx: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  const facts = checkoutSessionFacts(event.object);
  if (!facts.checkoutId) return "ignored";
  const changed = await tx
    .update(billingCheckouts)
    .set({
      status: "expired",
      failureReason: "The checkout expired before it was paid. Nothing was charged.",
    })
    .where(
      and(
        eq(billingCheckouts.id, facts.checkoutId),
        eq(billingCheckouts.provider, ctx.provider),
        eq(billingCheckouts.status, "open"),
      ),
    )
    .returning({ id: billingCheckouts.id });
  return changed.length > 0 ? "applied" : "ignored";
}

/** The period an invoice paid for, from its length: a year is over 300 days, a month under 32. */
export function periodOfInvoice(facts: Pick<InvoiceFacts, "periodStart" | "periodEnd">): BillingPeriod {
  return facts.periodEnd.getTime() - facts.periodStart.getTime() > days(300) ? "yearly" : "monthly";
}

async function subscriptionByProviderId(tx: Db, provider: ProviderName, id: string | null, live = true) {
  if (!id) return null;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, id),
        ...(live ? [inArray(subscriptions.status, ["active", "past_due"])] : []),
      ),
    )
    .for("update");
  return row ?? null;
}

/**
 * Whose invoice this is: the checkout it carries (our row says who and which plan), else the
 * subscription we already know by the provider's id (a renewal), else the metadata we gave the
 * provider (signed, so ours).
 */
async function payerOf(tx: Db, facts: InvoiceFacts, ctx: CardEventContext) {
  const checkoutId = facts.metadata.checkoutId;
  if (checkoutId) {
    const [checkout] = await tx
      .select()
      .from(billingCheckouts)
      .where(eq(billingCheckouts.id, checkoutId))
      .for("update");
    if (checkout && checkout.provider === ctx.provider && checkout.method === "card") {
      if (facts.metadata.userId && facts.metadata.userId !== checkout.userId) return null;
      return { userId: checkout.userId, planId: checkout.planId, checkout };
    }
  }
  const known = await subscriptionByProviderId(tx, ctx.provider, facts.subscriptionId, false);
  if (known) return { userId: known.userId, planId: known.planId, checkout: null };
  const { userId, planId } = facts.metadata;
  if (!userId || !planId) return null;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user ? { userId, planId, checkout: null } : null;
}

async function invoicePaid(tx: Db, event: BillingEvent, ctx: CardEventContext): Promise<CardEventOutcome> {
  const facts = invoiceFacts(event.object);
  if (facts.currency !== "usd" || facts.amountPaidMinor <= 0n) {
    log.warn("card invoice not recorded: not a USD charge", {
      invoiceId: facts.invoiceId,
      currency: facts.currency,
    });
    return "ignored";
  }
  const payer = await payerOf(tx, facts, ctx);
  if (!payer || !(await getPlan(tx, payer.planId))) {
    log.error("card invoice paid for no member we know", { invoiceId: facts.invoiceId, eventId: event.id });
    return "ignored";
  }
  const recorded = await recordPaidPeriod(tx, {
    userId: payer.userId,
    planId: payer.planId,
    period: periodOfInvoice(facts),
    method: "card",
    amountMinor: facts.amountPaidMinor,
    creditMinor: facts.creditMinor,
    periodStart: facts.periodStart,
    periodEnd: facts.periodEnd,
    provider: ctx.provider,
    ...(facts.customerId ? { providerCustomerId: facts.customerId } : {}),
    ...(facts.subscriptionId ? { providerSubscriptionId: facts.subscriptionId } : {}),
    providerInvoiceId: facts.invoiceId,
    seller: ctx.seller,
  });
  if (payer.checkout && payer.checkout.subscriptionId === null) {
    // The member's success page waits for exactly this: the checkout linked to a paid subscription.
    await tx
      .update(billingCheckouts)
      .set({
        status: "completed",
        completedAt: payer.checkout.completedAt ?? event.created,
        subscriptionId: recorded.subscriptionId,
        failureReason: null,
      })
      .where(eq(billingCheckouts.id, payer.checkout.id));
  }
  return recorded.created ? "applied" : "ignored";
}

async function invoicePaymentFailed(
  tx: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  const facts = invoiceFacts(event.object);
  const sub = await subscriptionByProviderId(tx, ctx.provider, facts.subscriptionId);
  // A failure for a period we already hold paid (the retry that succeeded arrived first) changes nothing.
  if (!sub || sub.status !== "active" || sub.currentPeriodEnd.getTime() >= facts.periodEnd.getTime())
    return "ignored";
  const graceUntil = new Date(event.created.getTime() + days(GRACE_DAYS));
  await tx
    .update(subscriptions)
    .set({ status: "past_due", graceUntil, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id));
  await emailPaymentFailed(tx, sub, facts, graceUntil, ctx);
  return "applied";
}

async function emailPaymentFailed(
  tx: Db,
  sub: Subscription,
  facts: InvoiceFacts,
  graceUntil: Date,
  ctx: CardEventContext,
) {
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, sub.userId));
  const plan = await getPlan(tx, sub.planId);
  if (!user) return;
  await enqueueEmail(tx, `membership:card-payment-failed:${ctx.provider}:${facts.invoiceId}`, {
    template: "membership-card-payment-failed",
    to: user.email,
    data: {
      name: user.name,
      plan: plan?.name ?? sub.planId,
      amount: formatWithSymbol(sub.priceMinor, "USD"),
      graceUntil: formatDateTime(graceUntil),
    },
  });
}

async function subscriptionUpdated(
  tx: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  const facts = subscriptionFacts(event.object);
  const sub = await subscriptionByProviderId(tx, ctx.provider, facts.subscriptionId);
  if (!sub) return "ignored";
  // Out of order: an update older than the one already applied is stale.
  if (sub.providerEventAt && event.created.getTime() < sub.providerEventAt.getTime()) return "ignored";
  // Only the cancellation is taken from here: the period moves only with a paid invoice, so
  // access never runs ahead of payment.
  await tx
    .update(subscriptions)
    .set({
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      canceledAt: facts.cancelAtPeriodEnd ? (facts.canceledAt ?? event.created) : null,
      providerEventAt: event.created,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, sub.id));
  return "applied";
}

async function subscriptionDeleted(
  tx: Db,
  event: BillingEvent,
  ctx: CardEventContext,
): Promise<CardEventOutcome> {
  const facts = subscriptionFacts(event.object);
  const sub = await subscriptionByProviderId(tx, ctx.provider, facts.subscriptionId);
  if (!sub) return "ignored";
  await tx
    .update(subscriptions)
    .set({
      status: "expired",
      endedAt: facts.endedAt ?? event.created,
      graceUntil: null,
      providerEventAt: event.created,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, sub.id));
  return "applied";
}

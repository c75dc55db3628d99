// The offline sample provider (ADR 0070): the BillingProvider outside production. Its hosted
// pages are on our own site (/billing/sample-checkout/:id, /billing/sample-portal/:id); its
// records are its own tables; it reports everything by webhooks signed as Stripe signs them,
// delivered to the same endpoint Stripe's reach (sample-delivery.server.ts).
import { eq } from "drizzle-orm";
import {
  sampleBillingCustomers,
  sampleBillingInvoices,
  sampleBillingRefunds,
  sampleBillingSessions,
  sampleBillingSubscriptions,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import {
  type BillingEvent,
  type BillingProvider,
  type CheckoutRequest,
  WebhookSignatureError,
} from "./billing-provider.ts";
import { MalformedEventError, toBillingEvent } from "./card-event-objects.ts";
import { addPeriod, type BillingPeriod, prorationCredit } from "./plans.ts";
import { chargeObject } from "./sample-events.ts";
import {
  chargeSucceeds,
  issueSampleInvoice,
  queueSampleEvent,
  queueSubscriptionUpdated,
  sampleId,
  sampleMessages,
} from "./sample-processor.server.ts";
import { verifySignature } from "./webhook-signature.ts";

/** How long a hosted checkout stays payable (Stripe's shortest is 30 minutes). */
export const SAMPLE_CHECKOUT_MINUTES = 30;

/** A request the processor refuses (Stripe answers these with a 4xx error). */
export class SampleProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SampleProviderError";
  }
}

export function createSampleProvider(options: {
  db: Db;
  webhookSecret: string;
  now?: () => Date;
}): BillingProvider {
  const { db, webhookSecret } = options;
  const now = options.now ?? (() => new Date());

  async function subscriptionFor(tx: Db, id: string) {
    const [sub] = await tx
      .select()
      .from(sampleBillingSubscriptions)
      .where(eq(sampleBillingSubscriptions.id, id))
      .for("update");
    if (!sub || sub.status === "canceled") throw new SampleProviderError(`No live subscription ${id}.`);
    return sub;
  }

  return {
    name: "sample",

    async createCheckout(request: CheckoutRequest) {
      const id = sampleId("cs_test");
      const created = now();
      // Like Stripe's subscription_data.metadata: the subscription and its invoices carry these.
      const metadata = {
        checkoutId: request.checkoutId,
        userId: request.userId,
        planId: request.planId,
        period: request.period,
      };
      await db.insert(sampleBillingSessions).values({
        id,
        clientReferenceId: request.checkoutId,
        customerId: request.customerId,
        customerEmail: request.email,
        metadata,
        productName: request.planName,
        period: request.period,
        amountMinor: request.amountMinor,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: created,
        expiresAt: new Date(created.getTime() + SAMPLE_CHECKOUT_MINUTES * 60_000),
      });
      return { providerSessionId: id, url: `/billing/sample-checkout/${id}` };
    },

    async portalUrl({ customerId, returnUrl }) {
      return `/billing/sample-portal/${encodeURIComponent(customerId)}?return=${encodeURIComponent(returnUrl)}`;
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancel }) {
      await db.transaction(async (tx) => {
        const sub = await subscriptionFor(tx, subscriptionId);
        if (sub.cancelAtPeriodEnd === cancel) return;
        const [updated] = await tx
          .update(sampleBillingSubscriptions)
          .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? now() : null, updatedAt: now() })
          .where(eq(sampleBillingSubscriptions.id, sub.id))
          .returning();
        if (updated) await queueSubscriptionUpdated(tx, updated, now());
      });
    },

    /**
     * The next renewal charges the new price. A switch to another period already scheduled keeps
     * its own price (the member confirmed that one).
     */
    async setRenewalPrice({ subscriptionId, period, amountMinor }) {
      return db.transaction(async (tx) => {
        const sub = await subscriptionFor(tx, subscriptionId);
        if ((sub.nextPeriod ?? sub.period) !== period) return false;
        await tx
          .update(sampleBillingSubscriptions)
          .set({ nextPeriod: period, nextAmountMinor: amountMinor, updatedAt: now() })
          .where(eq(sampleBillingSubscriptions.id, sub.id));
        return true;
      });
    },

    /**
     * Monthly → yearly starts the yearly period now and charges its price less the unused part of
     * the month (prorationCredit); a declined card refuses the switch. Yearly → monthly waits for
     * the end of the year paid for, then renews monthly.
     */
    async changePeriod({ subscriptionId, period, amountMinor }) {
      await db.transaction(async (tx) => {
        const sub = await subscriptionFor(tx, subscriptionId);
        if (sub.period === period) return;
        const at = now();
        if (period === "monthly") {
          await tx
            .update(sampleBillingSubscriptions)
            .set({ nextPeriod: period, nextAmountMinor: amountMinor, updatedAt: at })
            .where(eq(sampleBillingSubscriptions.id, sub.id));
          return;
        }
        const [customer] = await tx
          .select()
          .from(sampleBillingCustomers)
          .where(eq(sampleBillingCustomers.id, sub.customerId));
        if (!chargeSucceeds(customer?.card ?? null, false))
          throw new SampleProviderError(sampleMessages.declined);
        const credit = prorationCredit({
          priceMinor: sub.amountMinor,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          now: at,
        });
        // A month's unused part is always less than a year's price: the switch charges something.
        if (credit >= amountMinor)
          throw new SampleProviderError("The credit is more than the new period costs.");
        const creditMinor = credit;
        const end = addPeriod(at, period as BillingPeriod);
        const [switched] = await tx
          .update(sampleBillingSubscriptions)
          .set({
            period,
            amountMinor,
            nextPeriod: null,
            nextAmountMinor: null,
            currentPeriodStart: at,
            currentPeriodEnd: end,
            nextActionAt: end,
            updatedAt: at,
          })
          .where(eq(sampleBillingSubscriptions.id, sub.id))
          .returning();
        if (!switched) throw new Error("the sample subscription disappeared");
        await issueSampleInvoice(tx, switched, {
          billingReason: "subscription_update",
          creditMinor,
          creditFrom: at,
          creditTo: sub.currentPeriodEnd,
          status: "paid",
          now: at,
        });
        await queueSubscriptionUpdated(tx, switched, at);
      });
    },

    async refund({ providerInvoiceId, amountMinor, idempotencyKey }) {
      return db.transaction(async (tx) => {
        const [earlier] = await tx
          .select()
          .from(sampleBillingRefunds)
          .where(eq(sampleBillingRefunds.idempotencyKey, idempotencyKey));
        if (earlier) return { refundId: earlier.id };
        const [invoice] = await tx
          .select()
          .from(sampleBillingInvoices)
          .where(eq(sampleBillingInvoices.id, providerInvoiceId))
          .for("update");
        if (!invoice || invoice.status !== "paid")
          throw new SampleProviderError(`No paid invoice ${providerInvoiceId}.`);
        if (amountMinor <= 0n || invoice.refundedMinor + amountMinor > invoice.amountPaidMinor)
          throw new SampleProviderError("The refund is more than what is left of the charge.");
        const refundId = sampleId("re");
        const at = now();
        await tx
          .insert(sampleBillingRefunds)
          .values({ id: refundId, invoiceId: invoice.id, amountMinor, idempotencyKey });
        const refundedMinor = invoice.refundedMinor + amountMinor;
        await tx
          .update(sampleBillingInvoices)
          .set({ refundedMinor })
          .where(eq(sampleBillingInvoices.id, invoice.id));
        await queueSampleEvent(
          tx,
          "charge.refunded",
          chargeObject({
            id: invoice.chargeId,
            customerId: invoice.customerId,
            invoiceId: invoice.id,
            amountMinor: invoice.amountPaidMinor,
            refundedMinor,
            createdAt: invoice.createdAt,
          }),
          at,
        );
        return { refundId };
      });
    },

    parseWebhook(rawBody: string, signatureHeader: string | null, at: Date): BillingEvent {
      verifySignature(rawBody, signatureHeader, webhookSecret, at);
      try {
        return toBillingEvent(JSON.parse(rawBody));
      } catch (error) {
        // Signed by us but unreadable: refuse it the same way, so nothing half-read is stored.
        if (error instanceof SyntaxError || error instanceof MalformedEventError)
          throw new WebhookSignatureError(`The webhook body is not an event: ${error.message}`);
        throw error;
      }
    },
  };
}

// Stripe, the production BillingProvider (ADR 0070). The member types their card on Stripe's hosted
// Checkout and customer portal only; we hold Stripe's customer and subscription ids. Every change
// comes back to us by webhook (verified with Stripe's own constructEvent) and is applied there, so
// the calls below only ask Stripe to act.
// Not exercised against Stripe here (no network): its signature check and event reading are tested
// with Stripe's own test header and Stripe-shaped fixtures (tests/fixtures/stripe).
import Stripe from "stripe";
import type { BillingEvent, BillingProvider, CheckoutRequest } from "./billing-provider.ts";
import { WebhookSignatureError } from "./billing-provider.ts";
import { MalformedEventError, toBillingEvent } from "./card-event-objects.ts";
import type { BillingPeriod } from "./plans.ts";
import { SIGNATURE_TOLERANCE_SECONDS } from "./webhook-signature.ts";

const interval = (period: BillingPeriod) => (period === "monthly" ? ("month" as const) : ("year" as const));

/** Stripe's metadata on the session and (subscription_data) on the subscription and its invoices. */
export function checkoutMetadata(request: CheckoutRequest): Record<string, string> {
  return {
    checkoutId: request.checkoutId,
    userId: request.userId,
    planId: request.planId,
    period: request.period,
  };
}

/** The Checkout Session we ask for: subscription mode, our price inline, our checkout id echoed back. */
export function checkoutSessionParams(request: CheckoutRequest, brand: string) {
  const metadata = checkoutMetadata(request);
  return {
    mode: "subscription" as const,
    client_reference_id: request.checkoutId,
    ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: Number(request.amountMinor),
          recurring: { interval: interval(request.period) },
          product_data: { name: `${brand} ${request.planName}` },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
}

export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  brand: string;
  client?: Stripe;
}): BillingProvider {
  const stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });

  async function currentItem(subscriptionId: string) {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
    return { sub, item, product };
  }

  return {
    name: "stripe",

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(checkoutSessionParams(request, options.brand), {
        idempotencyKey: `checkout:${request.checkoutId}`,
      });
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { providerSessionId: session.id, url: session.url };
    },

    async portalUrl({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancel }) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    /**
     * Monthly → yearly: the yearly price from now, Stripe crediting the unused part of the month on
     * the same invoice, charged at once (a declined card refuses the switch). Yearly → monthly: a
     * schedule keeps the year paid for and renews monthly after it.
     */
    async changePeriod({ subscriptionId, period, amountMinor }) {
      const { item, product } = await currentItem(subscriptionId);
      const price_data = {
        currency: "usd",
        product,
        unit_amount: Number(amountMinor),
        recurring: { interval: interval(period) },
      };
      if (period === "yearly") {
        await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price_data }],
          proration_behavior: "always_invoice",
          billing_cycle_anchor: { type: "now" },
          payment_behavior: "error_if_incomplete",
        });
        return;
      }
      const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
      const phase = schedule.phases[0];
      if (!phase) throw new Error("Stripe returned a schedule without a phase");
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: "release",
        phases: [
          {
            items: phase.items.map((i) => ({
              price: typeof i.price === "string" ? i.price : i.price.id,
              quantity: i.quantity ?? 1,
            })),
            start_date: phase.start_date,
            end_date: phase.end_date,
          },
          { items: [{ price_data, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
        ],
      });
    },

    /**
     * A new price on the subscription's item without proration: Stripe bills it from the next
     * invoice, the current period stays as paid.
     */
    async setRenewalPrice({ subscriptionId, period, amountMinor }) {
      const { item, product } = await currentItem(subscriptionId);
      // Another interval (a schedule moved it, or our record lags a switch): changing it here would
      // restart the billing cycle and invoice a full period now.
      if (item.price.recurring?.interval !== interval(period)) return false;
      if (item.price.unit_amount === Number(amountMinor)) return true;
      await stripe.subscriptions.update(subscriptionId, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: "usd",
              product,
              unit_amount: Number(amountMinor),
              recurring: { interval: interval(period) },
            },
          },
        ],
        proration_behavior: "none",
      });
      return true;
    },

    async refund({ providerInvoiceId, amountMinor, idempotencyKey }) {
      const invoice = await stripe.invoices.retrieve(providerInvoiceId, { expand: ["payments"] });
      const payment = invoice.payments?.data.find((p) => p.status === "paid")?.payment;
      const paymentIntent =
        typeof payment?.payment_intent === "string" ? payment.payment_intent : payment?.payment_intent?.id;
      const charge = typeof payment?.charge === "string" ? payment.charge : payment?.charge?.id;
      if (!paymentIntent && !charge)
        throw new Error(`Stripe invoice ${providerInvoiceId} has no paid payment to refund`);
      const refund = await stripe.refunds.create(
        { ...(paymentIntent ? { payment_intent: paymentIntent } : { charge }), amount: Number(amountMinor) },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },

    parseWebhook(rawBody: string, signatureHeader: string | null, now: Date): BillingEvent {
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? "",
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      try {
        return toBillingEvent(event);
      } catch (error) {
        if (error instanceof MalformedEventError) throw new WebhookSignatureError(error.message);
        throw error;
      }
    },
  };
}

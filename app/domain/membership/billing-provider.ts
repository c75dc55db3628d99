// The card side of billing (ADR 0070): what Coinlens asks of a card processor. Stripe in
// production; the offline sample provider everywhere else, which plays Stripe's part on our own
// site and signs its webhooks the way Stripe does. No card number ever reaches our server: the
// member types it on the provider's page only.
import type { BillingPeriod } from "./plans.ts";

export type ProviderName = "sample" | "stripe";

export interface CheckoutRequest {
  /** Our billing_checkouts row; the provider echoes it back in its events (client_reference_id). */
  checkoutId: string;
  userId: string;
  email: string;
  planId: string;
  planName: string;
  period: BillingPeriod;
  /** USD cents for the first period. */
  amountMinor: bigint;
  /** The member's provider customer, if they paid by card before. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A webhook event as the provider reports it, reduced to what billing reads. The provider's own
 * event id makes each one apply once; `created` orders events that arrive out of order.
 */
export interface BillingEvent {
  id: string;
  type:
    | "checkout.session.completed"
    | "checkout.session.expired"
    | "invoice.paid"
    | "invoice.payment_failed"
    | "customer.subscription.updated"
    | "customer.subscription.deleted"
    | "charge.refunded"
    | "payment_method.attached"
    | "ignored";
  created: Date;
  /** The event's object (a checkout session, an invoice, a subscription, a charge). */
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature does not match.") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export interface BillingProvider {
  readonly name: ProviderName;
  /** Starts a hosted checkout for a subscription; the member is sent to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ providerSessionId: string; url: string }>;
  /** Where the member changes their card (the provider's customer portal). */
  portalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Cancel at the period's end (true) or take the cancellation back (false). */
  setCancelAtPeriodEnd(input: { subscriptionId: string; cancel: boolean }): Promise<void>;
  /** Monthly ↔ yearly; the provider prorates and reports the result by webhook. */
  changePeriod(input: { subscriptionId: string; period: BillingPeriod; amountMinor: bigint }): Promise<void>;
  /**
   * From the next renewal on, charge `amountMinor` a `period` (a plan's price change; ADR 0070).
   * Nothing is charged now and the period paid for is untouched. Setting the same price again is
   * harmless, so a retry after a crash is safe. False, changing nothing, when the next renewal is
   * in another period than `period` (a switch the provider has scheduled): the billing interval is
   * never changed here, since that would bill a new period at once.
   */
  setRenewalPrice(input: {
    subscriptionId: string;
    period: BillingPeriod;
    amountMinor: bigint;
  }): Promise<boolean>;
  /** Refunds part or all of a paid invoice. */
  refund(input: {
    providerInvoiceId: string;
    amountMinor: bigint;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Verifies the signature over the raw body and parses the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null, now: Date): BillingEvent;
}

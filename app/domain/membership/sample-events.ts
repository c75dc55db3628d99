// The sample card processor's webhooks, built in Stripe's shape (API 2025 and later) so our
// endpoint reads them exactly as it reads Stripe's (card-event-objects.ts): an invoice carries its
// subscription and the subscription's metadata under parent.subscription_details, and its period on
// its lines. Pure.

export type SamplePeriod = "monthly" | "yearly";
export const SAMPLE_API_VERSION = "2026-10-28.sample";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const interval = (period: SamplePeriod) => (period === "monthly" ? "month" : "year");

export function eventEnvelope(input: { id: string; type: string; created: Date; object: object }) {
  return {
    id: input.id,
    object: "event",
    api_version: SAMPLE_API_VERSION,
    created: seconds(input.created),
    data: { object: input.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
  };
}

export function checkoutSessionObject(s: {
  id: string;
  clientReferenceId: string;
  customerId: string | null;
  customerEmail: string;
  subscriptionId: string | null;
  amountMinor: bigint;
  metadata: Record<string, string>;
  status: "complete" | "expired" | "open";
  successUrl: string;
  cancelUrl: string;
  createdAt: Date;
  expiresAt: Date;
}) {
  return {
    id: s.id,
    object: "checkout.session",
    amount_total: Number(s.amountMinor),
    client_reference_id: s.clientReferenceId,
    created: seconds(s.createdAt),
    currency: "usd",
    customer: s.customerId,
    customer_email: s.customerEmail,
    expires_at: seconds(s.expiresAt),
    livemode: false,
    metadata: s.metadata,
    mode: "subscription",
    payment_status: s.status === "complete" ? "paid" : "unpaid",
    status: s.status,
    subscription: s.subscriptionId,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
  };
}

export interface SampleSubscriptionState {
  id: string;
  customerId: string;
  metadata: Record<string, string>;
  productName: string;
  period: string;
  amountMinor: bigint;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
}

export function subscriptionObject(s: SampleSubscriptionState) {
  const period = s.period as SamplePeriod;
  return {
    id: s.id,
    object: "subscription",
    cancel_at: s.cancelAtPeriodEnd ? seconds(s.currentPeriodEnd) : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt ? seconds(s.canceledAt) : null,
    currency: "usd",
    customer: s.customerId,
    ended_at: s.endedAt ? seconds(s.endedAt) : null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: "subscription_item",
          current_period_start: seconds(s.currentPeriodStart),
          current_period_end: seconds(s.currentPeriodEnd),
          price: {
            object: "price",
            currency: "usd",
            product: s.productName,
            recurring: { interval: interval(period), interval_count: 1 },
            unit_amount: Number(s.amountMinor),
          },
          quantity: 1,
        },
      ],
    },
    livemode: false,
    metadata: s.metadata,
    status: s.status,
  };
}

export interface SampleInvoiceState {
  id: string;
  subscriptionId: string;
  customerId: string;
  metadata: Record<string, string>;
  productName: string;
  period: string;
  billingReason: string;
  /** The price of the period (the charged line). */
  priceMinor: bigint;
  creditMinor: bigint;
  periodStart: Date;
  periodEnd: Date;
  status: "paid" | "open";
  createdAt: Date;
  /** The period replaced by a switch (its unused part is the credit line). */
  creditFrom?: Date;
  creditTo?: Date;
}

function subscriptionLine(
  invoice: SampleInvoiceState,
  amount: bigint,
  proration: boolean,
  from: Date,
  to: Date,
) {
  return {
    id: `il_${invoice.id.slice(3)}_${proration ? "credit" : "period"}`,
    object: "line_item",
    amount: Number(amount),
    currency: "usd",
    description: proration
      ? `Unused time on ${invoice.productName}`
      : `1 × ${invoice.productName} (${invoice.period})`,
    parent: {
      type: "subscription_item_details",
      subscription_item_details: { proration, subscription: invoice.subscriptionId },
    },
    period: { start: seconds(from), end: seconds(to) },
  };
}

export function invoiceObject(i: SampleInvoiceState) {
  const amountPaid = i.priceMinor - i.creditMinor;
  const lines = [subscriptionLine(i, i.priceMinor, false, i.periodStart, i.periodEnd)];
  if (i.creditMinor > 0n)
    lines.unshift(
      subscriptionLine(i, -i.creditMinor, true, i.creditFrom ?? i.periodStart, i.creditTo ?? i.periodStart),
    );
  return {
    id: i.id,
    object: "invoice",
    amount_due: Number(amountPaid),
    amount_paid: i.status === "paid" ? Number(amountPaid) : 0,
    amount_remaining: i.status === "paid" ? 0 : Number(amountPaid),
    billing_reason: i.billingReason,
    created: seconds(i.createdAt),
    currency: "usd",
    customer: i.customerId,
    lines: { object: "list", data: lines, has_more: false },
    livemode: false,
    parent: {
      type: "subscription_details",
      subscription_details: { metadata: i.metadata, subscription: i.subscriptionId },
    },
    period_start: seconds(i.periodStart),
    period_end: seconds(i.periodStart),
    status: i.status,
  };
}

export function chargeObject(c: {
  id: string;
  customerId: string;
  invoiceId: string;
  amountMinor: bigint;
  refundedMinor: bigint;
  createdAt: Date;
}) {
  return {
    id: c.id,
    object: "charge",
    amount: Number(c.amountMinor),
    amount_refunded: Number(c.refundedMinor),
    created: seconds(c.createdAt),
    currency: "usd",
    customer: c.customerId,
    metadata: { invoiceId: c.invoiceId },
    paid: true,
    refunded: c.refundedMinor >= c.amountMinor,
    status: "succeeded",
  };
}

/** A card attached to a customer, in Stripe's payment_method shape: brand and last four only. */
export function paymentMethodObject(p: {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  createdAt: Date;
}) {
  return {
    id: p.id,
    object: "payment_method",
    card: { brand: p.brand, last4: p.last4 },
    created: seconds(p.createdAt),
    customer: p.customerId,
    type: "card",
  };
}

// Reading Stripe-shaped webhook events (ADR 0070). Both card providers speak Stripe's shape —
// Stripe itself, and the sample provider that imitates it — so one reader serves both, and the
// recorded Stripe events in tests/fixtures/stripe prove it against the real shape. Pure.
// Shapes follow Stripe's API from 2025 on: an invoice names its subscription and the
// subscription's metadata under `parent.subscription_details`; the period is on its lines.
import type { BillingEvent } from "./billing-provider.ts";

const HANDLED: readonly string[] = Object.freeze([
  "checkout.session.completed",
  "checkout.session.expired",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "payment_method.attached",
]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
/** An id field that may be expanded into its object. */
const idOf = (v: unknown): string | null => str(v) ?? (isObj(v) ? str(v.id) : null);
const secondsToDate = (v: unknown): Date | null =>
  typeof v === "number" && Number.isInteger(v) && v > 0 ? new Date(v * 1000) : null;
const cents = (v: unknown): bigint | null =>
  typeof v === "number" && Number.isSafeInteger(v) ? BigInt(v) : null;

function metadataOf(v: unknown): Record<string, string> {
  if (!isObj(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export class MalformedEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedEventError";
  }
}

/** The event envelope: id, type, created and its object. Unknown types become "ignored". */
export function toBillingEvent(json: unknown): BillingEvent {
  if (!isObj(json) || json.object !== "event") throw new MalformedEventError("not an event");
  const id = str(json.id);
  const type = str(json.type);
  const created = secondsToDate(json.created);
  const object = isObj(json.data) ? json.data.object : undefined;
  if (!id || !type || !created || !isObj(object)) throw new MalformedEventError("incomplete event");
  return {
    id,
    type: HANDLED.includes(type) ? (type as BillingEvent["type"]) : "ignored",
    created,
    object,
  };
}

export interface CheckoutSessionFacts {
  sessionId: string;
  /** Our billing_checkouts id: client_reference_id, or the metadata's checkoutId. */
  checkoutId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  paid: boolean;
  metadata: Record<string, string>;
}

export function checkoutSessionFacts(object: Obj): CheckoutSessionFacts {
  const sessionId = str(object.id);
  if (!sessionId) throw new MalformedEventError("checkout session without id");
  const metadata = metadataOf(object.metadata);
  return {
    sessionId,
    checkoutId: str(object.client_reference_id) ?? metadata.checkoutId ?? null,
    customerId: idOf(object.customer),
    subscriptionId: idOf(object.subscription),
    paid: object.payment_status === "paid" || object.payment_status === "no_payment_required",
    metadata,
  };
}

export interface InvoiceFacts {
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string | null;
  currency: string;
  /** What the card was charged, cents. */
  amountPaidMinor: bigint;
  /** Proration credit for the unused part of a replaced period (negative lines), cents. */
  creditMinor: bigint;
  /** The subscription period this invoice pays for. */
  periodStart: Date;
  periodEnd: Date;
  billingReason: string | null;
  /** The subscription's metadata as it was when the invoice was made (checkoutId, userId …). */
  metadata: Record<string, string>;
}

interface Line {
  amount: bigint;
  start: Date;
  end: Date;
  proration: boolean;
}

function linesOf(invoice: Obj): Line[] {
  const data = isObj(invoice.lines) && Array.isArray(invoice.lines.data) ? invoice.lines.data : [];
  return data.filter(isObj).flatMap((line) => {
    const amount = cents(line.amount);
    const period = isObj(line.period) ? line.period : {};
    const start = secondsToDate(period.start);
    const end = secondsToDate(period.end);
    if (amount === null || !start || !end) return [];
    const parent = isObj(line.parent) ? line.parent : {};
    const item = isObj(parent.subscription_item_details) ? parent.subscription_item_details : {};
    return [{ amount, start, end, proration: item.proration === true || line.proration === true }];
  });
}

export function invoiceFacts(object: Obj): InvoiceFacts {
  const invoiceId = str(object.id);
  if (!invoiceId) throw new MalformedEventError("invoice without id");
  const parent = isObj(object.parent) ? object.parent : {};
  const details = isObj(parent.subscription_details) ? parent.subscription_details : {};
  const lines = linesOf(object);
  // The period paid for is the charged, non-prorated line's; a switch's credit is a negative line.
  const charged = lines.find((l) => !l.proration && l.amount > 0n) ?? lines.find((l) => l.amount > 0n);
  if (!charged) throw new MalformedEventError("invoice without a charged period");
  const amountPaid = cents(object.amount_paid);
  if (amountPaid === null) throw new MalformedEventError("invoice without amount_paid");
  return {
    invoiceId,
    // Before 2025 the subscription and its metadata were at the top of the invoice.
    subscriptionId: idOf(details.subscription) ?? idOf(object.subscription),
    customerId: idOf(object.customer),
    currency: str(object.currency) ?? "",
    amountPaidMinor: amountPaid,
    creditMinor: lines.filter((l) => l.amount < 0n).reduce((sum, l) => sum - l.amount, 0n),
    periodStart: charged.start,
    periodEnd: charged.end,
    billingReason: str(object.billing_reason),
    metadata: { ...metadataOf(object.subscription_details), ...metadataOf(details.metadata) },
  };
}

export interface SubscriptionFacts {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  metadata: Record<string, string>;
}

export function subscriptionFacts(object: Obj): SubscriptionFacts {
  const subscriptionId = str(object.id);
  if (!subscriptionId) throw new MalformedEventError("subscription without id");
  return {
    subscriptionId,
    customerId: idOf(object.customer),
    status: str(object.status) ?? "",
    // A cancellation scheduled for a date (cancel_at) at the period's end reads the same to a member.
    cancelAtPeriodEnd: object.cancel_at_period_end === true || secondsToDate(object.cancel_at) !== null,
    canceledAt: secondsToDate(object.canceled_at),
    endedAt: secondsToDate(object.ended_at),
    metadata: metadataOf(object.metadata),
  };
}

/** A card put on file for a customer: only its brand and last four digits (ADR 0070), never more. */
export interface PaymentMethodFacts {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
}

export function paymentMethodFacts(object: Obj): PaymentMethodFacts | null {
  const card = isObj(object.card) ? object.card : null;
  const paymentMethodId = str(object.id);
  const customerId = str(object.customer);
  const brand = str(card?.brand);
  const last4 = str(card?.last4);
  if (!paymentMethodId || !customerId || !brand || !last4 || !/^\d{4}$/.test(last4)) return null;
  return { paymentMethodId, customerId, brand, last4 };
}

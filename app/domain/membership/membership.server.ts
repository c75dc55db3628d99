// A member's membership: which plan's entitlements they hold now, and the one way a paid period
// is recorded (card webhook, crypto payment, renewal job alike): the subscription is opened or
// extended and an invoice with the next gap-free number is issued, with its receipt e-mail, in
// the caller's transaction (ADR 0070).
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { invoices, subscriptions, users } from "../../../db/schema/index.ts";
import { type Db, queryRows } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { getDefaultPlan, getPlan } from "./plans.server.ts";
import { type BillingPeriod, grants, type PaymentMethod, type Plan } from "./plans.ts";
import { receiptEmailData } from "./receipts.ts";

export type Subscription = typeof subscriptions.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;

export interface Membership {
  /** The plan whose entitlements the member holds now (the default plan without a paid one). */
  plan: Plan;
  /** The live subscription (active or past due), if any, even if its access has just lapsed. */
  subscription: Subscription | null;
  entitlements: string[];
}

/**
 * Whether a live subscription still gives access at `now`: an active one until its period ends
 * (the renewal job moves it on or to past due), a past-due one until its grace ends.
 */
export function givesAccess(sub: Subscription, now: Date): boolean {
  if (sub.status === "active") return now.getTime() < sub.currentPeriodEnd.getTime();
  if (sub.status === "past_due") return sub.graceUntil !== null && now.getTime() < sub.graceUntil.getTime();
  return false;
}

/**
 * The member's one live subscription (active or past due), if any. `lock` takes its row lock for
 * the caller's transaction (a payment or a change that must not race the renewal job).
 */
export async function liveSubscription(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Subscription | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function getMembership(db: Db, userId: string, now = new Date()): Promise<Membership> {
  const subscription = await liveSubscription(db, userId);
  const paid = subscription && givesAccess(subscription, now) ? await getPlan(db, subscription.planId) : null;
  const plan = paid ?? (await getDefaultPlan(db));
  return { plan, subscription, entitlements: [...plan.entitlements] };
}

export async function hasEntitlement(db: Db, userId: string, entitlement: string, now = new Date()) {
  return grants((await getMembership(db, userId, now)).entitlements, entitlement);
}

// ---------------------------------------------------------------------------------------------
// Recording a paid period

export interface PaidPeriod {
  userId: string;
  planId: string;
  period: BillingPeriod;
  method: PaymentMethod;
  /** USD cents charged for this period (after any credit). */
  amountMinor: bigint;
  /** Proration credit taken off this period's price (a switch). */
  creditMinor?: bigint;
  periodStart: Date;
  periodEnd: Date;
  provider?: "sample" | "stripe";
  providerCustomerId?: string;
  providerSubscriptionId?: string;
  providerInvoiceId?: string;
  /** When the provider created the event that reports it (for out-of-order events). */
  providerEventAt?: Date;
  cryptoAsset?: "USD" | "USDT" | "BTC";
  cryptoAmount?: bigint;
  /** Crypto: the ledger operation that paid it. */
  operationId?: bigint;
  /** The operator's legal details (config brand), printed on the invoice as they are today. */
  seller: Record<string, unknown>;
}

export interface RecordedPayment {
  subscriptionId: string;
  invoiceId: string;
  invoiceNumber: bigint;
  /** False when this payment was already recorded (same provider invoice or ledger operation). */
  created: boolean;
}

/**
 * Records one paid period. Call it inside the transaction that took the money (the ledger entry,
 * the webhook's event row), so the subscription, the invoice and its e-mail commit with it or not
 * at all. Idempotent per provider invoice id and per ledger operation: a second call finds the
 * invoice and changes nothing. The member's live subscription is extended (a renewal or a
 * switch replaces its period, plan and price) or a new one opened.
 */
export async function recordPaidPeriod(tx: Db, input: PaidPeriod): Promise<RecordedPayment> {
  const existing = await findInvoiceFor(tx, input);
  if (existing) {
    return {
      subscriptionId: existing.subscriptionId ?? "",
      invoiceId: existing.id,
      invoiceNumber: existing.number,
      created: false,
    };
  }
  // One live subscription per member: serialise payments of the same member.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('membership:' || ${input.userId}))`);
  const current = await liveSubscription(tx, input.userId);
  const subscriptionId = current?.id ?? randomUUID();
  const fields = {
    planId: input.planId,
    period: input.period,
    method: input.method,
    status: "active" as const,
    priceMinor: input.amountMinor + (input.creditMinor ?? 0n),
    currentPeriodStart: input.periodStart,
    currentPeriodEnd: input.periodEnd,
    graceUntil: null,
    provider: input.provider ?? null,
    providerCustomerId: input.providerCustomerId ?? current?.providerCustomerId ?? null,
    providerSubscriptionId: input.providerSubscriptionId ?? null,
    providerEventAt: input.providerEventAt ?? current?.providerEventAt ?? null,
    cryptoAsset: input.cryptoAsset ?? null,
    // The provider now charges what this period cost until told otherwise (renewal-prices.server.ts).
    providerRenewalMinor: null,
    updatedAt: new Date(),
  };
  if (current) {
    await tx.update(subscriptions).set(fields).where(eq(subscriptions.id, current.id));
  } else {
    await tx.insert(subscriptions).values({ id: subscriptionId, userId: input.userId, ...fields });
  }
  const invoice = await issueInvoice(tx, { ...input, subscriptionId });
  return { subscriptionId, invoiceId: invoice.id, invoiceNumber: invoice.number, created: true };
}

async function findInvoiceFor(tx: Db, input: PaidPeriod): Promise<Invoice | null> {
  if (input.provider && input.providerInvoiceId) {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.provider, input.provider), eq(invoices.providerInvoiceId, input.providerInvoiceId)),
      );
    if (row) return row;
  }
  if (input.operationId !== undefined) {
    const [row] = await tx.select().from(invoices).where(eq(invoices.operationId, input.operationId));
    if (row) return row;
  }
  return null;
}

/** The next invoice number, taken under the counter row's lock: it commits with the invoice or not at all, so numbers have no gaps. */
export async function takeInvoiceNumber(tx: Db): Promise<bigint> {
  const [row] = await queryRows<{ number: string | number }>(
    tx,
    sql`update invoice_counter set next = next + 1 where id = 1 returning next - 1 as number`,
  );
  if (!row) throw new Error("invoice_counter has no row: the database is not migrated.");
  return BigInt(row.number);
}

async function issueInvoice(tx: Db, input: PaidPeriod & { subscriptionId: string }): Promise<Invoice> {
  const [buyer] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!buyer) throw new Error(`No member ${input.userId}`);
  const number = await takeInvoiceNumber(tx);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: randomUUID(),
      number,
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      planId: input.planId,
      period: input.period,
      method: input.method,
      amountMinor: input.amountMinor,
      creditMinor: input.creditMinor ?? 0n,
      cryptoAsset: input.cryptoAsset ?? null,
      cryptoAmount: input.cryptoAmount ?? null,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      provider: input.provider ?? null,
      providerInvoiceId: input.providerInvoiceId ?? null,
      operationId: input.operationId ?? null,
      seller: input.seller,
      buyer,
    })
    .returning();
  if (!invoice) throw new Error("The invoice was not written.");
  // The receipt, queued with the payment: it goes out only if the payment commits, once per invoice.
  const plan = await getPlan(tx, input.planId);
  await enqueueEmail(tx, `receipt:${invoice.id}`, {
    to: buyer.email,
    template: "membership-receipt",
    data: receiptEmailData(invoice, { buyer: buyer.name, plan: plan?.name ?? input.planId }),
  });
  return invoice;
}

export async function listInvoices(db: Db, userId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.number));
}

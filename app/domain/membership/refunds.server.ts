// Refunds of membership payments (ADR 0070), by the back office. A card payment is refunded
// through the billing provider; a crypto payment by a reversing ledger entry from the operator's
// membership revenue back to the member's balance, in the asset and proportion they paid. Four
// eyes: nobody refunds their own payment, and above a configured amount a second admin approves.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { billingRefunds, invoices, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { fourEyesMessages, type StaffActor } from "../approvals/four-eyes.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount, formatWithSymbol, safeParseAmount } from "../money/amount.ts";
import { isAsset } from "../money/assets.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { formatInvoiceNumber } from "./plans.ts";

export const refundMessages = Object.freeze({
  amount: "Enter an amount in USD greater than zero, with at most 2 decimals.",
  tooMuch: (left: string) => `At most ${left} USD of this payment can still be refunded.`,
  reason: "Say why, in 1 to 500 characters: the member and the audit log will read it.",
  notFound: "No such payment.",
  notProposed: "This refund has already been decided.",
  ownRefund: "You proposed this refund: a second, different admin must approve it.",
  providerFailed: "The card processor did not accept the refund. Nothing changed; try again later.",
});

export type RefundResult =
  | { ok: true; refundId: string; status: "proposed" | "completed" }
  | { ok: false; status: 400 | 403 | 404 | 409 | 502; message: string; field?: "amount" | "reason" };

export interface RefundContext {
  /** Refunds above this many USD cents wait for a second admin. */
  twoAdminAboveMinor: bigint;
  /** The card processor, for card payments. */
  provider: Pick<BillingProvider, "refund" | "name"> | null;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** What can still be refunded: the payment less what was refunded or is awaiting approval. */
async function refundableMinor(db: Db, invoice: InvoiceRow): Promise<bigint> {
  const pending = await db
    .select({ amount: billingRefunds.amountMinor })
    .from(billingRefunds)
    .where(and(eq(billingRefunds.invoiceId, invoice.id), eq(billingRefunds.status, "proposed")));
  const waiting = pending.reduce((sum, r) => sum + r.amount, 0n);
  return invoice.amountMinor - invoice.refundedMinor - waiting;
}

async function refuse(db: Db, actor: StaffActor, detail: Record<string, unknown>) {
  await recordAdminAudit(db, {
    adminId: actor.adminId,
    event: "admin-action-refused",
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { action: "refund", ...detail },
  });
}

/**
 * An admin refunds part or all of a paid invoice. Up to the two-admin amount it is done at once;
 * above it, it waits for a second admin (approveRefund).
 */
export async function proposeRefund(
  db: Db,
  actor: StaffActor,
  input: { invoiceId: string; amount: string; reason: string },
  ctx: RefundContext,
): Promise<RefundResult> {
  const parsed = safeParseAmount(input.amount ?? "", "USD", { allowZero: false });
  if (!parsed.ok) return { ok: false, status: 400, message: refundMessages.amount, field: "amount" };
  const reason = (input.reason ?? "").trim();
  if (reason.length < 1 || reason.length > 500) {
    return { ok: false, status: 400, message: refundMessages.reason, field: "reason" };
  }
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
  if (!invoice) return { ok: false, status: 404, message: refundMessages.notFound };
  if (invoice.userId === actor.adminId) {
    await refuse(db, actor, { invoiceId: invoice.id, reason: "own-money" });
    return { ok: false, status: 403, message: fourEyesMessages.ownMoney };
  }
  const left = await refundableMinor(db, invoice);
  if (parsed.value > left) {
    const text = formatAmount(left < 0n ? 0n : left, "USD", { grouping: true, decimals: 2 });
    return { ok: false, status: 400, message: refundMessages.tooMuch(text), field: "amount" };
  }
  const id = randomUUID();
  await db.insert(billingRefunds).values({
    id,
    invoiceId: invoice.id,
    amountMinor: parsed.value,
    reason,
    status: "proposed",
    proposedBy: actor.adminId,
  });
  await recordAdminAudit(db, {
    adminId: actor.adminId,
    event: "admin-refund-proposed",
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { refundId: id, invoiceId: invoice.id, amountMinor: parsed.value.toString(), reason },
  });
  if (parsed.value > ctx.twoAdminAboveMinor) return { ok: true, refundId: id, status: "proposed" };
  return completeRefund(db, actor, id, ctx, { sameAdminAllowed: true });
}

/** A second admin approves a refund waiting above the two-admin amount. */
export function approveRefund(db: Db, actor: StaffActor, refundId: string, ctx: RefundContext) {
  return completeRefund(db, actor, refundId, ctx, { sameAdminAllowed: false });
}

export async function declineRefund(db: Db, actor: StaffActor, refundId: string): Promise<RefundResult> {
  const [row] = await db
    .update(billingRefunds)
    .set({ status: "declined", decidedBy: actor.adminId, decidedAt: new Date() })
    .where(and(eq(billingRefunds.id, refundId), eq(billingRefunds.status, "proposed")))
    .returning();
  if (!row) return { ok: false, status: 409, message: refundMessages.notProposed };
  await recordAdminAudit(db, {
    adminId: actor.adminId,
    event: "admin-refund-declined",
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { refundId, invoiceId: row.invoiceId, amountMinor: row.amountMinor.toString() },
  });
  return { ok: true, refundId, status: "proposed" };
}

/**
 * Pays a proposed refund out. The refund row is locked and checked (still proposed, four eyes);
 * a crypto refund is posted in that same transaction. A card refund calls the provider outside
 * any transaction (a network call must not hold locks, and the embedded database runs one
 * transaction at a time), with the refund's id as idempotency key, then records the result under
 * the lock again: two admins approving at once, or an approval retried after a crash between the
 * provider's answer and our commit, get the same provider refund and record it once.
 */
async function completeRefund(
  db: Db,
  actor: StaffActor,
  refundId: string,
  ctx: RefundContext,
  options: { sameAdminAllowed: boolean },
): Promise<RefundResult> {
  const checked = await db.transaction((tx) => lockAndCheck(tx, actor, refundId, options));
  if (!checked.ok) return checked;
  let providerRefundId: string | null = null;
  if (checked.invoice.method === "card") {
    const paid = await refundByCard(checked.refund, checked.invoice, ctx);
    if (!paid.ok) return paid;
    providerRefundId = paid.providerRefundId;
  }
  return db.transaction(async (tx) => {
    const again = await lockAndCheck(tx, actor, refundId, options);
    if (!again.ok) return again;
    const { refund, invoice } = again;
    let operationId: bigint | null = null;
    if (invoice.method === "crypto") {
      const paid = await refundToBalance(tx, refund, invoice);
      if (!paid.ok) return paid;
      operationId = paid.operationId;
    }
    await tx
      .update(billingRefunds)
      .set({
        status: "completed",
        decidedBy: actor.adminId,
        decidedAt: new Date(),
        providerRefundId,
        operationId,
      })
      .where(eq(billingRefunds.id, refundId));
    await tx
      .update(invoices)
      .set({ refundedMinor: sql`${invoices.refundedMinor} + ${refund.amountMinor}` })
      .where(eq(invoices.id, invoice.id));
    await recordAdminAudit(tx, {
      adminId: actor.adminId,
      event: "admin-refund-completed",
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        refundId,
        invoiceId: invoice.id,
        memberId: invoice.userId,
        amountMinor: refund.amountMinor.toString(),
        proposedBy: refund.proposedBy,
        method: invoice.method,
        providerRefundId,
      },
    });
    await queueRefundEmail(tx, refund, invoice);
    return { ok: true, refundId, status: "completed" } as const;
  });
}

type RefundRow = typeof billingRefunds.$inferSelect;
type Checked =
  | { ok: true; refund: RefundRow; invoice: InvoiceRow }
  | { ok: false; status: 403 | 404 | 409; message: string };

async function lockAndCheck(
  tx: Db,
  actor: StaffActor,
  refundId: string,
  options: { sameAdminAllowed: boolean },
): Promise<Checked> {
  const [refund] = await tx
    .select()
    .from(billingRefunds)
    .where(eq(billingRefunds.id, refundId))
    .for("update");
  if (!refund) return { ok: false, status: 404, message: refundMessages.notFound };
  if (refund.status !== "proposed") return { ok: false, status: 409, message: refundMessages.notProposed };
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, refund.invoiceId)).for("update");
  if (!invoice) return { ok: false, status: 404, message: refundMessages.notFound };
  if (invoice.userId === actor.adminId) {
    await refuse(tx, actor, { refundId, reason: "own-money" });
    return { ok: false, status: 403, message: fourEyesMessages.ownMoney };
  }
  if (!options.sameAdminAllowed && refund.proposedBy === actor.adminId) {
    await refuse(tx, actor, { refundId, reason: "same-admin" });
    return { ok: false, status: 403, message: refundMessages.ownRefund };
  }
  return { ok: true, refund, invoice };
}

async function refundByCard(
  refund: RefundRow,
  invoice: InvoiceRow,
  ctx: RefundContext,
): Promise<{ ok: true; providerRefundId: string } | { ok: false; status: 502 | 409; message: string }> {
  if (!ctx.provider || !invoice.providerInvoiceId || ctx.provider.name !== invoice.provider) {
    return { ok: false, status: 409, message: refundMessages.providerFailed };
  }
  try {
    const { refundId } = await ctx.provider.refund({
      providerInvoiceId: invoice.providerInvoiceId,
      amountMinor: refund.amountMinor,
      idempotencyKey: `refund:${refund.id}`,
    });
    return { ok: true, providerRefundId: refundId };
  } catch {
    return { ok: false, status: 502, message: refundMessages.providerFailed };
  }
}

/** The asset the member paid with, back to their balance in the share being refunded. */
async function refundToBalance(
  tx: Db,
  refund: RefundRow,
  invoice: InvoiceRow,
): Promise<{ ok: true; operationId: bigint | null } | { ok: false; status: 409; message: string }> {
  const asset = invoice.cryptoAsset;
  if (!isAsset(asset) || !invoice.cryptoAmount)
    return { ok: false, status: 409, message: refundMessages.providerFailed };
  // The asset the member paid with, in the share of the payment being refunded (rounded down:
  // the operator never returns more than it received).
  const amount = (invoice.cryptoAmount * refund.amountMinor) / invoice.amountMinor;
  if (amount <= 0n) return { ok: false, status: 409, message: refundMessages.amount };
  const posted = await postEntry(tx, {
    idempotencyKey: `membership.refund:${refund.id}`,
    code: "membership.refund",
    ledger: "real",
    postings: [
      { account: { system: "membership_revenue", asset }, amount: -amount },
      { account: { userId: invoice.userId, kind: "available", asset }, amount },
    ],
    operation: {
      create: {
        userId: invoice.userId,
        type: "membership",
        status: "completed",
        asset,
        amount,
        references: { refund: formatInvoiceNumber(invoice.number) },
      },
    },
  });
  return { ok: true, operationId: posted.operationId };
}

async function queueRefundEmail(tx: Db, refund: typeof billingRefunds.$inferSelect, invoice: InvoiceRow) {
  const [member] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, invoice.userId));
  if (!member) return;
  await enqueueEmail(tx, `refund:${refund.id}`, {
    to: member.email,
    template: "membership-refund",
    data: {
      name: member.name,
      // As the receipts and the Billing page write it.
      amount: formatWithSymbol(refund.amountMinor, "USD"),
      invoice: formatInvoiceNumber(invoice.number),
      method: invoice.method === "card" ? "your card" : `your ${invoice.cryptoAsset} balance`,
      reason: refund.reason,
    },
  });
}

/** Refunds waiting for a second admin, and the latest decided, for the back office. */
export async function listRefunds(
  db: Db,
  options: { status?: ("proposed" | "completed" | "declined")[] } = {},
) {
  const query = db
    .select({
      refund: billingRefunds,
      invoiceNumber: invoices.number,
      memberId: invoices.userId,
      memberEmail: users.email,
    })
    .from(billingRefunds)
    .innerJoin(invoices, eq(invoices.id, billingRefunds.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId));
  const rows = options.status
    ? await query.where(inArray(billingRefunds.status, options.status))
    : await query;
  return rows.sort((a, b) => b.refund.createdAt.getTime() - a.refund.createdAt.getTime());
}

// Paying a stored membership quote (ADR 0070): once, before it expires, from the real balance,
// and only while the member's membership is still what it was quoted for.
import { and, eq } from "drizzle-orm";
import { billingCheckouts, invoices } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { isQuoteExpired } from "../swap/rules.ts";
import { chargeFromBalance, sellerDetails } from "./charge.server.ts";
import { type Checkout, type CheckoutMember, situationFor } from "./crypto-checkout.server.ts";
import { type CryptoPayAsset, cryptoCheckoutMessages as m, payAmountText } from "./crypto-rules.ts";
import { liveSubscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { addPeriod, formatInvoiceNumber, isForSale, priceFor } from "./plans.ts";

export type PayCheckoutResult =
  | {
      ok: true;
      /** True when this quote had been paid already (a double click, a retry): nothing moved now. */
      replayed: boolean;
      /** "0.03210000 BTC": what left the balance. */
      paid: string;
      planName: string;
      /** ISO: the end of the paid period. */
      until: string;
      invoiceNumber: string;
      operationId: string;
    }
  | { ok: false; status: 400 | 403 | 404 | 409 | 500; message: string; expired?: boolean; field?: "asset" };

type Refusal = Extract<PayCheckoutResult, { ok: false }>;
const refuse = (status: Refusal["status"], message: string, extra: Partial<Refusal> = {}): Refusal => ({
  ok: false,
  status,
  message,
  ...extra,
});

export interface PayOptions {
  now: Date;
  /** Printed on the invoice; the configured brand by default. */
  seller?: Record<string, unknown>;
  /** Pay only if the membership is past due (the Billing page's "Pay now"). */
  pastDueOnly?: boolean;
}

/**
 * Pays the member's quote: one ledger entry (`membership.payment:<checkout id>`) moves exactly the
 * quoted amount to `membership_revenue`, the period and its invoice are recorded, the checkout is
 * completed — all in one transaction. The checkout row is locked first, so a double click waits
 * for the first and then finds it paid.
 */
export async function payCryptoCheckout(
  db: Db,
  member: CheckoutMember,
  input: { checkoutId: string },
  options: PayOptions,
): Promise<PayCheckoutResult> {
  if (member.mode === "demo") return refuse(403, m.demo);
  let owed: { asset: CryptoPayAsset; amount: bigint } | undefined;
  try {
    return await withTx(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(billingCheckouts)
        .where(and(eq(billingCheckouts.id, input.checkoutId), eq(billingCheckouts.userId, member.userId)))
        .for("update");
      if (row?.method !== "crypto" || !row.cryptoAsset || !row.cryptoAmount) {
        return refuse(404, m.notFound);
      }
      if (row.status === "completed") return replayed(tx, row);
      if (row.status !== "open" || isQuoteExpired(row.expiresAt, options.now)) {
        if (row.status === "open") {
          await tx.update(billingCheckouts).set({ status: "expired" }).where(eq(billingCheckouts.id, row.id));
        }
        return refuse(409, m.expired, { expired: true });
      }
      owed = { asset: row.cryptoAsset as CryptoPayAsset, amount: row.cryptoAmount };
      return pay(tx, row, owed, options);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError && owed) {
      const message = m.balanceLow(
        payAmountText(error.balance, owed.asset),
        payAmountText(owed.amount, owed.asset),
      );
      return refuse(400, message, { field: "asset" });
    }
    log.error("membership payment failed", { error });
    return refuse(500, m.unexpected);
  }
}

async function pay(
  tx: Db,
  row: Checkout,
  owed: { asset: CryptoPayAsset; amount: bigint },
  options: PayOptions,
): Promise<PayCheckoutResult> {
  const plan = await getPlan(tx, row.planId);
  if (!isForSale(plan)) return refuse(409, m.notOffered);
  const live = await liveSubscription(tx, row.userId, { lock: true });
  if (options.pastDueOnly && live?.status !== "past_due") return refuse(409, m.nothingDue);
  const situation = situationFor(live, plan, row.period, options.now);
  if (situation.kind === "refused") return refuse(409, situation.message);
  // The membership must be the one quoted for, at the price quoted: the renewal job or another
  // tab may have changed it in the meantime.
  const credit = situation.kind === "switch" ? row.creditMinor : 0n;
  const usdMinor = priceFor(plan, row.period, situation.start) - credit;
  const sameSubscription = (situation.replaces?.id ?? null) === row.replacesSubscriptionId;
  if (
    !sameSubscription ||
    usdMinor !== row.amountMinor ||
    (situation.kind !== "switch" && row.creditMinor !== 0n)
  ) {
    return refuse(409, m.changed);
  }
  const periodEnd = addPeriod(situation.start, row.period);
  const charge = await chargeFromBalance(tx, {
    userId: row.userId,
    plan,
    period: row.period,
    asset: owed.asset,
    cryptoAmount: owed.amount,
    usdMinor,
    creditMinor: credit,
    periodStart: situation.start,
    periodEnd,
    idempotencyKey: `membership.payment:${row.id}`,
    seller: options.seller ?? sellerDetails(),
  });
  await tx
    .update(billingCheckouts)
    .set({
      status: "completed",
      completedAt: options.now,
      subscriptionId: charge.subscriptionId,
      operationId: charge.operationId,
    })
    .where(eq(billingCheckouts.id, row.id));
  return {
    ok: true,
    replayed: false,
    paid: payAmountText(owed.amount, owed.asset),
    planName: plan.name,
    until: periodEnd.toISOString(),
    invoiceNumber: formatInvoiceNumber(charge.invoiceNumber),
    operationId: charge.operationId.toString(),
  };
}

/** A quote already paid: what the first payment did, from its invoice. */
async function replayed(tx: Db, row: Checkout): Promise<PayCheckoutResult> {
  const [invoice] = row.operationId
    ? await tx.select().from(invoices).where(eq(invoices.operationId, row.operationId))
    : [];
  const plan = await getPlan(tx, row.planId);
  if (!invoice || !row.cryptoAmount) return refuse(409, m.changed);
  return {
    ok: true,
    replayed: true,
    paid: payAmountText(row.cryptoAmount, row.cryptoAsset as CryptoPayAsset),
    planName: plan?.name ?? row.planId,
    until: invoice.periodEnd.toISOString(),
    invoiceNumber: formatInvoiceNumber(invoice.number),
    operationId: String(row.operationId),
  };
}

/**
 * The Billing page's "Pay now" for a membership past due: pays the member's quote (made for the
 * subscription's own plan and period, so the period runs on from the missed renewal date) only
 * while the membership is past due. A demo session is refused like at checkout.
 */
export function payPastDue(
  db: Db,
  input: { userId: string; checkoutId: string; mode?: CheckoutMember["mode"]; now?: Date },
): Promise<PayCheckoutResult> {
  return payCryptoCheckout(
    db,
    { userId: input.userId, mode: input.mode ?? "real" },
    { checkoutId: input.checkoutId },
    { now: input.now ?? new Date(), pastDueOnly: true },
  );
}

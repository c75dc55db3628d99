// Taking a membership payment from the member's real balance (ADR 0070): the checkout, the past-due
// payment and the renewal job all go through chargeFromBalance, so each payment is the same
// shape — one ledger entry moving exactly the quoted amount to `membership_revenue`, one Membership
// operation, one invoice — inside the caller's transaction.
import { eq } from "drizzle-orm";
import { subscriptions } from "../../../db/schema/index.ts";
import { getConfig } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { insertOperation } from "../ledger/operations.server.ts";
import type { CryptoPayAsset } from "./crypto-rules.ts";
import { PERIOD_LABELS } from "./crypto-rules.ts";
import { recordPaidPeriod } from "./membership.server.ts";
import { type BillingPeriod, formatInvoiceNumber, type Plan } from "./plans.ts";

/** The operator's legal details as configured today, printed on the invoice. */
export function sellerDetails(): Record<string, string> {
  const brand = getConfig().brand;
  const details: Record<string, string | undefined> = {
    name: brand.name,
    legalEntity: brand.legalEntity,
    registration: brand.registration,
    regulator: brand.regulator,
    contactEmail: brand.contactEmail,
    governingLaw: brand.governingLaw,
  };
  return Object.fromEntries(
    Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export interface BalanceCharge {
  userId: string;
  plan: Plan;
  period: BillingPeriod;
  asset: CryptoPayAsset;
  /** Exactly what leaves the balance, in the asset's minor units. */
  cryptoAmount: bigint;
  /** USD cents the period costs after any credit, and the credit. */
  usdMinor: bigint;
  creditMinor: bigint;
  periodStart: Date;
  periodEnd: Date;
  /** Names the payment once: a retry with the same key moves nothing more. */
  idempotencyKey: string;
  seller: Record<string, unknown>;
}

export interface ChargeResult {
  operationId: bigint;
  subscriptionId: string;
  invoiceNumber: bigint;
}

/**
 * Takes a period's payment from the member's available balance. Call inside a transaction: the
 * operation is written pending, the paid period and its invoice recorded against it, and then the
 * one entry moves the money and completes the operation — so a short balance
 * (InsufficientFundsError) rolls back the invoice number with everything else. Paying also takes
 * back a cancellation: the member chose to keep the membership.
 */
export async function chargeFromBalance(tx: Db, c: BalanceCharge): Promise<ChargeResult> {
  const operationId = await insertOperation(tx, "real", {
    userId: c.userId,
    type: "membership",
    status: "pending",
    asset: c.asset,
    amount: c.cryptoAmount,
    references: { plan: c.plan.name, period: PERIOD_LABELS[c.period] },
  });
  const recorded = await recordPaidPeriod(tx, {
    userId: c.userId,
    planId: c.plan.id,
    period: c.period,
    method: "crypto",
    amountMinor: c.usdMinor,
    creditMinor: c.creditMinor,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    cryptoAsset: c.asset,
    cryptoAmount: c.cryptoAmount,
    operationId,
    seller: c.seller,
  });
  await postEntry(tx, {
    idempotencyKey: c.idempotencyKey,
    code: "membership.payment",
    ledger: "real",
    postings: [
      { account: { userId: c.userId, kind: "available", asset: c.asset }, amount: -c.cryptoAmount },
      { account: { system: "membership_revenue", asset: c.asset }, amount: c.cryptoAmount },
    ],
    operation: {
      id: operationId,
      status: "completed",
      references: { invoice: formatInvoiceNumber(recorded.invoiceNumber) },
    },
  });
  await tx
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, canceledAt: null })
    .where(eq(subscriptions.id, recorded.subscriptionId));
  await publishAccountEvent(tx, c.userId, {
    kind: "membership",
    id: recorded.subscriptionId,
    status: "paid",
    asset: c.asset,
    amountMinor: c.cryptoAmount.toString(),
  });
  return { operationId, subscriptionId: recorded.subscriptionId, invoiceNumber: recorded.invoiceNumber };
}

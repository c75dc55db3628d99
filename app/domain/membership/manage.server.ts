// What a member does with their own membership on Settings → Billing (ADR 0070): see it, cancel
// it at the period's end, take the cancellation back, and switch monthly ↔ yearly. A card
// membership is changed at the provider first (it is the provider that renews it), then here; a
// crypto membership is ours alone. Each change is audited.
import { and, eq, inArray } from "drizzle-orm";
import { subscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { type AuditContext, recordAudit } from "../accounts/audit.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { formatDate } from "../dates.ts";
import { formatWithSymbol } from "../money/amount.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { getMembership, givesAccess, listInvoices, type Subscription } from "./membership.server.ts";
import { getOfferedPlan, getPlan } from "./plans.server.ts";
import { type BillingPeriod, type Plan, priceFor, prorationCredit } from "./plans.ts";
import { type InvoiceRow, invoiceRow } from "./receipts.ts";

const usd = (minor: bigint) => formatWithSymbol(minor, "USD");

export interface PlanOffer {
  planId: string;
  name: string;
  monthly: string;
  yearly: string;
  features: string[];
}

/** A switch to the other period, priced now: the new period's price less the unused part of this one. */
export interface PeriodSwitch {
  to: BillingPeriod;
  price: string;
  credit: string;
  due: string;
}

export interface SubscriptionView {
  planName: string;
  status: "active" | "cancelling" | "past_due";
  period: BillingPeriod;
  method: "card" | "crypto";
  price: string;
  /** ISO: when the paid period ends (access runs to then). */
  periodEnd: string;
  /** ISO: while past due, when access ends unless it is paid. */
  graceUntil: string | null;
  /** The next renewal, unless the membership is cancelled. */
  renewal: { date: string; amount: string } | null;
  paymentMethod: string;
  /** A card membership's card is changed on the provider's page. */
  canChangeCard: boolean;
  /** Null when the other period cannot be bought now (it would cost nothing after the credit). */
  switchTo: PeriodSwitch | null;
}

export interface BillingOverview {
  planName: string;
  subscription: SubscriptionView | null;
  /** What Subscribe sells, for a member on the free plan. */
  offer: PlanOffer | null;
  invoices: InvoiceRow[];
}

export function planOffer(plan: Plan): PlanOffer {
  return {
    planId: plan.id,
    name: plan.name,
    monthly: usd(plan.monthlyPriceMinor),
    yearly: usd(plan.yearlyPriceMinor),
    features: [...plan.features],
  };
}

export function periodSwitch(plan: Plan, sub: Subscription, now: Date): PeriodSwitch | null {
  const to: BillingPeriod = sub.period === "monthly" ? "yearly" : "monthly";
  const priceMinor = priceFor(plan, to, now);
  const creditMinor = prorationCredit({
    priceMinor: sub.priceMinor,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    now,
  });
  if (priceMinor <= creditMinor) return null;
  return { to, price: usd(priceMinor), credit: usd(creditMinor), due: usd(priceMinor - creditMinor) };
}

/** Everything Settings → Billing shows the member, as words and ISO dates. */
export async function billingOverview(db: Db, userId: string, now = new Date()): Promise<BillingOverview> {
  const membership = await getMembership(db, userId, now);
  const invoices = (await listInvoices(db, userId)).map(invoiceRow);
  const sub =
    membership.subscription && givesAccess(membership.subscription, now) ? membership.subscription : null;
  const plan = sub ? await getPlan(db, sub.planId) : null;
  if (!sub || !plan) {
    const offered = await getOfferedPlan(db);
    return {
      planName: membership.plan.name,
      subscription: null,
      offer: offered && planOffer(offered),
      invoices,
    };
  }
  const cancelling = sub.cancelAtPeriodEnd;
  return {
    planName: plan.name,
    offer: null,
    invoices,
    subscription: {
      planName: plan.name,
      status: sub.status === "past_due" ? "past_due" : cancelling ? "cancelling" : "active",
      period: sub.period,
      method: sub.method,
      price: usd(sub.priceMinor),
      periodEnd: sub.currentPeriodEnd.toISOString(),
      graceUntil: sub.graceUntil?.toISOString() ?? null,
      renewal: cancelling
        ? null
        : {
            date: sub.currentPeriodEnd.toISOString(),
            amount: usd(priceFor(plan, sub.period, sub.currentPeriodEnd)),
          },
      paymentMethod: sub.method === "card" ? "Card" : `${sub.cryptoAsset ?? "Crypto"} balance`,
      canChangeCard: sub.method === "card" && Boolean(sub.providerCustomerId),
      switchTo: sub.status === "active" && !cancelling ? periodSwitch(plan, sub, now) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

export interface MemberRequest {
  userId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The card provider, built only when a card membership needs it. */
  provider?: () => BillingProvider;
  now?: Date;
}

export type ManageResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 409 | 502; message: string };

async function liveActive(db: Db, userId: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active"])));
  return row ?? null;
}

function auditContext(request: MemberRequest): AuditContext {
  return { ip: request.ip, userAgent: request.userAgent, clock: systemClock };
}

/** Tells the card provider first: if it refuses, nothing changes here and the member is told. */
async function atProvider(
  sub: Subscription,
  request: MemberRequest,
  call: (p: BillingProvider) => Promise<void>,
) {
  if (sub.method !== "card") return true;
  if (!request.provider || !sub.providerSubscriptionId) return false;
  try {
    await call(request.provider());
    return true;
  } catch {
    return false;
  }
}

const providerFailed: ManageResult = {
  ok: false,
  status: 502,
  message: "Our card processor did not answer. Nothing was changed; please try again in a minute.",
};

/** Cancels at the end of the paid period: access continues until then, and it does not renew. */
export async function cancelMembership(db: Db, request: MemberRequest): Promise<ManageResult> {
  const now = request.now ?? new Date();
  const sub = await liveActive(db, request.userId);
  if (!sub || !givesAccess(sub, now))
    return { ok: false, status: 409, message: "You have no membership to cancel." };
  if (sub.cancelAtPeriodEnd) return { ok: true, message: `Your membership is already cancelled.` };
  const told = await atProvider(sub, request, (p) =>
    p.setCancelAtPeriodEnd({ subscriptionId: sub.providerSubscriptionId ?? "", cancel: true }),
  );
  if (!told) return providerFailed;
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordAudit(tx, auditContext(request), "membership-cancelled", request.userId, {
      subscriptionId: sub.id,
      until: sub.currentPeriodEnd.toISOString(),
    });
  });
  return {
    ok: true,
    message: `Cancelled. Your membership stays active until ${formatDate(sub.currentPeriodEnd)}.`,
  };
}

/** Takes a cancellation back before the period ends: the membership renews again. */
export async function resumeMembership(db: Db, request: MemberRequest): Promise<ManageResult> {
  const now = request.now ?? new Date();
  const sub = await liveActive(db, request.userId);
  if (!sub || !givesAccess(sub, now))
    return { ok: false, status: 409, message: "You have no membership to resume." };
  if (!sub.cancelAtPeriodEnd) return { ok: true, message: "Your membership renews as before." };
  const told = await atProvider(sub, request, (p) =>
    p.setCancelAtPeriodEnd({ subscriptionId: sub.providerSubscriptionId ?? "", cancel: false }),
  );
  if (!told) return providerFailed;
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordAudit(tx, auditContext(request), "membership-resumed", request.userId, {
      subscriptionId: sub.id,
    });
  });
  return { ok: true, message: `Resumed. Your membership renews on ${formatDate(sub.currentPeriodEnd)}.` };
}

export type SwitchResult =
  | { ok: true; message: string }
  /** Crypto: the switch is a payment from the balance, made on the crypto checkout. */
  | { ok: "checkout"; href: string }
  | { ok: false; status: 400 | 409 | 502; message: string };

/**
 * Monthly ↔ yearly. By card the provider prorates and reports the new period by webhook; by
 * crypto the member pays the new period from their balance, less the credit, on the crypto
 * checkout (which prices the same credit).
 */
export async function switchPeriod(
  db: Db,
  request: MemberRequest & { period: BillingPeriod },
): Promise<SwitchResult> {
  const now = request.now ?? new Date();
  const sub = await liveActive(db, request.userId);
  const plan = sub ? await getPlan(db, sub.planId) : null;
  if (!sub || !plan || !givesAccess(sub, now) || sub.cancelAtPeriodEnd)
    return { ok: false, status: 409, message: "Only an active membership that renews can switch." };
  if (sub.period === request.period)
    return { ok: false, status: 400, message: `You already pay ${sub.period}.` };
  const quote = periodSwitch(plan, sub, now);
  if (!quote) return { ok: false, status: 409, message: "This switch is not available now." };
  if (sub.method === "crypto") {
    const query = new URLSearchParams({ plan: plan.id, period: request.period });
    return { ok: "checkout", href: `/billing/checkout/crypto?${query.toString()}` };
  }
  const amountMinor = priceFor(plan, request.period, now);
  const told = await atProvider(sub, request, (p) =>
    p.changePeriod({ subscriptionId: sub.providerSubscriptionId ?? "", period: request.period, amountMinor }),
  );
  if (!told) return providerFailed;
  await recordAudit(db, auditContext(request), "membership-period-switch", request.userId, {
    subscriptionId: sub.id,
    from: sub.period,
    to: request.period,
  });
  return {
    ok: true,
    message: `Switching to ${request.period} billing. Your card processor confirms it in a moment, with ${quote.credit} credited.`,
  };
}

/** The provider's page where a card member changes their card. */
export async function cardPortalUrl(
  db: Db,
  request: MemberRequest & { returnUrl: string },
): Promise<{ ok: true; url: string } | { ok: false; status: 409 | 502; message: string }> {
  const membership = await getMembership(db, request.userId, request.now ?? new Date());
  const customerId = membership.subscription?.providerCustomerId;
  if (membership.subscription?.method !== "card" || !customerId || !request.provider)
    return { ok: false, status: 409, message: "Your membership is not paid by card." };
  try {
    return {
      ok: true,
      url: await request.provider().portalUrl({ customerId, returnUrl: request.returnUrl }),
    };
  } catch {
    return { ok: false, status: 502, message: providerFailed.message };
  }
}

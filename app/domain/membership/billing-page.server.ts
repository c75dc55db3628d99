// What Settings → Billing shows of a member's own membership (ADR 0070): the plan and its offer,
// the live subscription with its next renewal, the period switch the member may make and its
// credit, and the invoices; and the provider's page where a card member changes their card.
// The changes themselves (cancel, resume, switch) are manage.server.ts's.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { billingEvents, subscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { formatDate } from "../dates.ts";
import { formatWithSymbol } from "../money/amount.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { paymentMethodFacts } from "./card-event-objects.ts";
import { getMembership, givesAccess, listInvoices, type Subscription } from "./membership.server.ts";
import { getOfferedPlan, getPlan } from "./plans.server.ts";
import { type BillingPeriod, type Plan, priceFor, prorationCredit } from "./plans.ts";
import { type InvoiceRow, invoiceRow } from "./receipts.ts";

const usd = (minor: bigint) => formatWithSymbol(minor, "USD");

const BRANDS: Readonly<Record<string, string>> = Object.freeze({
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
});

/**
 * "Visa ending in 4242": the newest card the provider reported on file for the member's customer
 * (payment_method.attached; brand and last four are all we ever hold). "Card" until it arrives.
 */
export async function cardOnFile(
  db: Db,
  sub: Pick<Subscription, "provider" | "providerCustomerId">,
): Promise<string> {
  if (!sub.provider || !sub.providerCustomerId) return "Card";
  const [latest] = await db
    .select({ payload: billingEvents.payload })
    .from(billingEvents)
    .where(
      and(
        eq(billingEvents.provider, sub.provider),
        eq(billingEvents.type, "payment_method.attached"),
        sql`${billingEvents.payload}->>'customer' = ${sub.providerCustomerId}`,
      ),
    )
    .orderBy(desc(billingEvents.createdAt), desc(billingEvents.id))
    .limit(1);
  const facts = latest && paymentMethodFacts(latest.payload as Record<string, unknown>);
  if (!facts) return "Card";
  return `${BRANDS[facts.brand] ?? "Card"} ending in ${facts.last4}`;
}

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
  /** Past due by crypto: where the member pays the renewal from their balance now. */
  payNowHref: string | null;
  /** Null when the other period cannot be bought now (it would cost nothing after the credit). */
  switchTo: PeriodSwitch | null;
}

export interface BillingPage {
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
export async function billingPage(db: Db, userId: string, now = new Date()): Promise<BillingPage> {
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
      paymentMethod:
        sub.method === "card" ? await cardOnFile(db, sub) : `${sub.cryptoAsset ?? "Crypto"} balance`,
      canChangeCard: sub.method === "card" && Boolean(sub.providerCustomerId),
      payNowHref:
        sub.status === "past_due" && sub.method === "crypto"
          ? `/billing/checkout/crypto?${new URLSearchParams({ plan: plan.id, period: sub.period }).toString()}`
          : null,
      switchTo: sub.status === "active" && !cancelling ? periodSwitch(plan, sub, now) : null,
    },
  };
}

/** The provider's page where a card member changes their card. */
export async function cardPortalUrl(
  db: Db,
  request: { userId: string; now?: Date; provider?: () => BillingProvider; returnUrl: string },
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
    return {
      ok: false,
      status: 502,
      message: "Our card processor did not answer. Nothing was changed; please try again in a minute.",
    };
  }
}

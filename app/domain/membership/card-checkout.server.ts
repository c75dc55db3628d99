// Paying for a membership by card (ADR 0070): we write the checkout, the provider hosts the page
// where the member pays (Stripe's, or the sample provider's on our own site), and only the
// provider's webhook makes the membership (card-events.server.ts). Nothing here grants anything.
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { billingCheckouts, subscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import { formatDate } from "../dates.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { cardCheckoutMessages } from "./card-messages.ts";
import { getMembership, givesAccess } from "./membership.server.ts";
import { getOfferedPlan, getPlan } from "./plans.server.ts";
import { type BillingPeriod, isBillingPeriod, isForSale, type Plan, priceFor } from "./plans.ts";

/** How long our checkout row waits for the provider (Stripe's sessions last at most a day). */
export const CARD_CHECKOUT_HOURS = 24;
/** Checkouts one member may start per hour (each asks the provider for a hosted page). */
export const CARD_CHECKOUTS_PER_MEMBER: Window = Object.freeze({ limit: 20, windowMs: 60 * 60_000 });

export interface CardOffer {
  planId: string;
  planName: string;
  period: BillingPeriod;
  amountMinor: string;
  features: string[];
  /** The member already holds a paid membership until then: no second checkout. */
  memberUntil: string | null;
}

async function sellablePlan(db: Db, planId: string | undefined): Promise<Plan | null> {
  const plan = planId ? await getPlan(db, planId) : await getOfferedPlan(db);
  return isForSale(plan) ? plan : null;
}

async function memberUntil(db: Db, userId: string, now: Date): Promise<Date | null> {
  const { subscription } = await getMembership(db, userId, now);
  return subscription && givesAccess(subscription, now) ? subscription.currentPeriodEnd : null;
}

/** What the "Pay by card" page shows: the plan, the period and what it costs now. */
export async function cardCheckoutOffer(
  db: Db,
  input: { userId: string; planId?: string; period: string | undefined; now: Date },
): Promise<CardOffer | null> {
  const plan = await sellablePlan(db, input.planId);
  if (!plan) return null;
  const period: BillingPeriod = isBillingPeriod(input.period) ? input.period : "monthly";
  const until = await memberUntil(db, input.userId, input.now);
  return {
    planId: plan.id,
    planName: plan.name,
    period,
    amountMinor: priceFor(plan, period, input.now).toString(),
    features: [...plan.features],
    memberUntil: until ? until.toISOString() : null,
  };
}

export type StartCardCheckout =
  | { ok: true; checkoutId: string; url: string }
  | { ok: false; status: 400 | 409 | 429 | 502; errors: { plan?: string; period?: string; form?: string } };

export interface StartCardCheckoutInput {
  userId: string;
  email: string;
  planId: string | undefined;
  period: string | undefined;
  now: Date;
  /** Absolute base for the provider's return addresses (Stripe); "" keeps them on this site. */
  returnBase: string;
}

/** The member's customer at this provider from an earlier card membership, so their card is remembered. */
async function knownCustomer(db: Db, userId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, provider as "sample" | "stripe"),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

export async function startCardCheckout(
  db: Db,
  provider: BillingProvider,
  input: StartCardCheckoutInput,
): Promise<StartCardCheckout> {
  if (!isBillingPeriod(input.period))
    return { ok: false, status: 400, errors: { period: cardCheckoutMessages.period } };
  const plan = await sellablePlan(db, input.planId || undefined);
  if (!plan) return { ok: false, status: 400, errors: { plan: cardCheckoutMessages.plan } };
  const until = await memberUntil(db, input.userId, input.now);
  if (until) {
    const form = `You are already a ${plan.name} member until ${formatDate(until)}. Manage your membership in Settings → Billing.`;
    return { ok: false, status: 409, errors: { form } };
  }
  const limit = await consume(db, `card-checkout:${input.userId}`, CARD_CHECKOUTS_PER_MEMBER, systemClock);
  if (!limit.allowed) return { ok: false, status: 429, errors: { form: cardCheckoutMessages.tooMany } };
  const checkoutId = randomUUID();
  const amountMinor = priceFor(plan, input.period, input.now);
  await db.insert(billingCheckouts).values({
    id: checkoutId,
    userId: input.userId,
    planId: plan.id,
    period: input.period,
    method: "card",
    amountMinor,
    provider: provider.name,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CARD_CHECKOUT_HOURS * 3_600_000),
  });
  try {
    const back = `${input.returnBase}/billing/checkout/card?plan=${plan.id}&period=${input.period}`;
    const session = await provider.createCheckout({
      checkoutId,
      userId: input.userId,
      email: input.email,
      planId: plan.id,
      planName: plan.name,
      period: input.period,
      amountMinor,
      customerId: await knownCustomer(db, input.userId, provider.name),
      successUrl: `${input.returnBase}/billing/checkout/success?checkout=${checkoutId}`,
      cancelUrl: `${back}&cancelled=1`,
    });
    await db
      .update(billingCheckouts)
      .set({ providerSessionId: session.providerSessionId })
      .where(eq(billingCheckouts.id, checkoutId));
    return { ok: true, checkoutId, url: session.url };
  } catch (error) {
    log.error("card checkout could not be created", { provider: provider.name, checkoutId, error });
    await db
      .update(billingCheckouts)
      .set({ status: "failed", failureReason: cardCheckoutMessages.providerDown })
      .where(eq(billingCheckouts.id, checkoutId));
    return { ok: false, status: 502, errors: { form: cardCheckoutMessages.providerDown } };
  }
}

export interface CardCheckoutStatus {
  checkoutId: string;
  /** pending until the provider's paid invoice has made the subscription; never "active" before. */
  state: "pending" | "active" | "failed";
  planName: string;
  period: BillingPeriod;
  amountMinor: string;
  periodEnd: string | null;
  failureReason: string | null;
  /** Seconds since the checkout started (the page says so when the wait is unusually long). */
  ageSeconds: number;
}

/** The member's own card checkout (null for anyone else's, or none). */
export async function cardCheckoutStatus(
  db: Db,
  input: { checkoutId: string; userId: string; now: Date },
): Promise<CardCheckoutStatus | null> {
  if (!/^[0-9a-f-]{36}$/.test(input.checkoutId)) return null;
  const [checkout] = await db
    .select()
    .from(billingCheckouts)
    .where(eq(billingCheckouts.id, input.checkoutId));
  if (!checkout || checkout.userId !== input.userId || checkout.method !== "card") return null;
  const plan = await getPlan(db, checkout.planId);
  let state: CardCheckoutStatus["state"] = "pending";
  let periodEnd: string | null = null;
  if (checkout.subscriptionId) {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, checkout.subscriptionId));
    if (sub && givesAccess(sub, input.now)) {
      state = "active";
      periodEnd = sub.currentPeriodEnd.toISOString();
    }
  } else if (checkout.status === "expired" || checkout.status === "failed") {
    state = "failed";
  }
  return {
    checkoutId: checkout.id,
    state,
    planName: plan?.name ?? checkout.planId,
    period: checkout.period,
    amountMinor: checkout.amountMinor.toString(),
    periodEnd,
    failureReason: state === "failed" ? checkout.failureReason : null,
    ageSeconds: Math.max(0, Math.floor((input.now.getTime() - checkout.createdAt.getTime()) / 1000)),
  };
}

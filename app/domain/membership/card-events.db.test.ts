import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  billingEvents,
  invoices,
  outbox,
  sampleBillingDeliveries,
  sampleBillingInvoices,
  subscriptions,
} from "../../../db/schema/index.ts";
import { cardBilling, cardSecret } from "../../../tests/card-billing.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { billingPage } from "./billing-page.server.ts";
import { cardCheckoutStatus, startCardCheckout } from "./card-checkout.server.ts";
import { receiveCardWebhook } from "./card-webhook.server.ts";
import { hasEntitlement, liveSubscription } from "./membership.server.ts";
import { approveRefund, proposeRefund } from "./refunds.server.ts";
import { confirmSampleCheckout, paySampleCheckout, sampleCheckoutView } from "./sample-checkout.server.ts";
import { deliverSampleWebhooks } from "./sample-delivery.server.ts";
import { createSampleProvider } from "./sample-provider.server.ts";
import { signatureHeader } from "./webhook-signature.ts";

// The card path end to end on the database: the sample provider's hosted checkout, its signed
// webhooks delivered to the same receiver the endpoint calls, each applied once (ADR 0070).
const t = setupTestDatabase();
const start = new Date("2026-11-01T10:00:00Z");
const card = cardBilling(t);
const { provider, deliverAll, member, seller } = card;
const secret = cardSecret;

async function receive(body: string, now: Date, signingSecret = secret) {
  return receiveCardWebhook(t.db, provider(now), {
    rawBody: body,
    signature: signatureHeader(body, signingSecret, Math.floor(now.getTime() / 1000)),
    now,
    ip: "127.0.0.1",
    seller,
  });
}

const checkout = (userId: string, period: "monthly" | "yearly" = "monthly", now = start) =>
  card.checkout(userId, period, now);

/** A member who paid with 4242 and whose webhooks have not been delivered yet. */
const paidButUndelivered = (tag: string, period: "monthly" | "yearly" = "monthly") =>
  card.paidButUndelivered(tag, period, start);

async function queued(type: string) {
  const rows = await t.db
    .select()
    .from(sampleBillingDeliveries)
    .where(eq(sampleBillingDeliveries.type, type))
    .orderBy(asc(sampleBillingDeliveries.id));
  return rows.map((r) => r.body);
}

const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId));
const subscriptionsOf = (userId: string) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe("card payments through the sample provider and the webhook", () => {
  it("paying with 4242 on the sample page makes the member Premium once its signed webhooks arrive, with one invoice", async () => {
    const { userId, checkoutId } = await paidButUndelivered("pays");
    // Before the webhook: nothing granted, and the success page does not claim success.
    expect(await hasEntitlement(t.db, userId, "research:premium", start)).toBe(false);
    expect((await cardCheckoutStatus(t.db, { checkoutId, userId, now: start }))?.state).toBe("pending");
    await deliverAll(start);
    const status = await cardCheckoutStatus(t.db, { checkoutId, userId, now: start });
    expect(status).toMatchObject({
      state: "active",
      planName: "Premium",
      periodEnd: "2026-12-01T10:00:00.000Z",
    });
    expect(await hasEntitlement(t.db, userId, "research:premium", start)).toBe(true);
    expect((await invoicesOf(userId)).map((i) => [i.amountMinor, i.method, i.provider])).toEqual([
      [25_000n, "card", "sample"],
    ]);
  });

  it("the declined card shows the provider's reason and grants nothing", async () => {
    const userId = await member("declined");
    const c = await checkout(userId);
    const step = await paySampleCheckout(t.db, {
      sessionId: c.sessionId,
      userId,
      card: "decline",
      now: start,
    });
    expect(step).toEqual({ ok: false, status: 402, message: "Your card was declined." });
    await deliverAll(start);
    expect(await hasEntitlement(t.db, userId, "research:premium", start)).toBe(false);
    expect(await invoicesOf(userId)).toEqual([]);
    expect((await sampleCheckoutView(t.db, c.sessionId, userId, start))?.lastError).toBe(
      "Your card was declined.",
    );
  });

  it("the card that needs the bank's confirmation pays only once confirmed; Fail leaves nothing paid", async () => {
    const userId = await member("confirm");
    const c = await checkout(userId);
    expect(
      await paySampleCheckout(t.db, { sessionId: c.sessionId, userId, card: "confirm", now: start }),
    ).toEqual({
      ok: true,
      next: "confirm",
    });
    expect(
      await confirmSampleCheckout(t.db, { sessionId: c.sessionId, userId, confirm: false, now: start }),
    ).toMatchObject({
      ok: false,
      status: 402,
    });
    await paySampleCheckout(t.db, { sessionId: c.sessionId, userId, card: "confirm", now: start });
    await confirmSampleCheckout(t.db, { sessionId: c.sessionId, userId, confirm: true, now: start });
    await deliverAll(start);
    expect(await hasEntitlement(t.db, userId, "research:premium", start)).toBe(true);
  });

  it("another member never sees the checkout: not its status, not the provider's page, and cannot pay it", async () => {
    const { checkoutId, sessionId } = await paidButUndelivered("owner");
    const stranger = await member("stranger");
    expect(await cardCheckoutStatus(t.db, { checkoutId, userId: stranger, now: start })).toBeNull();
    expect(await sampleCheckoutView(t.db, sessionId, stranger, start)).toBeNull();
    expect(
      await paySampleCheckout(t.db, { sessionId, userId: stranger, card: "success", now: start }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("a webhook with a bad signature is refused with 400 and nothing is stored", async () => {
    const { userId } = await paidButUndelivered("forged");
    const [body = ""] = (await queued("invoice.paid")).filter((b) => b.includes(userId));
    const before = (await t.db.select().from(billingEvents)).length;
    const at = Math.floor(start.getTime() / 1000);
    const attempt = (rawBody: string, signature: string | null) =>
      receiveCardWebhook(t.db, provider(start), { rawBody, signature, now: start, ip: "127.0.0.2", seller });
    // Signed with another secret; the body changed after signing; no signature; signed too long ago.
    expect((await receive(body, start, "whsec_not_the_secret_at_all_0000000000")).status).toBe(400);
    expect(
      (
        await attempt(
          body.replace('"amount_paid":25000', '"amount_paid":1'),
          signatureHeader(body, secret, at),
        )
      ).status,
    ).toBe(400);
    expect((await attempt(body, null)).status).toBe(400);
    expect((await attempt(body, signatureHeader(body, secret, at - 301))).status).toBe(400);
    expect((await t.db.select().from(billingEvents)).length).toBe(before);
    expect(await invoicesOf(userId)).toEqual([]);
    expect(await hasEntitlement(t.db, userId, "research:premium", start)).toBe(false);
  });

  it("the same event delivered 5 times has one effect: one invoice, one subscription", async () => {
    const { userId } = await paidButUndelivered("five-times");
    const [paid = ""] = (await queued("invoice.paid")).filter((b) => b.includes(userId));
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await receive(paid, start)).body);
    expect(outcomes.map((o) => ("outcome" in o ? o.outcome : o.error))).toEqual([
      "applied",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    expect(await invoicesOf(userId)).toHaveLength(1);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
  });

  it("invoice.paid before checkout.session.completed: the invoice alone makes the membership; the completion after changes nothing more", async () => {
    const { userId, checkoutId } = await paidButUndelivered("reversed");
    const [paid = ""] = (await queued("invoice.paid")).filter((b) => b.includes(userId));
    const [completed = ""] = (await queued("checkout.session.completed")).filter((b) =>
      b.includes(checkoutId),
    );
    expect((await receive(paid, start)).body).toMatchObject({ outcome: "applied" });
    expect((await cardCheckoutStatus(t.db, { checkoutId, userId, now: start }))?.state).toBe("active");
    expect((await receive(completed, start)).body).toMatchObject({ outcome: "applied" });
    const [sub] = await subscriptionsOf(userId);
    expect(sub).toMatchObject({ status: "active", method: "card", provider: "sample" });
    expect(sub?.providerCustomerId).toMatch(/^cus_/);
    expect(await invoicesOf(userId)).toHaveLength(1);
  });
});

describe("the subscription afterwards", () => {
  it("a customer.subscription.updated older than the state applied is ignored", async () => {
    const { userId } = await paidButUndelivered("stale-update");
    await deliverAll(start);
    const [sub] = await subscriptionsOf(userId);
    const providerSub = sub?.providerSubscriptionId ?? "";
    await provider(new Date("2026-11-05T00:00:00Z")).setCancelAtPeriodEnd({
      subscriptionId: providerSub,
      cancel: true,
    });
    await provider(new Date("2026-11-06T00:00:00Z")).setCancelAtPeriodEnd({
      subscriptionId: providerSub,
      cancel: false,
    });
    const [cancel = "", resume = ""] = (await queued("customer.subscription.updated")).filter((b) =>
      b.includes(providerSub),
    );
    expect((await receive(resume, start)).body).toMatchObject({ outcome: "applied" });
    expect((await receive(cancel, start)).body).toMatchObject({ outcome: "ignored" });
    expect((await liveSubscription(t.db, userId))?.cancelAtPeriodEnd).toBe(false);
  });

  it("cancel at period end keeps access to the end, then customer.subscription.deleted ends it", async () => {
    const { userId } = await paidButUndelivered("cancels");
    await deliverAll(start);
    const providerSub = (await liveSubscription(t.db, userId))?.providerSubscriptionId ?? "";
    await provider(start).setCancelAtPeriodEnd({ subscriptionId: providerSub, cancel: true });
    await deliverAll(start);
    expect((await liveSubscription(t.db, userId))?.cancelAtPeriodEnd).toBe(true);
    expect(await hasEntitlement(t.db, userId, "research:premium", new Date("2026-11-30T00:00:00Z"))).toBe(
      true,
    );
    const { runSampleRenewals } = await import("./sample-renewals.server.ts");
    const end = new Date("2026-12-01T10:00:01Z");
    await runSampleRenewals(t.db, end);
    await deliverAll(end);
    expect(await liveSubscription(t.db, userId)).toBeNull();
    expect((await subscriptionsOf(userId))[0]).toMatchObject({ status: "expired" });
  });

  it("a renewal that fails puts the membership past due for the grace days with an e-mail; a new card pays it", async () => {
    const { userId } = await paidButUndelivered("renewal-fails");
    await deliverAll(start);
    const sub = await liveSubscription(t.db, userId);
    const { changeSampleCard } = await import("./sample-checkout.server.ts");
    const { runSampleRenewals } = await import("./sample-renewals.server.ts");
    const customerId = sub?.providerCustomerId ?? "";
    await changeSampleCard(t.db, { customerId, userId, card: "decline", now: start });
    const failedMails = async () =>
      (await t.db.select().from(outbox)).filter((m) =>
        m.messageKey.startsWith("membership:card-payment-failed:"),
      ).length;
    const mailsBefore = await failedMails();
    const due = new Date("2026-12-01T10:00:05Z");
    await runSampleRenewals(t.db, due);
    await deliverAll(due);
    const pastDue = await liveSubscription(t.db, userId);
    expect(pastDue).toMatchObject({ status: "past_due" });
    expect(pastDue?.graceUntil?.getTime()).toBe(new Date("2026-12-04T10:00:05Z").getTime());
    expect(await hasEntitlement(t.db, userId, "research:premium", new Date("2026-12-03T00:00:00Z"))).toBe(
      true,
    );
    expect(await failedMails()).toBe(mailsBefore + 1);
    await changeSampleCard(t.db, { customerId, userId, card: "success", now: due });
    await runSampleRenewals(t.db, due);
    await deliverAll(due);
    const renewed = await liveSubscription(t.db, userId);
    expect(renewed).toMatchObject({ status: "active", graceUntil: null });
    expect(renewed?.currentPeriodEnd.toISOString()).toBe("2027-01-01T10:00:00.000Z");
    expect((await invoicesOf(userId)).map((i) => i.amountMinor)).toEqual([25_000n, 25_000n]);
  });

  it("monthly → yearly charges the year less the unused part of the month, on one invoice with the credit", async () => {
    const { userId } = await paidButUndelivered("switches");
    await deliverAll(start);
    const sub = await liveSubscription(t.db, userId);
    const halfway = new Date("2026-11-16T10:00:00Z");
    await provider(halfway).changePeriod({
      subscriptionId: sub?.providerSubscriptionId ?? "",
      period: "yearly",
      amountMinor: 300_000n,
    });
    await deliverAll(halfway);
    const switched = await liveSubscription(t.db, userId);
    expect(switched).toMatchObject({ period: "yearly", priceMinor: 300_000n });
    expect(switched?.currentPeriodEnd.toISOString()).toBe("2027-11-16T10:00:00.000Z");
    const [, invoice] = (await invoicesOf(userId)).sort((a, b) => Number(a.number - b.number));
    expect(invoice).toMatchObject({ period: "yearly", creditMinor: 12_500n, amountMinor: 287_500n });
  });

  it("an admin's card refund goes through the provider once, however often it is approved, and is recorded on the invoice", async () => {
    const { userId } = await paidButUndelivered("refunded");
    await deliverAll(start);
    const [invoice] = await invoicesOf(userId);
    if (!invoice) throw new Error("no invoice");
    const first = { adminId: await member("refund-admin-a") };
    const second = { adminId: await member("refund-admin-b") };
    const ctx = { twoAdminAboveMinor: 10_000n, provider: provider(start) };
    const proposed = await proposeRefund(
      t.db,
      first,
      { invoiceId: invoice.id, amount: "200", reason: "Duplicate charge" },
      ctx,
    );
    expect(proposed).toMatchObject({ ok: true, status: "proposed" });
    if (!proposed.ok) return;
    const results = [
      await approveRefund(t.db, second, proposed.refundId, ctx),
      await approveRefund(t.db, second, proposed.refundId, ctx),
    ];
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    const [after] = await invoicesOf(userId);
    expect(after?.refundedMinor).toBe(20_000n);
    const [providerInvoice] = await t.db
      .select()
      .from(sampleBillingInvoices)
      .where(eq(sampleBillingInvoices.id, invoice.providerInvoiceId ?? ""));
    expect(providerInvoice?.refundedMinor).toBe(20_000n);
    expect(await queued("charge.refunded")).toHaveLength(1);
  });

  it("the Billing page names the card on file as the provider reports it, and a changed card once it is attached; another member sees their own", async () => {
    const { userId } = await paidButUndelivered("card-on-file");
    const other = await paidButUndelivered("card-on-file-other");
    await deliverAll(start);
    const method = async (id: string) => (await billingPage(t.db, id, start)).subscription?.paymentMethod;
    expect(await method(userId)).toBe("Visa ending in 4242");
    const customerId = (await liveSubscription(t.db, userId))?.providerCustomerId ?? "";
    const { changeSampleCard } = await import("./sample-checkout.server.ts");
    await changeSampleCard(t.db, {
      customerId,
      userId,
      card: "decline",
      now: new Date("2026-11-02T00:00:00Z"),
    });
    expect(await method(userId)).toBe("Visa ending in 4242");
    await deliverAll(new Date("2026-11-02T00:00:00Z"));
    expect(await method(userId)).toBe("Visa ending in 0002");
    expect(await method(other.userId)).toBe("Visa ending in 4242");
    // Someone else's customer is never changed from this member's session.
    expect(
      await changeSampleCard(t.db, { customerId, userId: other.userId, card: "confirm", now: start }),
    ).toBe(false);
  });
});

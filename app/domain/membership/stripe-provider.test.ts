import { readFileSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./billing-provider.ts";
import {
  checkoutSessionFacts,
  invoiceFacts,
  paymentMethodFacts,
  subscriptionFacts,
} from "./card-event-objects.ts";
import { periodOfInvoice } from "./card-events.server.ts";
import { checkoutSessionParams, createStripeProvider } from "./stripe-provider.server.ts";

// Stripe itself cannot be reached from here: its provider is tested by its signature check (with
// Stripe's own test header) and by reading events in Stripe's shape (tests/fixtures/stripe).
const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/stripe", `${name}.json`), "utf8");
const webhookSecret = "whsec_fixture_endpoint_secret";
const provider = createStripeProvider({ secretKey: "sk_test_unused", webhookSecret, brand: "Coinlens" });

function signed(name: string) {
  const body = fixture(name);
  const created = (JSON.parse(body) as { created: number }).created;
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: webhookSecret,
    timestamp: created,
  });
  return { body, header, now: new Date((created + 10) * 1000) };
}

describe("the Stripe provider", () => {
  it("verifies Stripe's signature with constructEvent and reads the event", () => {
    const { body, header, now } = signed("invoice.paid");
    const event = provider.parseWebhook(body, header, now);
    expect(event).toMatchObject({ id: "evt_1QxStripeInvoicePaid01", type: "invoice.paid" });
    expect(event.created).toEqual(new Date(1_795_700_001_000));
  });

  it("refuses a bad signature, another body, and a webhook older than 300 s", () => {
    const { body, header, now } = signed("invoice.paid");
    expect(() => provider.parseWebhook(body, header.replace(/v1=../, "v1=00"), now)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(body.replace("300000", "300001"), header, now)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(body, null, now)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, header, new Date(now.getTime() + 300_000))).toThrow(
      WebhookSignatureError,
    );
  });

  it("reads a paid invoice: the subscription and its metadata under parent, the period from its line", () => {
    const { body, header, now } = signed("invoice.paid");
    const facts = invoiceFacts(provider.parseWebhook(body, header, now).object);
    expect(facts).toMatchObject({
      invoiceId: "in_1QxStripeInvoice0001",
      subscriptionId: "sub_1QxStripeSub0001",
      customerId: "cus_RealStripe0001",
      currency: "usd",
      amountPaidMinor: 300_000n,
      creditMinor: 0n,
      billingReason: "subscription_create",
      metadata: {
        checkoutId: "0b8f2d1e-6c1a-4f47-9a0e-2f5e8f1c9a11",
        userId: "user-fixture-1",
        planId: "premium",
      },
    });
    expect(facts.periodStart).toEqual(new Date(1_795_699_990_000));
    expect(facts.periodEnd).toEqual(new Date(1_827_235_990_000));
    expect(periodOfInvoice(facts)).toBe("yearly");
  });

  it("reads a completed checkout session and a subscription set to cancel at its period's end", () => {
    const session = signed("checkout.session.completed");
    expect(
      checkoutSessionFacts(provider.parseWebhook(session.body, session.header, session.now).object),
    ).toMatchObject({
      sessionId: "cs_live_a1B2c3D4e5F6g7H8i9J0",
      checkoutId: "0b8f2d1e-6c1a-4f47-9a0e-2f5e8f1c9a11",
      customerId: "cus_RealStripe0001",
      subscriptionId: "sub_1QxStripeSub0001",
      paid: true,
    });
    const updated = signed("customer.subscription.updated");
    expect(
      subscriptionFacts(provider.parseWebhook(updated.body, updated.header, updated.now).object),
    ).toMatchObject({
      subscriptionId: "sub_1QxStripeSub0001",
      cancelAtPeriodEnd: true,
      canceledAt: new Date(1_796_000_000_000),
      endedAt: null,
    });
  });

  it("reads the card put on file: its brand and last four digits, nothing more", () => {
    const { body, header, now } = signed("payment_method.attached");
    const event = provider.parseWebhook(body, header, now);
    expect(event.type).toBe("payment_method.attached");
    expect(paymentMethodFacts(event.object)).toEqual({
      paymentMethodId: "pm_1QxStripeCard0001",
      customerId: "cus_RealStripe0001",
      brand: "mastercard",
      last4: "4444",
    });
    expect(paymentMethodFacts({ ...event.object, customer: null })).toBeNull();
  });

  it("asks for a subscription-mode Checkout Session with our price inline and our checkout id echoed back", () => {
    const params = checkoutSessionParams(
      {
        checkoutId: "chk-1",
        userId: "u-1",
        email: "m@example.com",
        planId: "premium",
        planName: "Premium",
        period: "yearly",
        amountMinor: 300_000n,
        customerId: null,
        successUrl: "https://coinlens.example/billing/checkout/success?checkout=chk-1",
        cancelUrl: "https://coinlens.example/billing/checkout/card?cancelled=1",
      },
      "Coinlens",
    );
    expect(params).toMatchObject({
      mode: "subscription",
      client_reference_id: "chk-1",
      customer_email: "m@example.com",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 300_000, recurring: { interval: "year" } },
        },
      ],
      subscription_data: {
        metadata: { checkoutId: "chk-1", userId: "u-1", planId: "premium", period: "yearly" },
      },
    });
  });

  it("a renewal price goes on the subscription's item without proration (from the next invoice); the same price again asks nothing", async () => {
    const updates: unknown[] = [];
    let unitAmount = 25_000;
    // Only the two calls setRenewalPrice makes, shaped as Stripe answers them.
    const client = {
      subscriptions: {
        retrieve: async () => ({
          items: {
            data: [
              {
                id: "si_1",
                price: { product: "prod_1", unit_amount: unitAmount, recurring: { interval: "month" } },
              },
            ],
          },
        }),
        update: async (id: string, params: unknown) => {
          updates.push({ id, params });
          return {};
        },
      },
    } as unknown as Stripe;
    const stripe = createStripeProvider({
      secretKey: "sk_test_unused",
      webhookSecret,
      brand: "Coinlens",
      client,
    });
    expect(
      await stripe.setRenewalPrice({ subscriptionId: "sub_1", period: "monthly", amountMinor: 30_000n }),
    ).toBe(true);
    expect(updates).toEqual([
      {
        id: "sub_1",
        params: {
          items: [
            {
              id: "si_1",
              price_data: {
                currency: "usd",
                product: "prod_1",
                unit_amount: 30_000,
                recurring: { interval: "month" },
              },
            },
          ],
          proration_behavior: "none",
        },
      },
    ]);
    unitAmount = 30_000;
    expect(
      await stripe.setRenewalPrice({ subscriptionId: "sub_1", period: "monthly", amountMinor: 30_000n }),
    ).toBe(true);
    expect(updates).toHaveLength(1);
    // Never another interval: that would restart the cycle and bill a full period at once.
    expect(
      await stripe.setRenewalPrice({ subscriptionId: "sub_1", period: "yearly", amountMinor: 360_000n }),
    ).toBe(false);
    expect(updates).toHaveLength(1);
  });
});

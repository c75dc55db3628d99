// Shared set-up for database tests of the card path: the sample provider at a chosen time, its
// signed webhooks delivered to the same receiver the endpoint calls, and a member who paid by card.
import { sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server.ts";
import { startCardCheckout } from "../app/domain/membership/card-checkout.server.ts";
import { receiveCardWebhook } from "../app/domain/membership/card-webhook.server.ts";
import type { BillingPeriod } from "../app/domain/membership/plans.ts";
import { paySampleCheckout } from "../app/domain/membership/sample-checkout.server.ts";
import { deliverSampleWebhooks } from "../app/domain/membership/sample-delivery.server.ts";
import { createSampleProvider } from "../app/domain/membership/sample-provider.server.ts";

export const cardSecret = "whsec_card_events_db_test_secret_0123456789";
const seller = Object.freeze({ name: "Coinlens" });

/** `t` is the test database handle (opened in beforeAll), read lazily. */
export function cardBilling(t: { readonly db: Db }, secret = cardSecret) {
  const provider = (now: Date) => createSampleProvider({ db: t.db, webhookSecret: secret, now: () => now });
  let n = 0;

  /** Sends every due webhook through the receiver, as the delivery worker does over HTTP. */
  async function deliverAll(now: Date) {
    return deliverSampleWebhooks(t.db, {
      secret,
      now,
      send: async (body, signature) =>
        (
          await receiveCardWebhook(t.db, provider(now), {
            rawBody: body,
            signature,
            now,
            ip: "127.0.0.1",
            seller,
          })
        ).status,
    });
  }

  async function member(tag: string) {
    const id = `${tag}-${++n}`;
    await t.db.execute(
      sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`,
    );
    return id;
  }

  async function checkout(userId: string, period: BillingPeriod, now: Date) {
    const result = await startCardCheckout(t.db, provider(now), {
      userId,
      email: `${userId}@example.test`,
      planId: "premium",
      period,
      now,
      returnBase: "",
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return { checkoutId: result.checkoutId, sessionId: result.url.split("/").pop() as string };
  }

  /** A member who paid with the success card; their webhooks are not delivered yet. */
  async function paidButUndelivered(tag: string, period: BillingPeriod, now: Date) {
    const userId = await member(tag);
    const c = await checkout(userId, period, now);
    const paid = await paySampleCheckout(t.db, { sessionId: c.sessionId, userId, card: "success", now });
    if (!paid.ok) throw new Error(`the sample checkout refused the payment: ${JSON.stringify(paid)}`);
    return { userId, ...c };
  }

  return { provider, deliverAll, member, checkout, paidButUndelivered, seller };
}

// The sample processor's webhook sender (ADR 0070). Events queued with their change
// (sample_billing_deliveries) are signed exactly as Stripe signs them and POSTed to our webhook
// endpoint, like the outbox worker: claimed in a short transaction with FOR UPDATE SKIP LOCKED and
// a lease (several servers share the queue; a crashed server's claim runs out), retried with
// backoff, at least once — so the endpoint also sees duplicates, as it does from Stripe.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { signatureHeader } from "./webhook-signature.ts";

export const SAMPLE_DELIVERY_ATTEMPTS = 12;
const LEASE_SECONDS = 30;

/** Sends one signed body; answers the endpoint's HTTP status (throws on a network failure). */
export type WebhookSender = (body: string, signature: string) => Promise<number>;

/** POSTs to `url` as Stripe does: JSON body, Stripe-Signature header, a 10 s timeout. */
export function httpSender(url: string): WebhookSender {
  return async (body, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  };
}

/** 5 s, 10 s, 20 s … at most ten minutes between attempts. */
export const deliveryBackoffSeconds = (attempts: number) => Math.min(5 * 2 ** Math.max(0, attempts - 1), 600);

interface Claimed {
  id: string | number;
  event_id: string;
  body: string;
  attempts: number;
}

export interface SampleDeliveryResult {
  delivered: number;
  retried: number;
  failed: number;
}

/** One pass: claims up to `limit` due webhooks and sends each, signed at the moment of sending. */
export async function deliverSampleWebhooks(
  db: Db,
  input: { secret: string; send: WebhookSender; now?: Date; limit?: number },
): Promise<SampleDeliveryResult> {
  const now = input.now ?? new Date();
  const nowText = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const claimed = await queryRows<Claimed>(
    db,
    sql`update sample_billing_deliveries set locked_until = ${lease}::timestamptz, attempts = attempts + 1
        where id in (
          select id from sample_billing_deliveries
          where delivered_at is null and failed_at is null and available_at <= ${nowText}::timestamptz
            and (locked_until is null or locked_until <= ${nowText}::timestamptz)
          order by available_at, id
          limit ${input.limit ?? 20}
          for update skip locked)
        returning id::text as id, event_id, body, attempts`,
  );
  claimed.sort((a, b) => Number(BigInt(String(a.id)) - BigInt(String(b.id))));
  const result: SampleDeliveryResult = { delivered: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    const id = String(row.id);
    let error: string;
    try {
      const status = await input.send(
        row.body,
        signatureHeader(row.body, input.secret, Math.floor(now.getTime() / 1000)),
      );
      if (status >= 200 && status < 300) {
        await db.execute(
          sql`update sample_billing_deliveries set delivered_at = now(), locked_until = null, last_error = null
              where id = ${id}::bigint`,
        );
        result.delivered++;
        continue;
      }
      error = `the endpoint answered ${status}`;
    } catch (caught) {
      error = (caught as Error).message?.slice(0, 300) || "delivery failed";
    }
    const attempts = Number(row.attempts);
    if (attempts >= SAMPLE_DELIVERY_ATTEMPTS) {
      await db.execute(
        sql`update sample_billing_deliveries set failed_at = now(), locked_until = null, last_error = ${error}
            where id = ${id}::bigint`,
      );
      log.error("sample billing webhook given up", { eventId: row.event_id, error });
      result.failed++;
    } else {
      const retryAt = new Date(now.getTime() + deliveryBackoffSeconds(attempts) * 1000).toISOString();
      await db.execute(
        sql`update sample_billing_deliveries set locked_until = null, last_error = ${error},
              available_at = ${retryAt}::timestamptz
            where id = ${id}::bigint`,
      );
      log.warn("sample billing webhook failed; will retry", { eventId: row.event_id, attempts, error });
      result.retried++;
    }
  }
  return result;
}

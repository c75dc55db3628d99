// The webhook endpoint's work (ADR 0070): the body exactly as it arrived, its signature checked
// by the provider, then the event applied once (card-events.server.ts). No session and no origin
// check apply — the signature is the authentication — so the endpoint limits what a stranger can
// make it do: a body over 1 MB is refused unread, and an address sending many badly signed
// requests is answered 429 for a while.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume, countEvents, type Window } from "../accounts/rate-limit.server.ts";
import { type BillingProvider, WebhookSignatureError } from "./billing-provider.ts";
import { MalformedEventError } from "./card-event-objects.ts";
import { applyCardEvent, type CardEventOutcome } from "./card-events.server.ts";

export const WEBHOOK_MAX_BYTES = 1024 * 1024;
/** Badly signed requests one address may send per window before it is refused unread. */
export const BAD_SIGNATURES_PER_IP: Window = Object.freeze({ limit: 60, windowMs: 10 * 60_000 });

export type WebhookAnswer =
  | { status: 200; body: { received: true; outcome: CardEventOutcome } }
  | { status: 400 | 413 | 429; body: { error: string } };

/** The raw body, or null when it is larger than `maxBytes` (read no further than that). */
export async function readBodyWithin(request: Request, maxBytes = WEBHOOK_MAX_BYTES): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function receiveCardWebhook(
  db: Db,
  provider: BillingProvider,
  input: {
    rawBody: string;
    signature: string | null;
    now: Date;
    ip: string | undefined;
    seller: Record<string, unknown>;
  },
): Promise<WebhookAnswer> {
  const limitKey = `billing-webhook-bad-signature:${input.ip ?? "unknown"}`;
  if (
    (await countEvents(db, limitKey, BAD_SIGNATURES_PER_IP, systemClock)).count >= BAD_SIGNATURES_PER_IP.limit
  )
    return { status: 429, body: { error: "too_many_bad_signatures" } };
  let event: ReturnType<BillingProvider["parseWebhook"]>;
  try {
    event = provider.parseWebhook(input.rawBody, input.signature, input.now);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    await consume(db, limitKey, BAD_SIGNATURES_PER_IP, systemClock);
    log.warn("billing webhook refused", { provider: provider.name, reason: error.message, ip: input.ip });
    return { status: 400, body: { error: "invalid_signature" } };
  }
  try {
    const outcome = await applyCardEvent(db, event, { provider: provider.name, seller: input.seller });
    if (outcome !== "duplicate")
      log.info("billing webhook", { provider: provider.name, type: event.type, id: event.id, outcome });
    return { status: 200, body: { received: true, outcome } };
  } catch (error) {
    // A signed event we cannot read will never read better: answer 400 so the provider stops.
    if (error instanceof MalformedEventError) {
      log.error("billing webhook unreadable", {
        provider: provider.name,
        id: event.id,
        error: error.message,
      });
      return { status: 400, body: { error: "unreadable_event" } };
    }
    throw error;
  }
}

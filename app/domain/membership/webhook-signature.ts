// Webhook signatures exactly as Stripe makes them (ADR 0070), so the sample provider's webhooks
// take the same path through our endpoint as Stripe's:
//   Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>
// A signature is accepted only over the exact raw body and only within the tolerance of its
// timestamp, which stops a captured webhook from being replayed later.
// Server-only (node:crypto), imported by *.server.ts modules.
import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "./billing-provider.ts";

/** Stripe's default: a webhook signed more than five minutes away from now is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function computeSignature(body: string, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The Stripe-Signature header for `body` signed at `timestamp` (unix seconds). */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(body, secret, timestamp)}`;
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Several v1 entries appear while a secret is being rolled: any one may match.
    if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Throws WebhookSignatureError unless `header` carries a v1 signature of `body` by `secret`
 * with a timestamp within `toleranceSeconds` of `now` (either side: clocks drift).
 */
export function verifySignature(
  body: string,
  header: string | null,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
  const parsed = parseHeader(header);
  if (!parsed) throw new WebhookSignatureError("The Stripe-Signature header is malformed.");
  const expected = Buffer.from(computeSignature(body, secret, parsed.timestamp), "hex");
  const matches = parsed.signatures.some((candidate) =>
    timingSafeEqual(expected, Buffer.from(candidate, "hex")),
  );
  if (!matches) throw new WebhookSignatureError();
  const ageSeconds = Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp);
  if (ageSeconds > toleranceSeconds)
    throw new WebhookSignatureError("The webhook's timestamp is outside the tolerance.");
}

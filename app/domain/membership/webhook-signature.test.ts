import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./billing-provider.ts";
import {
  computeSignature,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureHeader,
  verifySignature,
} from "./webhook-signature.ts";

const secret = "whsec_test_secret_for_unit_tests";
const body = JSON.stringify({ id: "evt_1", object: "event" });
const t = 1_795_700_000;
const at = (seconds: number) => new Date(seconds * 1000);

describe("webhook signatures, as Stripe makes them", () => {
  it("signs t=<unix>,v1=<hex HMAC-SHA256 of '<t>.<body>'> exactly as Stripe's own test helper does", () => {
    const ours = signatureHeader(body, secret, t);
    expect(ours).toBe(Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }));
    expect(ours).toMatch(/^t=1795700000,v1=[0-9a-f]{64}$/);
    // And Stripe's own verification accepts ours.
    expect(Stripe.webhooks.signature?.verifyHeader(body, ours, secret, 300, undefined, t * 1000)).toBe(true);
  });

  it("accepts the exact body within 300 s either side of its timestamp, and refuses it beyond", () => {
    const header = signatureHeader(body, secret, t);
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(() => verifySignature(body, header, secret, at(t))).not.toThrow();
    expect(() => verifySignature(body, header, secret, at(t + 300))).not.toThrow();
    expect(() => verifySignature(body, header, secret, at(t - 300))).not.toThrow();
    expect(() => verifySignature(body, header, secret, at(t + 301))).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, header, secret, at(t - 301))).toThrow(/tolerance/);
  });

  it("refuses another body, another secret, a missing or malformed header", () => {
    const header = signatureHeader(body, secret, t);
    expect(() => verifySignature(`${body} `, header, secret, at(t))).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, header, "whsec_other", at(t))).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, null, secret, at(t))).toThrow(/missing/);
    expect(() => verifySignature(body, "v1=abc", secret, at(t))).toThrow(/malformed/);
    expect(() =>
      verifySignature(body, `t=${t},v0=${computeSignature(body, secret, t)}`, secret, at(t)),
    ).toThrow(/malformed/);
    // A changed timestamp with the old signature is a different signed message.
    expect(() => verifySignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, at(t))).toThrow(
      WebhookSignatureError,
    );
  });

  it("accepts any one of several v1 signatures (a secret being rolled)", () => {
    const header = `t=${t},v1=${computeSignature(body, "whsec_old", t)},v1=${computeSignature(body, secret, t)}`;
    expect(() => verifySignature(body, header, secret, at(t))).not.toThrow();
  });
});

// Which card provider this deployment uses (BILLING_PROVIDER; ADR 0070): Stripe in production,
// the offline sample provider by default elsewhere. Built per call from the config (cheap), so no
// provider object is shared between requests.
import { hkdfSync } from "node:crypto";
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { createSampleProvider } from "./sample-provider.server.ts";
import { createStripeProvider } from "./stripe-provider.server.ts";

/** The sample provider's signing secret: BILLING_WEBHOOK_SECRET, or one derived from the session secret. */
export function sampleWebhookSecret(config: Config): string {
  if (config.billing.sampleWebhookSecret) return config.billing.sampleWebhookSecret;
  const key = hkdfSync("sha256", config.sessionSecret, "coinlens-billing", "sample webhook secret v1", 32);
  return `whsec_${Buffer.from(key).toString("base64url")}`;
}

/** Where the sample provider POSTs its webhooks: this server's own endpoint. */
export function sampleWebhookUrl(config: Config): string {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/api/billing/webhook`;
}

export function getBillingProvider(db: Db, config: Config): BillingProvider {
  if (config.billing.provider === "stripe") {
    const { stripeSecretKey, stripeWebhookSecret } = config.billing;
    // parseConfig refuses BILLING_PROVIDER=stripe without both; this only narrows the types.
    if (!stripeSecretKey || !stripeWebhookSecret) throw new Error("Stripe is not configured");
    return createStripeProvider({
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      brand: config.brand.name,
    });
  }
  return createSampleProvider({ db, webhookSecret: sampleWebhookSecret(config) });
}

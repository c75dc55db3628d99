import { type Config, parseConfig } from "../app/config.server.ts";

// Configurations for tests: the one a test process runs with, and production environments for
// tests of what production refuses or hides.

/** The configuration of APP_ENV=test with `overrides`; throws with the problems if it is refused. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const result = parseConfig({ APP_ENV: "test", ...overrides });
  if (!result.ok) throw new Error(result.problems.join("; "));
  return result.config;
}

/** The least a production environment names: its secret, its address, live prices and chains, Stripe. */
export const productionBasics = Object.freeze({
  APP_ENV: "production",
  SESSION_SECRET: "x".repeat(48),
  PUBLIC_URL: "https://coinlens.example",
  MARKET_DATA: "live",
  CHAIN_WATCHER: "live",
  ...productionBilling(),
});

/** Card payments in production: Stripe with a live key and the endpoint's signing secret (placeholders). */
export function productionBilling() {
  return {
    BILLING_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_live_placeholder",
    STRIPE_WEBHOOK_SECRET: "whsec_placeholder",
  };
}

/** A production environment that passes every check: no sample data, deposits off (no keys). */
export const productionEnv = Object.freeze({
  ...productionBasics,
  SEED_SAMPLE_DATA: "false",
  DEPOSITS_ENABLED: "false",
});

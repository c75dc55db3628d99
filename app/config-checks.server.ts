// Production checks on the environment that need more than a schema (split from config.server.ts,
// which keeps the schema and the shape): card billing, Web Push keys and the operator's deposit keys.
import { btcDeriver, tronDeriver } from "./domain/chain/addresses.ts";

interface BillingEnv {
  APP_ENV: string;
  BILLING_PROVIDER?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}

interface VapidEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}

/** Card payments take real money: Stripe, fully configured, in production; the sample provider elsewhere by default. */
export function billingProblems(e: BillingEnv): string[] {
  const problems: string[] = [];
  const production = e.APP_ENV === "production";
  const provider = e.BILLING_PROVIDER ?? (production ? undefined : "sample");
  if (production && provider !== "stripe")
    problems.push(
      "BILLING_PROVIDER: required in production and must be 'stripe' (the sample provider takes no real payment)",
    );
  if (provider === "stripe") {
    if (!e.STRIPE_SECRET_KEY) problems.push("STRIPE_SECRET_KEY: required with BILLING_PROVIDER=stripe");
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push("STRIPE_WEBHOOK_SECRET: required with BILLING_PROVIDER=stripe (the endpoint's whsec_…)");
    if (production && e.STRIPE_SECRET_KEY && /^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY))
      problems.push("STRIPE_SECRET_KEY: a test-mode key takes no real payment; production needs a live key");
  }
  return problems;
}

/** Web Push keys come as a pair (web-push's URL-safe base64 P-256 keys); the subject is mailto: or https:. */
export function vapidProblems(e: VapidEnv): string[] {
  const problems: string[] = [];
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push(
      "VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys) or neither",
    );
  if (e.VAPID_PUBLIC_KEY && !/^[A-Za-z0-9_-]{87}$/.test(e.VAPID_PUBLIC_KEY))
    problems.push("VAPID_PUBLIC_KEY: must be a URL-safe base64 P-256 public key (87 characters)");
  if (e.VAPID_PRIVATE_KEY && !/^[A-Za-z0-9_-]{43}$/.test(e.VAPID_PRIVATE_KEY))
    problems.push("VAPID_PRIVATE_KEY: must be a URL-safe base64 P-256 private key (43 characters)");
  if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)\S+$/.test(e.VAPID_SUBJECT))
    problems.push("VAPID_SUBJECT: must be a mailto: address or an https:// URL");
  return problems;
}

/** A configured deposit key must be a valid account-level PUBLIC key; a private key is refused. */
export function chainKeyProblems(btcXpub: string | undefined, tronXpub: string | undefined): string[] {
  const problems: string[] = [];
  for (const [name, key, check] of [
    ["BTC_XPUB", btcXpub, btcDeriver],
    ["TRON_XPUB", tronXpub, tronDeriver],
  ] as const) {
    if (!key) continue;
    try {
      check(key);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

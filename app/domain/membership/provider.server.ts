// Which billing provider this process uses. The card payments part replaces this with the real
// choice (the sample provider outside production, Stripe in production).
import type { BillingProvider } from "./billing-provider.ts";

export function getBillingProvider(): BillingProvider {
  throw new Error("No billing provider is configured.");
}

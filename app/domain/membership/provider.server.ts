// Which card provider this deployment uses (ADR 0070). The card payments part builds the real
// choice here (the sample provider outside production, Stripe in production); until it lands,
// no card provider is configured and nothing can be bought by card, so no card subscription
// exists for the member's Billing page to manage.
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import type { BillingProvider } from "./billing-provider.ts";

export function getBillingProvider(_db: Db, _config: Config): BillingProvider {
  throw new Error("No card billing provider is configured.");
}

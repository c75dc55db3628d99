// A plan's price change reaches card memberships too (ADR 0070). Crypto renewals are charged here
// and read the plan's price (priceFor); card renewals are charged by the provider, which keeps the
// price the subscription began at until told otherwise. So once a change is scheduled, each card
// subscription whose next renewal it reaches has its provider told the new price — and told again
// if the change is withdrawn, or once it is folded into the plan. The call goes out before the
// marker is written (outside any transaction): a crash in between repeats an idempotent call.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { getPlan } from "./plans.server.ts";
import { type BillingPeriod, priceFor } from "./plans.ts";

interface PendingRow {
  id: string;
  plan_id: string;
  period: BillingPeriod;
  provider_subscription_id: string;
  current_period_end: Date | string;
  /** What the provider was told (the marker), as text so it compares exactly on both drivers. */
  told: string | null;
  /** The plan's scheduled change now. */
  scheduled: string | null;
}

export async function pushRenewalPrices(
  db: Db,
  provider: BillingProvider,
  o: { userId?: string; limit?: number } = {},
): Promise<{ told: number; failed: number }> {
  const member = o.userId === undefined ? sql`` : sql`and s.user_id = ${o.userId}`;
  const rows = await queryRows<PendingRow>(
    db,
    sql`select s.id, s.plan_id, s.period, s.provider_subscription_id, s.current_period_end,
               s.provider_price_from::text as told, p.next_prices_from::text as scheduled
        from subscriptions s join membership_plans p on p.id = s.plan_id
        where s.method = 'card' and s.provider = ${provider.name}
          and s.provider_subscription_id is not null and s.status in ('active', 'past_due')
          and s.provider_price_from is distinct from p.next_prices_from
          and (s.provider_price_from is not null or s.current_period_end >= p.next_prices_from)
          ${member}
        order by s.current_period_end
        limit ${o.limit ?? 200}`,
  );
  const result = { told: 0, failed: 0 };
  for (const row of rows) {
    const plan = await getPlan(db, row.plan_id);
    if (!plan) continue;
    const renewsAt = new Date(row.current_period_end);
    const amountMinor = priceFor(plan, row.period, renewsAt);
    try {
      await provider.setRenewalPrice({
        subscriptionId: row.provider_subscription_id,
        period: row.period,
        amountMinor,
      });
    } catch (error) {
      // Tried again on the next pass; the renewal is at least PRICE_CHANGE_NOTICE_DAYS away.
      log.warn("renewal price not passed to the card provider", { subscriptionId: row.id, error });
      result.failed++;
      continue;
    }
    // Only if nobody moved the marker meanwhile (another server passing on the same change).
    await db.execute(
      sql`update subscriptions set provider_price_from = ${row.scheduled}::timestamptz, updated_at = now()
          where id = ${row.id} and provider_price_from is not distinct from ${row.told}::timestamptz`,
    );
    result.told++;
  }
  return result;
}

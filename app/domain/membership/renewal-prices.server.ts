// A plan's price change reaches card memberships too (ADR 0070). Crypto renewals are charged here
// and read the plan's price (priceFor); card renewals are charged by the provider, which keeps the
// price the current period was paid at until told otherwise. So each pass compares, per live card
// subscription, the price its next renewal should charge (priceFor at the period's end) with what
// its provider will charge (what it was last told, or the current period's price), and tells the
// provider where they differ. It follows the state, not the change: a change withdrawn, folded
// into the plan, or a call that failed until after the change's date are all caught on a later pass.
// The call goes out before the record is written (outside any transaction): a crash in between
// repeats an idempotent call.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import type { BillingPeriod } from "./plans.ts";

interface PendingRow {
  id: string;
  period: BillingPeriod;
  provider_subscription_id: string;
  known: string | number;
  expected: string | number;
}

export interface PushResult {
  told: number;
  failed: number;
  /** The provider's next renewal is in another period (a switch it has scheduled): asked again later. */
  deferred: number;
}

/** At most this many provider calls, and this long, per pass: the job's other work waits for it. */
const PER_PASS = 50;
const BUDGET_MS = 20_000;

export async function pushRenewalPrices(
  db: Db,
  provider: BillingProvider,
  o: { userId?: string } = {},
): Promise<PushResult> {
  const member = o.userId === undefined ? sql`` : sql`and s.user_id = ${o.userId}`;
  // priceFor in SQL: the scheduled price when the renewal falls on or after its date.
  const rows = await queryRows<PendingRow>(
    db,
    sql`select * from (
          select s.id, s.period, s.provider_subscription_id, s.updated_at,
                 coalesce(s.provider_renewal_minor, s.price_minor) as known,
                 case when p.next_prices_from is not null and s.current_period_end >= p.next_prices_from
                      then case when s.period = 'monthly' then coalesce(p.next_monthly_price_minor, p.monthly_price_minor)
                                else coalesce(p.next_yearly_price_minor, p.yearly_price_minor) end
                      else case when s.period = 'monthly' then p.monthly_price_minor else p.yearly_price_minor end
                 end as expected
          from subscriptions s join membership_plans p on p.id = s.plan_id
          where s.method = 'card' and s.provider = ${provider.name}
            and s.provider_subscription_id is not null and s.status in ('active', 'past_due') ${member}
        ) pending
        where expected <> known
        order by updated_at
        limit ${PER_PASS}`,
  );
  const result: PushResult = { told: 0, failed: 0, deferred: 0 };
  const started = Date.now();
  for (const row of rows) {
    if (Date.now() - started > BUDGET_MS) break;
    const known = BigInt(String(row.known));
    const expected = BigInt(String(row.expected));
    let applied: boolean;
    try {
      applied = await provider.setRenewalPrice({
        subscriptionId: row.provider_subscription_id,
        period: row.period,
        amountMinor: expected,
      });
    } catch (error) {
      // Asked again on a later pass, after the others (the change is at least 30 days ahead).
      log.warn("renewal price not passed to the card provider", { subscriptionId: row.id, error });
      result.failed++;
      await db.execute(sql`update subscriptions set updated_at = now() where id = ${row.id}`);
      continue;
    }
    if (!applied) {
      result.deferred++;
      await db.execute(sql`update subscriptions set updated_at = now() where id = ${row.id}`);
      continue;
    }
    // Only if nothing was recorded meanwhile (a paid period resets it; another server told it too).
    await db.execute(
      sql`update subscriptions set provider_renewal_minor = ${expected}, updated_at = now()
          where id = ${row.id} and coalesce(provider_renewal_minor, price_minor) = ${known}`,
    );
    result.told++;
  }
  return result;
}

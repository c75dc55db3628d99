// Telling members of a price change before it reaches them (ADR 0070): a plan's scheduled prices
// apply from `next_prices_from`; every live membership whose next renewal is on or after that
// date, and whose period's price actually changes, gets one e-mail per change, PRICE_CHANGE_NOTICE_DAYS
// ahead. The outbox key (plan, change date, member) is the dedupe: a rerun queues nothing new.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { formatDate } from "../dates.ts";
import { PERIOD_LABELS, usdText } from "./crypto-rules.ts";
import { queueMembershipEmail } from "./lifecycle.server.ts";
import { getPlan } from "./plans.server.ts";
import { type BillingPeriod, days, PRICE_CHANGE_NOTICE_DAYS, priceFor } from "./plans.ts";

interface NoticeRow {
  user_id: string;
  plan_id: string;
  period: BillingPeriod;
  from_ms: string | number;
}

/** The outbox key of one member's notice of one plan's change. */
export const priceNoticeKey = (planId: string, fromMs: number, userId: string) =>
  `membership:price-change:${planId}:${fromMs}:${userId}`;

export async function sendPriceChangeNotices(db: Db, o: { now: Date; userId?: string; limit?: number }) {
  const horizon = new Date(o.now.getTime() + days(PRICE_CHANGE_NOTICE_DAYS));
  const member = o.userId === undefined ? sql`` : sql`and s.user_id = ${o.userId}`;
  // Members already told are left out by their outbox key, so a pass costs one query when there
  // is nobody new to tell.
  const rows = await queryRows<NoticeRow>(
    db,
    sql`select s.user_id, s.plan_id, s.period,
               (extract(epoch from p.next_prices_from) * 1000)::bigint::text as from_ms
        from subscriptions s join membership_plans p on p.id = s.plan_id
        where s.status in ('active', 'past_due') and not s.cancel_at_period_end
          and p.next_prices_from is not null and p.next_prices_from <= ${horizon}
          and s.current_period_end >= p.next_prices_from ${member}
          and not exists (
            select 1 from outbox o where o.message_key =
              'membership:price-change:' || p.id || ':' || (extract(epoch from p.next_prices_from) * 1000)::bigint::text || ':' || s.user_id)
        order by s.current_period_end
        limit ${o.limit ?? 500}`,
  );
  let sent = 0;
  for (const row of rows) {
    const plan = await getPlan(db, row.plan_id);
    if (!plan?.nextPricesFrom) continue;
    const from = plan.nextPricesFrom;
    const before = priceFor(plan, row.period, new Date(from.getTime() - 1));
    const after = priceFor(plan, row.period, from);
    if (before === after) continue;
    const queued = await queueMembershipEmail(
      db,
      row.user_id,
      priceNoticeKey(plan.id, Number(row.from_ms), row.user_id),
      (name) => ({
        template: "membership-price-change",
        data: {
          name,
          plan: plan.name,
          period: PERIOD_LABELS[row.period],
          from: usdText(before),
          to: usdText(after),
          date: formatDate(from),
        },
      }),
    );
    if (queued) sent++;
  }
  return { sent };
}

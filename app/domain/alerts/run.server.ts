// Evaluates price alerts against the current prices (ADR 0075). Every app server runs a pass on
// every price change, possibly at the same moment, so a crossing is claimed by a conditional
// update: the one transaction that turns `armed` off (and counts the crossing) writes the
// notification, keyed `alert:<id>:<crossing>`, and queues the e-mail under the same key (and a
// Web Push per opted-in device, keyed by it and the device: ADR 0079). A
// second server's update finds the alert disarmed and writes nothing. An alert re-arms when the
// price is back on the near side of its line, and for a repeating one its cool-down has passed.
import { eq, type SQL, sql } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatUsd } from "../market-data/format.ts";
import { notify } from "../notifications/notifications.server.ts";
import { enqueuePushes } from "../push/subscriptions.server.ts";
import { type AssetPrice, assetPrices } from "./prices.server.ts";
import { type AlertKind, firedTitle } from "./rules.ts";

export interface AlertPassResult {
  /** Alerts this pass fired (each one notification). */
  fired: { id: string; userId: string; crossing: number }[];
  rearmed: number;
}

/** The prices as a VALUES list, so each statement compares exact numerics in the database. */
function priceTable(prices: AssetPrice[]): SQL {
  const rows = prices.map((p) => sql`(${p.symbol}, ${p.priceUsd}::numeric, ${p.change24hPct}::numeric)`);
  return sql`(values ${sql.join(rows, sql`, `)}) as p(symbol, price, change)`;
}

/** Beyond the alert's line at price p (a missing 24 h change is never a move). */
const BEYOND = sql`(case a.kind
  when 'above' then p.price >= a.threshold
  when 'below' then p.price <= a.threshold
  else coalesce(abs(p.change) >= a.threshold, false) end)`;

interface FiredRow {
  id: string | number;
  user_id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  email: boolean;
  push: boolean;
  fired_count: number;
  price: string;
  change: string | null;
}

/** One alert's crossing, claimed and announced in one transaction; null when another pass had it. */
async function fireOne(db: Db, id: string, price: AssetPrice, now: Date) {
  return withTx(db, async (tx) => {
    const [row] = await queryRows<FiredRow>(
      tx,
      sql`update price_alerts a
          set armed = false,
              fired_count = a.fired_count + 1,
              last_fired_at = ${now.toISOString()}::timestamptz,
              last_fired_price = p.price,
              status = case when a.repeating then 'active' else 'done' end
          from ${priceTable([price])}
          where a.id = ${id} and a.armed and a.status = 'active' and p.symbol = a.symbol and ${BEYOND}
          returning a.id, a.user_id, a.symbol, a.kind, a.threshold::text as threshold, a.email, a.push,
                    a.fired_count, p.price::text as price, p.change::text as change`,
    );
    if (!row) return null;
    const alertId = String(row.id);
    const crossing = Number(row.fired_count);
    const key = `alert:${alertId}:${crossing}`;
    const title = firedTitle(
      { symbol: row.symbol, kind: row.kind, threshold: row.threshold },
      { priceUsd: price.priceUsd, change24hPct: price.change24hPct },
      (v) => formatUsd(v),
    );
    const body = price.sample ? "Sample data: this is not a live market price." : "Information, not advice.";
    await notify(tx, { userId: row.user_id, key, kind: "price-alert", title, body, link: "/alerts" });
    // One push per opted-in device, queued with the notification (keyed by it and the device).
    if (row.push)
      await enqueuePushes(tx, {
        userId: row.user_id,
        notificationKey: key,
        message: { title, body, link: "/alerts" },
      });
    if (row.email) {
      const [user] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, row.user_id));
      if (user) {
        await enqueueEmail(tx, key, {
          to: user.email,
          template: "price-alert",
          data: { name: user.name, title, sample: price.sample },
        });
      }
    }
    return { id: alertId, userId: row.user_id, crossing };
  });
}

/**
 * One pass: fire every armed alert whose price is beyond its line, then re-arm those back on the
 * near side. Stale prices move nothing (a feed that stopped is not a crossing).
 */
export async function runAlerts(
  db: Db,
  options: { staleSeconds: number; now?: Date },
): Promise<AlertPassResult> {
  const now = options.now ?? new Date();
  const prices = [...(await assetPrices(db, { staleSeconds: options.staleSeconds, now })).values()].filter(
    (p) => !p.stale,
  );
  if (prices.length === 0) return { fired: [], rearmed: 0 };
  const bySymbol = new Map(prices.map((p) => [p.symbol, p]));
  const candidates = await queryRows<{ id: string | number; symbol: string }>(
    db,
    sql`select a.id, a.symbol from price_alerts a join ${priceTable(prices)} on p.symbol = a.symbol
        where a.status = 'active' and a.armed and ${BEYOND} order by a.id`,
  );
  const fired: AlertPassResult["fired"] = [];
  for (const c of candidates) {
    const price = bySymbol.get(c.symbol);
    if (!price) continue;
    const done = await fireOne(db, String(c.id), price, now);
    if (done) fired.push(done);
  }
  const rearmed = await queryRows<{ id: unknown }>(
    db,
    sql`update price_alerts a set armed = true
        from ${priceTable(prices)}
        where p.symbol = a.symbol and a.status = 'active' and not a.armed and not ${BEYOND}
          and (not a.repeating or a.last_fired_at is null
               or a.last_fired_at + make_interval(mins => a.cooldown_minutes) <= ${now.toISOString()}::timestamptz)
        returning a.id`,
  );
  return { fired, rearmed: rearmed.length };
}

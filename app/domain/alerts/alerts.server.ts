// A member's price alerts: create (within the plan's limit), list, pause, resume, delete. Every
// query is scoped by the member's id, so another member's alert id changes nothing (ADR 0075).
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { priceAlerts } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { getMembership } from "../membership/membership.server.ts";
import { entitlementLimit } from "../membership/plans.ts";
import { assetPrices } from "./prices.server.ts";
import {
  type AlertInput,
  type AlertKind,
  type AlertStatus,
  alertMessages,
  DEFAULT_ALERT_LIMIT,
} from "./rules.ts";

/** How many alerts (not done) the member may keep: their plan's 'alerts:N', else the free default. */
export async function alertLimit(db: Db, userId: string, now = new Date()): Promise<number> {
  const { entitlements } = await getMembership(db, userId, now);
  return entitlementLimit(entitlements, "alerts") || DEFAULT_ALERT_LIMIT;
}

export type CreateAlertResult =
  | { ok: true; id: string }
  | { ok: false; errors: Partial<Record<"symbol" | "threshold" | "form", string>> };

/** Whether the price is already beyond the alert's line (then it waits for the next crossing). */
function isBeyond(
  kind: AlertKind,
  threshold: string,
  price: { priceUsd: string; change24hPct: string | null },
) {
  // Display-grade comparison is enough here: it only decides whether a new alert starts armed.
  if (kind === "above") return Number(price.priceUsd) >= Number(threshold);
  if (kind === "below") return Number(price.priceUsd) <= Number(threshold);
  return price.change24hPct != null && Math.abs(Number(price.change24hPct)) >= Number(threshold);
}

/**
 * Creates an alert. It starts armed unless the price is already beyond its line: an alert fires on
 * a crossing, so "BTC above 60,000" set while BTC is at 65,000 waits until BTC has been below.
 */
export async function createAlert(
  db: Db,
  userId: string,
  input: AlertInput,
  options: { staleSeconds: number; now?: Date },
): Promise<CreateAlertResult> {
  const now = options.now ?? new Date();
  const prices = await assetPrices(db, { staleSeconds: options.staleSeconds, now });
  const price = prices.get(input.symbol);
  if (!price) return { ok: false, errors: { symbol: alertMessages.unknownSymbol } };
  const limit = await alertLimit(db, userId, now);
  return withTx(db, async (tx) => {
    // Serialises this member's creates, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-alerts:${userId}`}))`);
    const [kept] = await tx
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), ne(priceAlerts.status, "done")));
    if (Number(kept?.n ?? 0) >= limit)
      return { ok: false as const, errors: { form: alertMessages.limit(limit) } };
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        symbol: input.symbol,
        kind: input.kind,
        threshold: input.threshold,
        repeating: input.repeating,
        cooldownMinutes: input.cooldownMinutes,
        email: input.email,
        push: input.push,
        armed: !isBeyond(input.kind, input.threshold, price),
      })
      .returning({ id: priceAlerts.id });
    if (!row) throw new Error("insert returned no row");
    return { ok: true as const, id: row.id.toString() };
  });
}

export interface AlertRow {
  id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  repeating: boolean;
  cooldownMinutes: number;
  email: boolean;
  push: boolean;
  status: AlertStatus;
  armed: boolean;
  firedCount: number;
  lastFiredAt: string | null;
  lastFiredPrice: string | null;
}

/** The /alerts page: the member's alerts (newest first), their limit, and the assets to choose from. */
export async function alertsPage(db: Db, userId: string, options: { staleSeconds: number; now?: Date }) {
  const now = options.now ?? new Date();
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  const prices = await assetPrices(db, { staleSeconds: options.staleSeconds, now });
  const limit = await alertLimit(db, userId, now);
  return {
    alerts: rows.map((r): AlertRow & { priceUsd: string | null } => ({
      id: r.id.toString(),
      symbol: r.symbol,
      kind: r.kind,
      threshold: r.threshold,
      repeating: r.repeating,
      cooldownMinutes: r.cooldownMinutes,
      email: r.email,
      push: r.push,
      status: r.status,
      armed: r.armed,
      firedCount: r.firedCount,
      lastFiredAt: r.lastFiredAt?.toISOString() ?? null,
      lastFiredPrice: r.lastFiredPrice,
      priceUsd: prices.get(r.symbol)?.priceUsd ?? null,
    })),
    kept: rows.filter((r) => r.status !== "done").length,
    limit,
    assets: [...prices.values()].map((p) => ({ symbol: p.symbol, name: p.name, priceUsd: p.priceUsd })),
    sample: [...prices.values()].some((p) => p.sample),
  };
}

/** Pauses an active alert or resumes a paused one; false when it is not the member's or not in that state. */
export async function setAlertPaused(db: Db, userId: string, id: bigint, paused: boolean): Promise<boolean> {
  const rows = await db
    .update(priceAlerts)
    .set({ status: paused ? "paused" : "active" })
    .where(
      and(
        eq(priceAlerts.id, id),
        eq(priceAlerts.userId, userId),
        eq(priceAlerts.status, paused ? "active" : "paused"),
      ),
    )
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Deletes one of the member's alerts (its notifications stay: they are history). */
export async function deleteAlert(db: Db, userId: string, id: bigint): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

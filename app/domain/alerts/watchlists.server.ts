// A member's named watchlists of assets, with live prices from the market-data cache. Every query
// is scoped by the member's id: another member's list id answers "not found" (ADR 0075).
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { watchlistItems, watchlists } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { assetPrices } from "./prices.server.ts";
import { MAX_WATCHLIST_ITEMS, MAX_WATCHLISTS, watchlistMessages } from "./rules.ts";

export type WatchlistResult =
  | { ok: true; id: string }
  | { ok: false; field: "name" | "symbol" | "form"; message: string };

const UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

export async function createWatchlist(db: Db, userId: string, name: string): Promise<WatchlistResult> {
  try {
    return await withTx(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${userId}`}))`);
      const [kept] = await tx.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
      if (Number(kept?.n ?? 0) >= MAX_WATCHLISTS)
        return { ok: false as const, field: "form" as const, message: watchlistMessages.tooMany };
      const [row] = await tx.insert(watchlists).values({ userId, name }).returning({ id: watchlists.id });
      if (!row) throw new Error("insert returned no row");
      return { ok: true as const, id: row.id.toString() };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "name", message: watchlistMessages.duplicate };
    throw error;
  }
}

export async function renameWatchlist(
  db: Db,
  userId: string,
  id: bigint,
  name: string,
): Promise<WatchlistResult> {
  try {
    const rows = await db
      .update(watchlists)
      .set({ name })
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .returning({ id: watchlists.id });
    if (rows.length === 0) return { ok: false, field: "form", message: "That list no longer exists." };
    return { ok: true, id: id.toString() };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "name", message: watchlistMessages.duplicate };
    throw error;
  }
}

export async function deleteWatchlist(db: Db, userId: string, id: bigint): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

/** Adds an asset we have a price for to one of the member's lists (adding it twice is a no-op). */
export async function addToWatchlist(
  db: Db,
  userId: string,
  id: bigint,
  symbol: string,
  options: { staleSeconds: number },
): Promise<WatchlistResult> {
  const prices = await assetPrices(db, options);
  if (!prices.has(symbol)) return { ok: false, field: "symbol", message: watchlistMessages.unknownSymbol };
  return withTx(db, async (tx) => {
    const [list] = await tx
      .select({ id: watchlists.id })
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .for("update");
    if (!list) return { ok: false as const, field: "form" as const, message: "That list no longer exists." };
    const [items] = await tx
      .select({ n: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.watchlistId, id));
    if (Number(items?.n ?? 0) >= MAX_WATCHLIST_ITEMS)
      return { ok: false as const, field: "symbol" as const, message: watchlistMessages.full };
    await tx.insert(watchlistItems).values({ watchlistId: id, symbol }).onConflictDoNothing();
    return { ok: true as const, id: id.toString() };
  });
}

export async function removeFromWatchlist(
  db: Db,
  userId: string,
  id: bigint,
  symbol: string,
): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(
      and(
        eq(watchlistItems.watchlistId, id),
        eq(watchlistItems.symbol, symbol),
        inArray(
          watchlistItems.watchlistId,
          db.select({ id: watchlists.id }).from(watchlists).where(eq(watchlists.userId, userId)),
        ),
      ),
    )
    .returning({ symbol: watchlistItems.symbol });
  return rows.length > 0;
}

/** The /watchlists page: each of the member's lists with its assets' current prices. */
export async function watchlistsPage(db: Db, userId: string, options: { staleSeconds: number; now?: Date }) {
  const lists = await db
    .select()
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  const items =
    lists.length === 0
      ? []
      : await db
          .select()
          .from(watchlistItems)
          .where(
            inArray(
              watchlistItems.watchlistId,
              lists.map((l) => l.id),
            ),
          )
          .orderBy(asc(watchlistItems.addedAt), asc(watchlistItems.symbol));
  const prices = await assetPrices(db, options);
  return {
    lists: lists.map((l) => ({
      id: l.id.toString(),
      name: l.name,
      items: items
        .filter((i) => i.watchlistId === l.id)
        .map((i) => {
          const p = prices.get(i.symbol);
          return {
            symbol: i.symbol,
            name: p?.name ?? i.symbol,
            priceUsd: p?.priceUsd ?? null,
            change24hPct: p?.change24hPct == null ? null : Number(p.change24hPct),
            stale: p?.stale ?? true,
          };
        }),
    })),
    assets: [...prices.values()].map((p) => ({ symbol: p.symbol, name: p.name })),
    sample: [...prices.values()].some((p) => p.sample),
    asOf: [...prices.values()].map((p) => p.lastUpdated).sort()[0] ?? null,
  };
}

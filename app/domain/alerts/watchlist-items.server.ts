// "Add to watchlist" from the screener, the research pages and anywhere an asset is shown: which of
// the member's lists hold an asset, and one workflow (POST /watchlists/items) that adds it to a
// list, removes it, or makes a new list holding it. Scoped to the member like the rest (ADR 0075).
import { asc, eq, inArray } from "drizzle-orm";
import { watchlistItems, watchlists } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { formText } from "../forms.ts";
import { PORTFOLIO_TOOL_CHANGES_PER_MEMBER, TOO_MANY } from "./actions.server.ts";
import { watchlistMessages, watchlistNameSchema } from "./rules.ts";
import type { WatchlistChoice, WatchlistItemAnswer } from "./watchlist-items.ts";
import { addToWatchlist, createWatchlist, removeFromWatchlist } from "./watchlists.server.ts";

/** The member's lists (oldest first) with the symbols each holds. */
export async function watchlistChoices(db: Db, userId: string): Promise<WatchlistChoice[]> {
  const lists = await db
    .select({ id: watchlists.id, name: watchlists.name })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  if (lists.length === 0) return [];
  const items = await db
    .select({ listId: watchlistItems.watchlistId, symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(
      inArray(
        watchlistItems.watchlistId,
        lists.map((l) => l.id),
      ),
    );
  return lists.map((l) => ({
    id: l.id.toString(),
    name: l.name,
    symbols: items.filter((i) => i.listId === l.id).map((i) => i.symbol),
  }));
}

function listId(value: FormDataEntryValue | null): bigint | null {
  const text = formText(value);
  return /^\d{1,18}$/.test(text) ? BigInt(text) : null;
}

/** add (id, symbol), remove (id, symbol) or create (name, symbol): one change, answered in words. */
export async function watchlistItemAction(
  db: Db,
  userId: string,
  form: FormData,
  options: { staleSeconds: number },
): Promise<WatchlistItemAnswer> {
  const decision = await consume(
    db,
    `portfolio-tools:${userId}`,
    PORTFOLIO_TOOL_CHANGES_PER_MEMBER,
    systemClock,
  );
  if (!decision.allowed) return { ok: false, error: TOO_MANY };
  const intent = formText(form.get("intent"));
  const symbol = formText(form.get("symbol")).trim().toUpperCase();
  if (!/^[A-Z0-9]{1,15}$/.test(symbol)) return { ok: false, error: watchlistMessages.symbol };
  if (intent === "create") {
    const name = watchlistNameSchema.safeParse(formText(form.get("name")));
    if (!name.success) return { ok: false, error: watchlistMessages.name, field: "name" };
    const created = await createWatchlist(db, userId, name.data);
    if (!created.ok)
      return { ok: false, error: created.message, field: created.field === "name" ? "name" : undefined };
    const added = await addToWatchlist(db, userId, BigInt(created.id), symbol, options);
    if (!added.ok) return { ok: false, error: added.message };
    return { ok: true, message: `${symbol} added to ${name.data}.` };
  }
  const id = listId(form.get("id"));
  const lists = await watchlistChoices(db, userId);
  const list = id === null ? undefined : lists.find((l) => l.id === id.toString());
  if (!list || id === null) return { ok: false, error: "That list no longer exists." };
  if (intent === "add") {
    const added = await addToWatchlist(db, userId, id, symbol, options);
    if (!added.ok) return { ok: false, error: added.message };
    return { ok: true, message: `${symbol} added to ${list.name}.` };
  }
  if (intent === "remove") {
    await removeFromWatchlist(db, userId, id, symbol);
    return { ok: true, message: `${symbol} removed from ${list.name}.` };
  }
  return { ok: false, error: "Unknown action." };
}

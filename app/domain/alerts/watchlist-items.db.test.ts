// "Add to watchlist" (POST /watchlists/items): add, remove and create-with-the-asset, scoped to
// the member; another member's list is "not found" and their lists never show.
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { watchlistChoices, watchlistItemAction } from "./watchlist-items.server.ts";
import { sameSitePath } from "./watchlist-items.ts";
import { createWatchlist } from "./watchlists.server.ts";

const t = setupTestDatabase();
const stale = { staleSeconds: 600 };
const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("add to watchlist", () => {
  it("adds SOL to a list, shows it there, removes it; another member's lists never show or change", async () => {
    await setPrices(t.db, new Date());
    const member = await addMember(t.db, "wl-add");
    const other = await addMember(t.db, "wl-other");
    const mine = await createWatchlist(t.db, member, "Long-term");
    const theirs = await createWatchlist(t.db, other, "Their list");
    if (!mine.ok || !theirs.ok) throw new Error("lists");
    expect(
      await watchlistItemAction(t.db, member, form({ intent: "add", id: mine.id, symbol: "SOL" }), stale),
    ).toEqual({
      ok: true,
      message: "SOL added to Long-term.",
    });
    expect(await watchlistChoices(t.db, member)).toEqual([
      { id: mine.id, name: "Long-term", symbols: ["SOL"] },
    ]);
    // Another member's list id: not found, and nothing added to it.
    expect(
      await watchlistItemAction(t.db, member, form({ intent: "add", id: theirs.id, symbol: "SOL" }), stale),
    ).toEqual({ ok: false, error: "That list no longer exists." });
    expect(await watchlistChoices(t.db, other)).toEqual([{ id: theirs.id, name: "Their list", symbols: [] }]);
    expect(
      await watchlistItemAction(t.db, member, form({ intent: "remove", id: mine.id, symbol: "SOL" }), stale),
    ).toEqual({ ok: true, message: "SOL removed from Long-term." });
    expect((await watchlistChoices(t.db, member))[0]?.symbols).toEqual([]);
  });

  it("New watchlist… makes the list with the asset in it; bad input changes nothing", async () => {
    await setPrices(t.db, new Date());
    const member = await addMember(t.db, "wl-create");
    expect(
      await watchlistItemAction(
        t.db,
        member,
        form({ intent: "create", name: "Layer 1s", symbol: "SOL" }),
        stale,
      ),
    ).toEqual({ ok: true, message: "SOL added to Layer 1s." });
    expect((await watchlistChoices(t.db, member)).map((l) => [l.name, l.symbols])).toEqual([
      ["Layer 1s", ["SOL"]],
    ]);
    expect(
      await watchlistItemAction(
        t.db,
        member,
        form({ intent: "create", name: "layer 1s", symbol: "BTC" }),
        stale,
      ),
    ).toEqual({ ok: false, error: "You already have a list with that name.", field: "name" });
    expect(
      await watchlistItemAction(t.db, member, form({ intent: "create", name: " ", symbol: "BTC" }), stale),
    ).toMatchObject({ ok: false, field: "name" });
    expect(
      await watchlistItemAction(t.db, member, form({ intent: "add", id: "1", symbol: "NOT-A-COIN" }), stale),
    ).toMatchObject({ ok: false });
    expect(await watchlistChoices(t.db, member)).toHaveLength(1);
  });
});

describe("sameSitePath", () => {
  it("keeps a path on this site, refuses anything else", () => {
    expect(sameSitePath("/dashboard")).toBe("/dashboard");
    expect(sameSitePath("/research/btc-outlook?x=1")).toBe("/research/btc-outlook?x=1");
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
      null,
    ])
      expect(sameSitePath(bad)).toBe("/watchlists");
  });
});

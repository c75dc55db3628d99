import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { researchPieces, tradingSetupEvents, tradingSetups } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { withTx } from "../../db/client.server.ts";
import { advanceSetups, type OpenSetupInput, openSetup, setupOpenMessages } from "./setups.server.ts";

// A setup opens at the feed's price and then moves by itself with the feed, each status recorded
// once with the price that caused it — also when several servers run the same pass at once.
const t = setupTestDatabase();
const minute = 60_000;

let analyst: string | undefined;
async function piece() {
  analyst ??= await addMember(t.db, "setup-analyst");
  const id = randomUUID();
  await t.db.insert(researchPieces).values({
    id,
    slug: `setup-${id}`,
    kind: "setup",
    authorId: analyst,
    status: "published",
    title: "BTC long into support",
    holdings: "The author holds none of the assets mentioned.",
    publishedAt: new Date(),
    version: 1,
  });
  return id;
}

/** BTC long: zone 29,400–29,800, stop 28,900, targets 31,800 / 32,500. */
async function opened(now: Date, overrides: Partial<OpenSetupInput> = {}) {
  const result = await openSetup(t.db, {
    pieceId: await piece(),
    asset: "BTC",
    side: "long",
    entryLow: "29400",
    entryHigh: "29800",
    stop: "28900",
    targets: ["31800", "32500"],
    timeframe: "4h",
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    now,
    staleSeconds: 600,
    ...overrides,
  });
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

async function events(setupId: string) {
  const rows = await t.db
    .select()
    .from(tradingSetupEvents)
    .where(eq(tradingSetupEvents.setupId, setupId))
    .orderBy(asc(tradingSetupEvents.id));
  return rows.map((e) => ({ status: e.status, price: Number(e.price), at: e.at.getTime() }));
}

async function statusOf(setupId: string) {
  const [row] = await t.db.select().from(tradingSetups).where(eq(tradingSetups.id, setupId));
  return row?.status;
}

describe("openSetup", () => {
  it("takes the feed's price, records 'waiting' at it and links the piece", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000.5" });
    const id = await opened(now);
    const [row] = await t.db.select().from(tradingSetups).where(eq(tradingSetups.id, id));
    expect(row).toMatchObject({ asset: "BTC", side: "long", status: "waiting", sample: false });
    expect(Number(row?.publishedPrice)).toBe(31000.5);
    expect(row?.targets.map(Number)).toEqual([31800, 32500]);
    expect(await events(id)).toEqual([{ status: "waiting", price: 31000.5, at: now.getTime() }]);
    const [linked] = await t.db.select().from(researchPieces).where(eq(researchPieces.setupId, id));
    expect(linked?.kind).toBe("setup");
  });

  it("refuses a stale price, levels that make no sense and an expiry already past — writing nothing", async () => {
    const now = new Date();
    await setPrices(t.db, new Date(now.getTime() - 3_600_000));
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(tradingSetups);
    const pieceId = await piece();
    const base = {
      pieceId,
      asset: "BTC",
      side: "long" as const,
      entryLow: "29400",
      entryHigh: "29800",
      stop: "28900",
      targets: ["31800"],
      timeframe: "1d",
      expiresAt: new Date(now.getTime() + 86_400_000),
      now,
      staleSeconds: 600,
    };
    expect(await openSetup(t.db, base)).toEqual({
      ok: false,
      status: 503,
      message: setupOpenMessages.noPrice,
    });
    expect(await openSetup(t.db, { ...base, stop: "29500" })).toMatchObject({ ok: false, status: 400 });
    expect(await openSetup(t.db, { ...base, asset: "USDT" })).toMatchObject({ ok: false, status: 400 });
    expect(await openSetup(t.db, { ...base, stop: "28,900" })).toMatchObject({ ok: false, status: 400 });
    expect(await openSetup(t.db, { ...base, targets: [] })).toMatchObject({ ok: false, status: 400 });
    expect(await openSetup(t.db, { ...base, expiresAt: now })).toMatchObject({ ok: false, status: 400 });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(tradingSetups);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });

  it("works inside the caller's transaction, which publishes the piece with it", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000" });
    const pieceId = await piece();
    const id = await withTx(t.db, async (tx) => {
      const result = await openSetup(tx, {
        pieceId,
        asset: "BTC",
        side: "short",
        entryLow: "32000",
        entryHigh: "32400",
        stop: "33000",
        targets: ["30500"],
        timeframe: "1w",
        expiresAt: new Date(now.getTime() + 86_400_000),
        now,
        staleSeconds: 600,
      });
      if (!result.ok) throw new Error(result.message);
      return result.id;
    });
    expect(await statusOf(id)).toBe("waiting");
  });
});

describe("advanceSetups", () => {
  it("moves a long with the feed: into the zone, then past both targets in one jump; a second pass changes nothing", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000" });
    const id = await opened(now);
    const later = new Date(now.getTime() + minute);
    await setPrices(t.db, later, { BTC: "29600" });
    const first = await advanceSetups(t.db, later, { staleSeconds: 600 });
    expect(first.filter((c) => c.setupId === id).map((c) => c.status)).toEqual(["triggered"]);
    const jump = new Date(now.getTime() + 2 * minute);
    await setPrices(t.db, jump, { BTC: "32600" });
    await advanceSetups(t.db, jump, { staleSeconds: 600 });
    expect(await advanceSetups(t.db, jump, { staleSeconds: 600 })).toEqual([]);
    expect(await events(id)).toEqual([
      { status: "waiting", price: 31000, at: now.getTime() },
      { status: "triggered", price: 29600, at: later.getTime() },
      { status: "target_1", price: 32600, at: jump.getTime() },
      { status: "target_2", price: 32600, at: jump.getTime() },
    ]);
    // The last target is final: a fall to the stop afterwards is not a loss.
    await setPrices(t.db, new Date(jump.getTime() + minute), { BTC: "28000" });
    await advanceSetups(t.db, new Date(jump.getTime() + minute), { staleSeconds: 600 });
    expect(await statusOf(id)).toBe("target_2");
  });

  it("a gap down through the zone and the stop triggers and stops the setup in one pass", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000" });
    const id = await opened(now);
    const later = new Date(now.getTime() + minute);
    await setPrices(t.db, later, { BTC: "28000" });
    await advanceSetups(t.db, later, { staleSeconds: 600 });
    expect((await events(id)).map((e) => `${e.status}@${e.price}`)).toEqual([
      "waiting@31000",
      "triggered@28000",
      "stopped@28000",
    ]);
  });

  it("a waiting setup expires at its expiry, also while the price is stale; a stale price triggers nothing", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000" });
    const expiresAt = new Date(now.getTime() + 10 * minute);
    const id = await opened(now, { expiresAt });
    // Stale and in the zone: no trigger on a price we cannot vouch for.
    const stale = new Date(now.getTime() + 5 * minute);
    await setPrices(t.db, new Date(stale.getTime() - 3_600_000), { BTC: "29600" });
    await advanceSetups(t.db, stale, { staleSeconds: 600 });
    expect(await statusOf(id)).toBe("waiting");
    const after = new Date(expiresAt.getTime() + minute);
    await advanceSetups(t.db, after, { staleSeconds: 600 });
    expect((await events(id)).at(-1)).toEqual({ status: "expired", price: 29600, at: after.getTime() });
  });

  it("the database keeps the levels: editing them or deleting the setup is refused", async () => {
    const now = new Date();
    await setPrices(t.db, now, { BTC: "31000" });
    const id = await opened(now);
    await expect(
      t.db.update(tradingSetups).set({ stop: "20000" }).where(eq(tradingSetups.id, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(tradingSetups).where(eq(tradingSetups.id, id))).rejects.toThrow();
    await expect(t.db.delete(tradingSetupEvents).where(eq(tradingSetupEvents.setupId, id))).rejects.toThrow();
  });

  it.runIf(onPostgres)(
    "two servers advancing the same setups at the same moment record each change exactly once",
    async () => {
      const now = new Date();
      await setPrices(t.db, now, { BTC: "31000" });
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) ids.push(await opened(now));
      for (const [step, price] of [
        [1, "29600"],
        [2, "31900"],
        [3, "28000"],
      ] as const) {
        const at = new Date(now.getTime() + step * minute);
        await setPrices(t.db, at, { BTC: price });
        const [a, b] = await Promise.all([
          advanceSetups(t.db, at, { staleSeconds: 600 }),
          advanceSetups(t.db, at, { staleSeconds: 600 }),
        ]);
        const mine = [...a, ...b].filter((c) => ids.includes(c.setupId));
        // Each pass reports only what it wrote; together they wrote each change once.
        expect(mine.length, `step ${step}`).toBe(ids.length);
      }
      const rows = await t.db
        .select({ setupId: tradingSetupEvents.setupId, status: tradingSetupEvents.status })
        .from(tradingSetupEvents)
        .where(inArray(tradingSetupEvents.setupId, ids));
      expect(rows.length).toBe(ids.length * 4);
      for (const id of ids) {
        expect((await events(id)).map((e) => e.status)).toEqual([
          "waiting",
          "triggered",
          "target_1",
          "stopped",
        ]);
      }
    },
  );
});

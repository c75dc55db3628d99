import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { researchPieces, tradingSetupEvents, tradingSetups } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { SAMPLE_SETUPS, seedSampleSetups } from "./sample-setups.server.ts";
import { setupBoard } from "./setup-board.server.ts";
import { advanceSetups, openSetup } from "./setups.server.ts";

// The sample setups show the board working out of the box: one waiting, one triggered, one past its
// first target, one stopped — arrived at by replaying the sample market's hourly prices through the
// board's state machine, so the board, its charts and the live feed agree. And the board keeps a
// premium setup's levels from a member without Premium.
const t = setupTestDatabase();

describe("sample setups", () => {
  it("before any setup the board is empty (and says nothing is sample)", async () => {
    const board = await setupBoard(t.db, { viewerHasPremium: false, staleSeconds: 600 });
    expect(board).toMatchObject({ live: [], finished: [], sample: false });
  });

  it("seed once, published by the sample analyst, each at the status it was meant to reach", async () => {
    const now = new Date();
    expect(await seedSampleSetups(t.db, now)).toBe(4);
    expect(await seedSampleSetups(t.db, now)).toBe(0);
    const rows = await t.db.select().from(tradingSetups).orderBy(asc(tradingSetups.id));
    expect(Object.fromEntries(rows.map((r) => [r.asset, r.status]))).toEqual(
      Object.fromEntries(SAMPLE_SETUPS.map((s) => [s.details.asset, s.expected])),
    );
    expect(rows.every((r) => r.sample)).toBe(true);
    const pieces = await t.db.select().from(researchPieces).where(eq(researchPieces.kind, "setup"));
    expect(pieces).toHaveLength(4);
    for (const piece of pieces) {
      expect(piece).toMatchObject({
        status: "published",
        version: 1,
        sample: true,
        authorId: "sample-analyst",
      });
      expect(piece.holdings).toBe("The author holds none of the assets mentioned.");
      expect(piece.bodyMd).toContain("Sample setup");
    }
  });

  it("each change is recorded once, in order, at an hour of the past week, at that hour's sample price", async () => {
    const events = await t.db
      .select()
      .from(tradingSetupEvents)
      .orderBy(asc(tradingSetupEvents.setupId), asc(tradingSetupEvents.at), asc(tradingSetupEvents.id));
    const of = (id: string) => events.filter((e) => e.setupId === id).map((e) => e.status);
    expect(of("sample-setup-btc")).toEqual(["waiting"]);
    expect(of("sample-setup-eth")).toEqual(["waiting", "triggered"]);
    expect(of("sample-setup-sol")).toEqual(["waiting", "triggered", "target_1"]);
    expect(of("sample-setup-bnb")).toEqual(["waiting", "triggered", "stopped"]);
    const series = new Map(sampleMarkets(new Date()).map((q) => [q.symbol, q.sparkline7d]));
    const sol = events.filter((e) => e.setupId === "sample-setup-sol");
    const target = sol.find((e) => e.status === "target_1");
    // A short's first target at 88: the hour it was reached, the price was at or below it.
    expect(Number(target?.price)).toBeLessThanOrEqual(88);
    expect(series.get("SOL")).toContain(Number(target?.price));
    for (const e of events) expect(e.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("the live feed at the sample prices moves none of them", async () => {
    const now = new Date();
    await saveQuotes(t.db, sampleMarkets(now), now);
    expect(await advanceSetups(t.db, now, { staleSeconds: 600 })).toEqual([]);
  });

  it("the board: live setups first, then finished; a premium setup's levels only for Premium", async () => {
    const now = new Date();
    const premium = await setupBoard(t.db, { viewerHasPremium: true, now, staleSeconds: 600 });
    expect(premium.live.map((s) => s.asset)).toEqual(["BTC", "ETH", "SOL"]);
    expect(premium.finished.map((s) => s.asset)).toEqual(["BNB"]);
    expect(premium.sample).toBe(true);
    const eth = premium.live.find((s) => s.asset === "ETH");
    expect(eth).toMatchObject({
      premium: true,
      locked: false,
      status: "triggered",
      statusLabel: "Triggered",
    });
    expect(eth?.levels).toMatchObject({ side: "long", entryLow: "1640", entryHigh: "1655", stop: "1590" });
    expect(eth?.levels?.chart?.line).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
    expect(eth?.levels?.events.map((e) => e.label)).toEqual(["Published", "Triggered"]);
    const sol = premium.live.find((s) => s.asset === "SOL");
    expect(sol?.statusLabel).toBe("Target 1 hit");
    expect(sol?.levels?.statusPrice).toBe(sol?.levels?.events.at(-1)?.price);

    const member = await setupBoard(t.db, { viewerHasPremium: false, now, staleSeconds: 600 });
    const locked = member.live.find((s) => s.asset === "ETH");
    expect(locked).toMatchObject({ locked: true, levels: null, status: "triggered" });
    expect(JSON.stringify(locked)).not.toContain("1655");
    // Free setups are the same for everyone.
    expect(member.live.find((s) => s.asset === "BTC")).toEqual(premium.live.find((s) => s.asset === "BTC"));
  });

  it("leave the board once the desk publishes a setup of its own", async () => {
    const now = new Date();
    await saveQuotes(t.db, sampleMarkets(now), now);
    const author = await addMember(t.db, "desk-analyst");
    await t.db.insert(researchPieces).values({
      id: "real-piece",
      slug: "real-setup",
      kind: "setup",
      authorId: author,
      status: "published",
      title: "TRX long",
      publishedAt: now,
      version: 1,
    });
    const opened = await openSetup(t.db, {
      pieceId: "real-piece",
      asset: "TRX",
      side: "long",
      entryLow: "0.045",
      entryHigh: "0.048",
      stop: "0.042",
      targets: ["0.06"],
      timeframe: "1w",
      expiresAt: new Date(now.getTime() + 86_400_000),
      now,
      staleSeconds: 600,
    });
    expect(opened.ok).toBe(true);
    const board = await setupBoard(t.db, { viewerHasPremium: false, now, staleSeconds: 600 });
    expect([...board.live, ...board.finished].map((s) => s.asset)).toEqual(["TRX"]);
    expect(board.sample).toBe(false);
  });
});

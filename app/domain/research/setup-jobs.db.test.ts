import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { researchPieces, tradingSetupEvents, tradingSetups } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { listenForQuotes, notifyQuotesChanged } from "../market-data/notify.server.ts";
import { SETUPS_CHANGED_REASON, startSetupJobs, stopSetupJobs } from "./setup-jobs.server.ts";
import { openSetup } from "./setups.server.ts";

// The wiring: a price-change signal on the quotes channel (any server's refresh, /dev/market)
// moves the setups on this server, which then signals again so open boards re-read.
const t = setupTestDatabase();
afterAll(() => stopSetupJobs());

/** The listener's connection string on PostgreSQL (PGlite listens in process). */
const urlOf = () =>
  (t.database.pool as { options?: { connectionString?: string } } | undefined)?.options?.connectionString;

describe("setup jobs", () => {
  it("a price signal moves a setup and is answered with a 'setups' signal", async () => {
    const author = await addMember(t.db, "jobs-analyst");
    const pieceId = randomUUID();
    await t.db.insert(researchPieces).values({
      id: pieceId,
      slug: `jobs-${pieceId}`,
      kind: "setup",
      authorId: author,
      status: "published",
      title: "SOL long",
      publishedAt: new Date(),
      version: 1,
    });
    const now = new Date();
    await setPrices(t.db, now);
    const opened = await openSetup(t.db, {
      pieceId,
      asset: "SOL",
      side: "long",
      entryLow: "80",
      entryHigh: "85",
      stop: "75",
      targets: ["100"],
      timeframe: "1d",
      expiresAt: new Date(now.getTime() + 86_400_000),
      now,
      staleSeconds: 600,
    });
    if (!opened.ok) throw new Error(opened.message);
    const reasons: string[] = [];
    const listener = await listenForQuotes(
      t.database,
      (payload) => reasons.push((JSON.parse(payload) as { reason: string }).reason),
      { url: urlOf() },
    );
    await startSetupJobs(t.database, { url: urlOf(), staleSeconds: 600 });
    try {
      await t.db.execute(
        // SOL into the entry zone, then the signal a refresh sends.
        sql`update market_quotes set price_usd = '82', last_updated = now() where symbol = 'SOL'`,
      );
      await notifyQuotesChanged(t.db, "refresh");
      await expect
        .poll(
          async () =>
            (await t.db.select().from(tradingSetups).where(eq(tradingSetups.id, opened.id)))[0]?.status,
          {
            timeout: 10_000,
          },
        )
        .toBe("triggered");
      await expect.poll(() => reasons.includes(SETUPS_CHANGED_REASON), { timeout: 10_000 }).toBe(true);
      const events = await t.db
        .select()
        .from(tradingSetupEvents)
        .where(eq(tradingSetupEvents.setupId, opened.id));
      expect(events.map((e) => e.status).sort()).toEqual(["triggered", "waiting"]);
    } finally {
      await stopSetupJobs();
      await listener.close();
    }
  });
});

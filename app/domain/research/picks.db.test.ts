import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { researchPicks } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { closePick, pickMessages, publishPick } from "./picks.server.ts";
import { pickReturn } from "./track-record.ts";

// A published pick is a record the database keeps (migration 0024): its entry price is the feed's
// at publishing, it is never deleted or edited, only closed once — whatever the code asks.
const t = setupTestDatabase();

async function published(analystId: string, now = new Date()) {
  await setPrices(t.db, now, { BTC: "100000" });
  await t.db.execute(
    sql`update market_quotes set price_usd = '150.25', last_updated = ${now} where symbol = 'SOL'`,
  );
  const result = await publishPick(t.db, {
    analystId,
    asset: "SOL",
    title: "Solana into the upgrade",
    thesis: "Throughput and fees.",
    risk: "high",
    horizon: "medium",
    now,
    staleSeconds: 600,
  });
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

const refused = async (statement: Promise<unknown>) => {
  const error = await statement.then(
    () => null,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  return String(error?.cause?.message ?? error?.message ?? "not refused");
};

describe("picks", () => {
  it("publishing takes the asset's and Bitcoin's feed prices; closing takes the exit prices once", async () => {
    const analyst = await addMember(t.db, "analyst-a");
    const id = await published(analyst);
    const [pick] = await t.db.select().from(researchPicks).where(eq(researchPicks.id, id));
    expect(pick).toMatchObject({ asset: "SOL", closedAt: null });
    expect(Number(pick?.entryPrice)).toBe(150.25);
    expect(Number(pick?.btcEntryPrice)).toBe(100000);

    const later = new Date();
    await setPrices(t.db, later, { BTC: "110000" });
    await t.db.execute(
      sql`update market_quotes set price_usd = '180.30', last_updated = ${later} where symbol = 'SOL'`,
    );
    expect(await closePick(t.db, { pickId: id, now: later, staleSeconds: 600 })).toEqual({ ok: true, id });
    expect(await closePick(t.db, { pickId: id, now: later, staleSeconds: 600 })).toMatchObject({
      ok: false,
      status: 409,
    });
    const [closed] = await t.db.select().from(researchPicks).where(eq(researchPicks.id, id));
    // 150.25 → 180.30: +20.00 % (2000 bp, exactly); BTC 100,000 → 110,000: +10 %.
    expect(
      pickReturn({
        entryPrice: String(closed?.entryPrice),
        exitPrice: String(closed?.exitPrice),
        btcEntryPrice: String(closed?.btcEntryPrice),
        btcExitPrice: String(closed?.btcExitPrice),
      }),
    ).toEqual({ returnBp: 2000n, btcReturnBp: 1000n, vsBtcBp: 1000n });
  });

  it("a stale feed price refuses to publish rather than guess", async () => {
    const analyst = await addMember(t.db, "analyst-stale");
    const now = new Date();
    await setPrices(t.db, new Date(now.getTime() - 3_600_000));
    expect(
      await publishPick(t.db, {
        analystId: analyst,
        asset: "SOL",
        title: "Late",
        thesis: "Stale.",
        risk: "low",
        horizon: "short",
        now,
        staleSeconds: 600,
      }),
    ).toEqual({ ok: false, status: 503, message: pickMessages.noPrice });
  });

  it("the database refuses to delete, edit, back-date or reopen a published pick; another analyst's pick is untouched", async () => {
    const analyst = await addMember(t.db, "analyst-b");
    const other = await addMember(t.db, "analyst-c");
    const id = await published(analyst);
    const bystander = await published(other);

    expect(await refused(t.db.execute(sql`delete from research_picks where id = ${id}`))).toContain(
      "never deleted",
    );
    expect(await refused(t.db.execute(sql`truncate research_picks cascade`))).toContain("never deleted");
    expect(
      await refused(t.db.execute(sql`update research_picks set entry_price = 1 where id = ${id}`)),
    ).toContain("never change");
    expect(
      await refused(
        t.db.execute(
          sql`update research_picks set published_at = published_at - interval '30 days' where id = ${id}`,
        ),
      ),
    ).toContain("never change");
    expect(
      await refused(
        t.db.execute(
          sql`insert into research_picks (id, asset, analyst_id, title, thesis, risk, horizon, entry_price, btc_entry_price, published_at)
              values ('backdated', 'SOL', ${analyst}, 'x', 'y', 'low', 'short', 10, 100000, now() - interval '30 days')`,
        ),
      ),
    ).toContain("never back- or forward-dated");

    await t.db.execute(
      sql`update research_picks set closed_at = now(), exit_price = 160, btc_exit_price = 100000 where id = ${id}`,
    );
    expect(
      await refused(
        t.db.execute(
          sql`update research_picks set closed_at = null, exit_price = null, btc_exit_price = null where id = ${id}`,
        ),
      ),
    ).toContain("stays closed");
    expect(
      await refused(t.db.execute(sql`update research_picks set exit_price = 999 where id = ${id}`)),
    ).toContain("stays closed");
    // Words may still be corrected (a new version is the editor's job); the record is not.
    await t.db.execute(
      sql`update research_picks set title = 'Solana into the upgrade (typo fixed)' where id = ${id}`,
    );
    const [other_] = await t.db.select().from(researchPicks).where(eq(researchPicks.id, bystander));
    expect(other_?.closedAt).toBeNull();
    const ids = (await t.db.select().from(researchPicks)).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([id, bystander]));
  });

  it("only the shipped sample analyst's picks may be sample content, and only they may carry a past date", async () => {
    const analyst = await addMember(t.db, "analyst-sample");
    expect(
      await refused(
        t.db.execute(
          sql`insert into research_picks (id, asset, analyst_id, title, thesis, risk, horizon, entry_price, btc_entry_price, published_at, sample)
              values ('fake-sample', 'ETH', ${analyst}, 'Sample', 'Sample thesis', 'medium', 'long', 2500, 60000, now() - interval '90 days', true)`,
        ),
      ),
    ).toContain("only the shipped sample analyst");
    await t.db.execute(
      sql`insert into users (id, name, email, role) values ('sample-analyst', 'Sample analyst', 'sample-analyst@coinlens.invalid', 'analyst') on conflict do nothing`,
    );
    await t.db.execute(
      sql`insert into research_picks (id, asset, analyst_id, title, thesis, risk, horizon, entry_price, btc_entry_price, published_at, sample)
          values ('sample-1', 'ETH', 'sample-analyst', 'Sample', 'Sample thesis', 'medium', 'long', 2500, 60000, now() - interval '90 days', true)`,
    );
    const [row] = await t.db.select().from(researchPicks).where(eq(researchPicks.id, "sample-1"));
    expect(row?.sample).toBe(true);
  });
});

import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { marketDailyBars } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { queryRows } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { resetDemoAccount } from "../accounts/demo-reset.server.ts";
import { openDemoAccount } from "../accounts/member-accounts.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { auditLedger, postEntry } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { setQuoteForTest } from "../market-data/service.server.ts";
import { parseAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import { addDays, dayOf } from "../portfolio/days.ts";
import { createSwapQuote, executeSwapQuote, setSwapSpreadBps } from "../swap/swap.server.ts";
import { joinLeaderboard, leaderboardView, leaveLeaderboard } from "./leaderboard.server.ts";
import { leaderboardMessages, TOP_SIZE } from "./rules.ts";
import { runLeaderboardJob } from "./standings.server.ts";

const t = setupTestDatabase();
let n = 0;

async function demoMember(tag: string) {
  const id = await addMember(t.db, `${tag}-${++n}`);
  await openDemoAccount(t.db, id);
  return id;
}

async function swap(userId: string, from: Asset, to: Asset, amount: string) {
  const quote = await createSwapQuote(t.db, {
    ledger: "demo",
    userId,
    from,
    to,
    fromAmountMinor: parseAmount(amount, from),
    now: new Date(),
    validSeconds: 30,
    feeBps: 0,
    staleSeconds: 600,
  });
  if (!quote.ok) throw new Error(quote.message);
  const done = await executeSwapQuote(t.db, {
    ledger: "demo",
    userId,
    quoteId: quote.quote.id,
    now: new Date(),
  });
  if (!done.ok) throw new Error(done.message);
}

/** Virtual money paid into a demo account from outside it (a top-up): a flow. */
function topUp(userId: string, usd: string) {
  const amount = parseAmount(usd, "USD");
  return postEntry(t.db, {
    idempotencyKey: `top-up-${userId}-${++n}`,
    code: "deposit",
    ledger: "demo",
    postings: [
      { account: { system: "demo_funding", asset: "USD" }, amount: -amount },
      { account: { userId, kind: "available", asset: "USD" }, amount },
    ],
  });
}

const join = (userId: string, displayName: string) =>
  joinLeaderboard(t.db, { userId, displayName, clock: systemClock, brandName: "Acme Markets" });

const standings = (period = "all") =>
  queryRows<{ user_id: string; rank: number; return_bps: number }>(
    t.db,
    sql`select user_id, rank, return_bps from leaderboard_standings where period = ${period} order by rank, user_id`,
  );

beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(new Date()), new Date());
  await setSwapSpreadBps(t.db, 0);
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "demo",
    asset: "BCH",
    amountMinor: parseAmount("1000", "BCH"),
    idempotencyKey: "lb-treasury-bch",
  });
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "demo",
    asset: "USD",
    amountMinor: parseAmount("100000", "USD"),
    idempotencyKey: "lb-treasury-usd",
  });
});

describe("leaderboard", () => {
  let ann = "";
  let bob = "";
  let cat = "";
  let dan = "";

  it("ranks by time-weighted return: a top-up and a reset are neither gains nor losses; who did not join is never listed", async () => {
    ann = await demoMember("ann");
    bob = await demoMember("bob");
    cat = await demoMember("cat");
    dan = await demoMember("dan");
    for (const [id, name] of [
      [ann, "Ann Trades"],
      [bob, "Bob"],
      [cat, "cat_42"],
    ] as const)
      expect(await join(id, name)).toMatchObject({ ok: true, message: leaderboardMessages.joined });
    await setQuoteForTest(t.db, "BCH", "400");
    await swap(ann, "USD", "BCH", "5000"); // 12.5 BCH
    await swap(cat, "USD", "BCH", "10000"); // 25 BCH
    await swap(dan, "USD", "BCH", "10000"); // dan gains most but never joined
    await setQuoteForTest(t.db, "BCH", "480");
    // cat is worth 12,000 and resets to 10,000: the +20 % stays his; the reset is not a loss.
    expect(
      (await resetDemoAccount(t.db, { userId: cat, idempotencyKey: `r-${cat}`, now: new Date() })).outcome,
    ).toBe("reset");
    // bob tops up 5,000: a naive return (15,000 against 10,000) would rank him first.
    await topUp(bob, "5000");

    expect(await runLeaderboardJob(t.db, null)).toMatchObject({ rows: 9, written: true });
    for (const period of ["week", "month", "all"]) {
      expect(await standings(period)).toEqual([
        { user_id: cat, rank: 1, return_bps: 2000 },
        { user_id: ann, rank: 2, return_bps: 1000 },
        { user_id: bob, rank: 3, return_bps: 0 },
      ]);
    }
    const view = await leaderboardView(t.db, { userId: ann, period: "week" });
    expect(view.rows).toEqual([
      { rank: 1, displayName: "cat_42", returnBps: 2000, me: false },
      { rank: 2, displayName: "Ann Trades", returnBps: 1000, me: true },
      { rank: 3, displayName: "Bob", returnBps: 0, me: false },
    ]);
    expect(view.me).toMatchObject({ displayName: "Ann Trades", standing: { rank: 2, returnBps: 1000 } });
    expect(view.ranked).toBe(3);
    // dan sees everyone else's names and returns, and how to join; nothing of his own is listed.
    const dans = await leaderboardView(t.db, { userId: dan, period: "all" });
    expect(dans.me).toBeNull();
    expect(dans.rows.map((r) => r.displayName)).toEqual(["cat_42", "Ann Trades", "Bob"]);
    expect(JSON.stringify(dans)).not.toContain(ann);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("periods start at their own moment: the week values what was held then at that day's close", async () => {
    // Ten days on: the trades are older than the week. BCH closed at 480 on the day of the trades
    // and at 440 three days later, where the week starts; it is 480 now.
    const now = new Date(Date.now() + 10 * 86_400_000);
    const tradeDay = dayOf(new Date());
    await t.db.execute(sql`delete from market_daily_bars where symbol = 'BCH'`);
    await t.db.insert(marketDailyBars).values([
      { kind: "coin", symbol: "BCH", day: tradeDay, close: "480", source: "sample" },
      { kind: "coin", symbol: "BCH", day: addDays(tradeDay, 3), close: "440", source: "sample" },
    ]);
    await runLeaderboardJob(t.db, null, now);
    // ann held 5,000 USD and 12.5 BCH: 10,500 at the week's start, 11,000 now.
    expect((await standings("week")).find((r) => r.user_id === ann)?.return_bps).toBe(476);
    expect((await standings("all")).find((r) => r.user_id === ann)?.return_bps).toBe(1000);
    expect((await standings("all")).find((r) => r.user_id === cat)?.return_bps).toBe(2000);
    expect((await standings("week")).find((r) => r.user_id === cat)?.return_bps).toBe(0);
    await t.db.execute(sql`delete from market_daily_bars where symbol = 'BCH'`);
    // Standings from the future would outrank every run of today's (see the next test).
    await t.db.execute(sql`delete from leaderboard_standings`);
  });

  it("the job is idempotent, and an older run never overwrites a newer one", async () => {
    const now = new Date();
    await runLeaderboardJob(t.db, null, now);
    const first = await queryRows(t.db, sql`select * from leaderboard_standings order by period, rank`);
    expect(await runLeaderboardJob(t.db, null, now)).toMatchObject({ written: true });
    expect(await queryRows(t.db, sql`select * from leaderboard_standings order by period, rank`)).toEqual(
      first,
    );
    expect(await runLeaderboardJob(t.db, null, new Date(now.getTime() - 60_000))).toMatchObject({
      written: false,
    });
    expect(await queryRows(t.db, sql`select * from leaderboard_standings order by period, rank`)).toEqual(
      first,
    );
  });

  it("names: checked, unique however written, never the company's or staff's; leaving unlists at once", async () => {
    const eve = await demoMember("eve");
    expect(await join(eve, "ab")).toMatchObject({
      ok: false,
      status: 400,
      errors: { displayName: leaderboardMessages.nameLength },
    });
    expect(await join(eve, "<script>")).toMatchObject({
      errors: { displayName: leaderboardMessages.nameCharacters },
    });
    for (const name of ["Coinlens", "C0inlens Team", "Support Desk", "adm1n", "Acme-Markets"])
      expect(await join(eve, name), name).toMatchObject({
        errors: { displayName: leaderboardMessages.nameReserved },
      });
    expect(await join(eve, "ann trades")).toMatchObject({
      ok: false,
      status: 409,
      errors: { displayName: leaderboardMessages.nameTaken },
    });
    expect(await join(eve, "A.N.N-Trades")).toMatchObject({
      errors: { displayName: leaderboardMessages.nameTaken },
    });
    const nobody = await addMember(t.db, `nodemo-${++n}`);
    expect(await join(nobody, "No Demo")).toMatchObject({
      ok: false,
      status: 403,
      message: leaderboardMessages.noDemoAccount,
    });
    expect(
      (
        await queryRows(
          t.db,
          sql`select count(*)::int as c from leaderboard_entrants where user_id in (${eve}, ${nobody})`,
        )
      )[0],
    ).toEqual({ c: 0 });

    // Renaming keeps the member's place; leaving removes name and standings at once.
    expect(await join(ann, "Ann Again")).toMatchObject({ ok: true, message: leaderboardMessages.renamed });
    expect(
      (await leaderboardView(t.db, { userId: bob, period: "all" })).rows.map((r) => r.displayName),
    ).toContain("Ann Again");
    await leaveLeaderboard(t.db, ann);
    const after = await leaderboardView(t.db, { userId: bob, period: "all" });
    expect(after.rows.map((r) => r.displayName)).toEqual(["cat_42", "Bob"]);
    expect((await leaderboardView(t.db, { userId: ann, period: "all" })).me).toBeNull();
    await runLeaderboardJob(t.db, null);
    expect((await standings()).map((r) => r.user_id)).toEqual([cat, bob]);
    // Her old name is free again.
    expect(await join(eve, "Ann Trades")).toMatchObject({ ok: true });
  });

  it(`lists the top ${TOP_SIZE}; a member ranked below sees their own rank`, async () => {
    await t.db.execute(sql`delete from leaderboard_entrants`);
    const ids: string[] = [];
    for (let i = 1; i <= TOP_SIZE + 2; i++) {
      const id = await demoMember("many");
      ids.push(id);
      await join(id, `Trader ${i}`);
      // i dollars from the market (a gain, not a flow): trader i earns i basis points.
      const amount = parseAmount(String(i), "USD");
      await postEntry(t.db, {
        idempotencyKey: `gain-${id}`,
        code: "swap",
        ledger: "demo",
        postings: [
          { account: { system: "treasury", asset: "USD" }, amount: -amount },
          { account: { userId: id, kind: "available", asset: "USD" }, amount },
        ],
      });
    }
    await runLeaderboardJob(t.db, null);
    const last = ids[0] as string;
    const view = await leaderboardView(t.db, { userId: last, period: "month" });
    expect(view.rows).toHaveLength(TOP_SIZE);
    expect(view.rows[0]).toMatchObject({
      rank: 1,
      displayName: `Trader ${TOP_SIZE + 2}`,
      returnBps: TOP_SIZE + 2,
    });
    expect(view.rows.at(-1)).toMatchObject({ rank: TOP_SIZE, displayName: "Trader 3" });
    expect(view.rows.some((r) => r.me)).toBe(false);
    expect(view.ranked).toBe(TOP_SIZE + 2);
    expect(view.me).toMatchObject({
      displayName: "Trader 1",
      standing: { rank: TOP_SIZE + 2, returnBps: 1 },
    });
  });
});

describe.runIf(onPostgres)("leaderboard job on several servers (PostgreSQL)", () => {
  it("two runs at once leave one complete set of standings", async () => {
    const now = new Date();
    await Promise.all([
      runLeaderboardJob(t.db, null, now),
      runLeaderboardJob(t.db, null, now),
      runLeaderboardJob(t.db, null, now),
    ]);
    const rows = await queryRows<{ period: string; c: number }>(
      t.db,
      sql`select period, count(*)::int as c from leaderboard_standings group by period order by period`,
    );
    const entrants = (
      await queryRows<{ c: number }>(t.db, sql`select count(*)::int as c from leaderboard_entrants`)
    )[0]?.c;
    expect(rows).toEqual([
      { period: "all", c: entrants },
      { period: "month", c: entrants },
      { period: "week", c: entrants },
    ]);
  });
});

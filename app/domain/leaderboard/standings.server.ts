// The leaderboard job (ADR 0084): every opted-in member's demo time-weighted return over the
// week, the month and all time, ranked and written as the standings the page reads. Every server
// runs it; the write is one transaction under an advisory lock that replaces the standings whole,
// so two servers running at once each leave a complete, consistent table (the later one wins) and
// a second run over the same data writes the same rows.
import { sql } from "drizzle-orm";
import { leaderboardStandings } from "../../../db/schema/index.ts";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import { getQuotes } from "../market-data/cache.server.ts";
import { ensureDailyCloses, readDailyCloses } from "../market-data/history.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { isTrackedSymbol, type TrackedSymbol } from "../market-data/types.ts";
import { type Asset, isAsset } from "../money/assets.ts";
import { addDays, dayOf } from "../portfolio/days.ts";
import { closesBySymbol } from "../portfolio/snapshots.server.ts";
import type { DayClose } from "../portfolio/snapshots.ts";
import { type DemoEvent, demoReturnBps, type PriceAt } from "./returns.ts";
import { LEADERBOARD_PERIODS, type LeaderboardPeriod, PERIOD_DAYS, rankReturns } from "./rules.ts";

/** Any number that fits in 64 bits; pg answers bigint sums as text, PGlite as numbers. */
const big = (v: string | number) => BigInt(v);

/**
 * Every opted-in member's demo ledger history, one event per entry (its postings on the member's
 * available, held and staked accounts netted per asset), oldest first.
 */
export async function loadDemoEvents(db: Db): Promise<Map<string, DemoEvent[]>> {
  const rows = await queryRows<{
    entry_id: string | number;
    user_id: string;
    asset: string;
    delta: string | number;
    at: string | Date;
    flow: boolean;
  }>(
    db,
    sql`with mine as (
          select p.entry_id, a.user_id, p.asset, sum(p.amount) as delta
          from ledger_postings p
          join ledger_accounts a on a.id = p.account_id
          join leaderboard_entrants le on le.user_id = a.user_id
          where p.ledger = 'demo' and a.ledger = 'demo'
          group by p.entry_id, a.user_id, p.asset
        )
        select m.entry_id, m.user_id, m.asset, m.delta, e.created_at as at,
          -- A flow when anything but the market's own accounts is on the other side: virtual money
          -- (demo_funding), deposits, withdrawals or another member. Swaps (treasury, fees) and
          -- staking (rewards) are trading: gains and losses.
          exists (select 1 from ledger_postings p2 join ledger_accounts a2 on a2.id = p2.account_id
                  where p2.entry_id = m.entry_id
                    and (a2.user_id is distinct from m.user_id)
                    and (a2.user_id is not null
                         or a2.kind not in ('treasury', 'fees', 'rewards_pool', 'reserved_rewards'))) as flow
        from mine m join ledger_entries e on e.id = m.entry_id
        order by e.created_at, m.entry_id`,
  );
  const byUser = new Map<string, DemoEvent[]>();
  const byEntry = new Map<string, { at: Date; deltas: Map<Asset, bigint>; flow: boolean }>();
  for (const r of rows) {
    if (!isAsset(r.asset)) continue;
    const key = `${r.user_id}:${r.entry_id}`;
    let event = byEntry.get(key);
    if (!event) {
      event = { at: new Date(r.at), deltas: new Map(), flow: Boolean(r.flow) };
      byEntry.set(key, event);
      const list = byUser.get(r.user_id) ?? [];
      list.push(event);
      byUser.set(r.user_id, list);
    }
    event.deltas.set(r.asset, (event.deltas.get(r.asset) ?? 0n) + big(r.delta));
  }
  return byUser;
}

/** The last close on or before a day; before the first one, the first stands in. */
function closeOn(list: readonly DayClose[] | undefined, day: string): string | null {
  if (!list || list.length === 0) return null;
  let low = 0;
  let high = list.length - 1;
  if ((list[0] as DayClose).day > day) return (list[0] as DayClose).close;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((list[mid] as DayClose).day <= day) low = mid;
    else high = mid - 1;
  }
  return (list[low] as DayClose).close;
}

/**
 * Prices for the job: today's moments at the current quotes, earlier days at that day's close
 * (the price history the portfolio tracker keeps; fetched once where missing).
 */
async function pricesFor(
  db: Db,
  providers: HistoryProviders | null,
  input: { coins: TrackedSymbol[]; from: string; now: Date },
): Promise<{ priceAt: PriceAt; sample: boolean }> {
  const today = dayOf(input.now);
  const yesterday = addDays(today, -1);
  if (providers && input.from <= yesterday)
    await ensureDailyCloses(db, providers, { symbols: input.coins, from: input.from, to: yesterday, today });
  const closes = closesBySymbol(await readDailyCloses(db, input.coins, input.from, yesterday));
  const quotes = await getQuotes(db, { symbols: input.coins, now: input.now });
  const live = new Map(quotes.quotes.map((q) => [q.symbol.toUpperCase(), q.priceUsd]));
  const priceAt: PriceAt = (asset, at) => {
    const day = dayOf(at);
    const list = closes.get(asset);
    if (day >= today) return live.get(asset) ?? closeOn(list, day);
    return closeOn(list, day) ?? live.get(asset) ?? null;
  };
  return { priceAt, sample: quotes.sample };
}

export interface StandingRow {
  period: LeaderboardPeriod;
  userId: string;
  rank: number;
  returnBps: number;
}

/** Computes every period's ranking for the current entrants (reads only). */
export async function computeStandings(
  db: Db,
  providers: HistoryProviders | null,
  now: Date,
): Promise<StandingRow[]> {
  const entrants = await queryRows<{ user_id: string; joined_at: string | Date }>(
    db,
    sql`select user_id, joined_at from leaderboard_entrants order by user_id`,
  );
  if (entrants.length === 0) return [];
  const events = await loadDemoEvents(db);
  const coins = new Set<TrackedSymbol>();
  let first = dayOf(now);
  for (const list of events.values())
    for (const e of list) {
      for (const asset of e.deltas.keys()) if (isTrackedSymbol(asset)) coins.add(asset);
      if (dayOf(e.at) < first) first = dayOf(e.at);
    }
  const { priceAt } = await pricesFor(db, providers, { coins: [...coins].sort(), from: first, now });
  const rows: StandingRow[] = [];
  for (const period of LEADERBOARD_PERIODS) {
    const days = PERIOD_DAYS[period];
    const from = days === null ? null : new Date(now.getTime() - days * 86_400_000);
    const returns = entrants.flatMap((e) => {
      const returnBps = demoReturnBps({ events: events.get(e.user_id) ?? [], from, to: now, priceAt });
      return returnBps === null ? [] : [{ userId: e.user_id, joinedAt: new Date(e.joined_at), returnBps }];
    });
    for (const r of rankReturns(returns))
      rows.push({ period, userId: r.userId, rank: r.rank, returnBps: r.returnBps });
  }
  return rows;
}

/**
 * One run of the job: computes, then replaces the standings in one transaction. The advisory lock
 * orders servers that write at once; members who left while the run computed are not written.
 */
export async function runLeaderboardJob(
  db: Db,
  providers: HistoryProviders | null,
  now = new Date(),
): Promise<{ rows: number; written: boolean }> {
  const rows = await computeStandings(db, providers, now);
  let written = false;
  await withTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coinlens:leaderboard'))`);
    // A server that computed later already wrote: its standings are the newer ones.
    const [latest] = await queryRows<{ at: string | Date | null }>(
      tx,
      sql`select max(computed_at) as at from leaderboard_standings`,
    );
    if (latest?.at && new Date(latest.at) > now) return;
    await tx.delete(leaderboardStandings);
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insert(leaderboardStandings)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, computedAt: now })));
    await tx.execute(
      sql`delete from leaderboard_standings s
          where not exists (select 1 from leaderboard_entrants e where e.user_id = s.user_id)`,
    );
    written = true;
  });
  return { rows: rows.length, written };
}

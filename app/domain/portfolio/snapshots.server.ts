// Writing the member's daily snapshots (ADR 0078). Every row is inserted `on conflict do nothing`
// on (member, day), so the first-use backfill, the daily job on every server and a retry after a
// crash all write each day once. Only the member's own movements are read.
import { desc, eq, sql } from "drizzle-orm";
import { portfolioSnapshots } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { ensureDailyCloses, readDailyCloses } from "../market-data/history.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { isTrackedSymbol, type TrackedSymbol } from "../market-data/types.ts";
import { addDays, dayOf } from "./days.ts";
import type { Movement } from "./movements.ts";
import { buildSnapshots, type DayClose, holdingsRecord } from "./snapshots.ts";
import { listMovements } from "./sources.server.ts";

/** The coins a list of movements ever touched (USD is worth itself). */
export function coinsOf(movements: readonly Movement[]): TrackedSymbol[] {
  const coins = new Set<TrackedSymbol>();
  for (const m of movements) for (const leg of m.legs) if (isTrackedSymbol(leg.asset)) coins.add(leg.asset);
  return [...coins].sort();
}

/** Closes per symbol, oldest first, as buildSnapshots reads them. */
export function closesBySymbol(rows: readonly { symbol: string; day: string; close: string }[]) {
  const map = new Map<string, DayClose[]>();
  for (const r of rows) {
    const list = map.get(r.symbol) ?? [];
    list.push({ day: r.day, close: r.close });
    map.set(r.symbol, list);
  }
  for (const list of map.values()) list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return map;
}

export async function lastSnapshotDay(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: portfolioSnapshots.day })
    .from(portfolioSnapshots)
    .where(eq(portfolioSnapshots.userId, userId))
    .orderBy(desc(portfolioSnapshots.day))
    .limit(1);
  return row?.day ?? null;
}

/**
 * Writes the member's snapshots up to the end of yesterday: on first use every day from their
 * first movement (a backfill), afterwards the days since the last one (the daily job). Closes the
 * history lacks are fetched once and kept. Returns how many rows this call inserted.
 */
export async function bringSnapshotsUpToDate(
  db: Db,
  providers: HistoryProviders,
  input: { userId: string; now: Date },
): Promise<number> {
  const today = dayOf(input.now);
  const yesterday = addDays(today, -1);
  const last = await lastSnapshotDay(db, input.userId);
  if (last !== null && last >= yesterday) return 0;
  const movements = await listMovements(db, input.userId);
  const first = movements[0];
  if (!first) return 0;
  const from = last === null ? dayOf(first.at) : addDays(last, 1);
  if (from > yesterday) return 0;
  const coins = coinsOf(movements);
  await ensureDailyCloses(db, providers, { symbols: coins, from, to: yesterday, today });
  const closes = closesBySymbol(await readDailyCloses(db, coins, from, yesterday));
  const snapshots = buildSnapshots({ movements, closes, from, to: yesterday });
  const rows = snapshots.map((s) => ({
    userId: input.userId,
    day: s.day,
    valueUsdCents: s.valueUsdCents,
    flowUsdCents: s.flowUsdCents,
    incomeUsdCents: s.incomeUsdCents,
    holdings: holdingsRecord(s.holdings),
    source: last === null ? ("backfill" as const) : ("job" as const),
  }));
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const written = await db
      .insert(portfolioSnapshots)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ day: portfolioSnapshots.day });
    inserted += written.length;
  }
  return inserted;
}

/** Members with anything in the tracker: a completed real operation, an outside row or a wallet. */
export async function membersWithMovements(db: Db): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from ledger_operations where ledger = 'real' and status = 'completed' and user_id is not null
        union select user_id from portfolio_transactions
        union select user_id from portfolio_wallets where balance_minor > 0
        order by 1`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * The daily job: yesterday's snapshot (and any day a stopped server missed) for every member with
 * movements. Safe on every server at once: each row is written once, whoever gets there first.
 */
export async function runSnapshotJob(
  db: Db,
  providers: HistoryProviders,
  now = new Date(),
): Promise<{ members: number; inserted: number }> {
  let inserted = 0;
  const members = await membersWithMovements(db);
  for (const userId of members) inserted += await bringSnapshotsUpToDate(db, providers, { userId, now });
  return { members: members.length, inserted };
}

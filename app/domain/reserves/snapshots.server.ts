// Taking and reading proof-of-reserves snapshots (issue 21, ADR 0087). One snapshot per UTC day:
// the unique day makes the job safe on every server — the second server's insert does nothing
// and its transaction writes no leaf.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { reserveLeaves, reserveSnapshots } from "../../../db/schema/index.ts";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import { ASSETS } from "../money/assets.ts";
import { type InclusionProof, type Leaf, leafHash, merkleSumProof, merkleSumRoot } from "./merkle-sum.ts";
import type { ReserveReading } from "./reserves.server.ts";

export interface SnapshotSummary {
  id: string;
  day: string;
  takenAt: string;
  rootHash: string;
  totals: Record<string, string>;
  reserves: Record<string, { onChain: string; bank: string }>;
  reservesSource: string;
  leafCount: number;
}

/**
 * Every member's liabilities on the real ledger (available + held + staked, per asset), read in
 * one statement: one consistent view of the ledger, as every entry moves its balances in one
 * transaction. Demo balances are play money and owed to no one.
 */
async function readLiabilities(db: Db): Promise<Map<string, Record<string, bigint>>> {
  const rows = await queryRows<{ user_id: string; asset: string; balance: string | number }>(
    db,
    sql`select a.user_id, a.asset, sum(b.balance)::text as balance
        from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.ledger = 'real' and a.user_id is not null
        group by a.user_id, a.asset`,
  );
  const members = new Map<string, Record<string, bigint>>();
  for (const row of rows) {
    const balances = members.get(row.user_id) ?? Object.fromEntries(ASSETS.map((a) => [a, 0n]));
    balances[row.asset] = BigInt(row.balance);
    members.set(row.user_id, balances);
  }
  return members;
}

function dayOf(now: Date) {
  return now.toISOString().slice(0, 10);
}

/**
 * Commits to today's liabilities unless today's snapshot exists. The leaves are ordered by their
 * hash, so a position says nothing about when a member joined. Returns the day's snapshot id and
 * whether this call wrote it.
 */
export async function takeReserveSnapshot(
  db: Db,
  input: { now: Date; reserves: ReserveReading },
): Promise<{ id: bigint; created: boolean }> {
  const day = dayOf(input.now);
  const existing = await snapshotIdForDay(db, day);
  if (existing !== undefined) return { id: existing, created: false };
  const liabilities = await readLiabilities(db);
  const leaves: (Leaf & { hash: string })[] = [];
  for (const [userId, balances] of liabilities) {
    const leaf: Leaf = {
      userId,
      salt: randomBytes(32).toString("hex"),
      balances: Object.fromEntries(ASSETS.map((a) => [a, (balances[a] ?? 0n).toString()])),
    };
    leaves.push({ ...leaf, hash: await leafHash(ASSETS, leaf) });
  }
  leaves.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const root = await merkleSumRoot(ASSETS, leaves);
  return withTx(db, async (tx) => {
    const [row] = await tx
      .insert(reserveSnapshots)
      .values({
        day,
        takenAt: input.now,
        rootHash: root.hash,
        totals: { ...root.sums },
        reserves: input.reserves.perAsset,
        reservesSource: input.reserves.source,
        leafCount: leaves.length,
      })
      .onConflictDoNothing()
      .returning({ id: reserveSnapshots.id });
    if (!row) {
      const id = await snapshotIdForDay(tx, day);
      if (id === undefined) throw new Error("the day's snapshot vanished");
      return { id, created: false };
    }
    for (let start = 0; start < leaves.length; start += 500) {
      await tx.insert(reserveLeaves).values(
        leaves.slice(start, start + 500).map((leaf, offset) => ({
          snapshotId: row.id,
          position: start + offset,
          userId: leaf.userId,
          salt: leaf.salt,
          balances: { ...leaf.balances },
        })),
      );
    }
    return { id: row.id, created: true };
  });
}

async function snapshotIdForDay(db: Db, day: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: reserveSnapshots.id })
    .from(reserveSnapshots)
    .where(eq(reserveSnapshots.day, day));
  return row?.id;
}

function summary(row: typeof reserveSnapshots.$inferSelect): SnapshotSummary {
  return {
    id: row.id.toString(),
    day: row.day,
    takenAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    totals: row.totals,
    reserves: row.reserves,
    reservesSource: row.reservesSource,
    leafCount: row.leafCount,
  };
}

/** The newest snapshots first (the page's history). */
export async function listReserveSnapshots(db: Db, limit = 30): Promise<SnapshotSummary[]> {
  const rows = await db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.day)).limit(limit);
  return rows.map(summary);
}

/**
 * The member's inclusion proof in a snapshot, rebuilt from the stored leaves; undefined when the
 * member had no account at that time (or the snapshot does not exist).
 */
export async function memberInclusionProof(
  db: Db,
  input: { snapshotId: bigint; userId: string },
): Promise<InclusionProof | undefined> {
  const [snapshot] = await db
    .select()
    .from(reserveSnapshots)
    .where(eq(reserveSnapshots.id, input.snapshotId));
  if (!snapshot) return undefined;
  const [mine] = await db
    .select({ position: reserveLeaves.position })
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, input.snapshotId), eq(reserveLeaves.userId, input.userId)));
  if (!mine) return undefined;
  const rows = await db
    .select({ userId: reserveLeaves.userId, salt: reserveLeaves.salt, balances: reserveLeaves.balances })
    .from(reserveLeaves)
    .where(eq(reserveLeaves.snapshotId, input.snapshotId))
    .orderBy(asc(reserveLeaves.position));
  const { root, path } = await merkleSumProof(ASSETS, rows, mine.position);
  if (root.hash !== snapshot.rootHash)
    throw new Error("the stored leaves no longer match the published root");
  return {
    version: 1,
    snapshotId: snapshot.id.toString(),
    takenAt: snapshot.takenAt.toISOString(),
    assets: ASSETS,
    root: { hash: snapshot.rootHash, sums: snapshot.totals },
    leaf: rows[mine.position] as Leaf,
    path,
  };
}

/** Whether the member has a leaf in a snapshot (the page offers the download only then). */
export async function memberHasLeaf(db: Db, input: { snapshotId: bigint; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ position: reserveLeaves.position })
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, input.snapshotId), eq(reserveLeaves.userId, input.userId)));
  return row !== undefined;
}

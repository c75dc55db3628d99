// Races only show on a real PostgreSQL server (PGlite runs one transaction at a time), so these
// run with TEST_DATABASE_URL set. The pool has 10 connections: 50 or 1,000 requests queue for
// them and really overlap inside the database.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { InsufficientFundsError } from "./errors.ts";
import { holdFunds } from "./holds.server.ts";
import { auditLedger, getBalances, getSystemBalance, postEntry } from "./ledger.server.ts";

const t = setupTestDatabase();

async function credit(userId: string, amount: bigint, key: string) {
  await postEntry(t.db, {
    idempotencyKey: key,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "USD" }, amount: -amount },
      { account: { userId, kind: "available", asset: "USD" }, amount },
    ],
  });
}

function transfer(from: string, to: string, amount: bigint, key: string) {
  return postEntry(t.db, {
    idempotencyKey: key,
    code: "transfer",
    ledger: "real",
    postings: [
      { account: { userId: from, kind: "available", asset: "USD" }, amount: -amount },
      { account: { userId: to, kind: "available", asset: "USD" }, amount },
    ],
  });
}

describe.runIf(onPostgres)("ledger under concurrency (PostgreSQL)", () => {
  it("50 concurrent debits of 3 from a balance of 10: exactly 3 succeed and the balance is 1", async () => {
    await credit("race-debit", 10n, "race-debit-credit");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        postEntry(t.db, {
          idempotencyKey: `race-debit-${i}`,
          code: "withdrawal.complete",
          ledger: "real",
          postings: [
            { account: { userId: "race-debit", kind: "available", asset: "USD" }, amount: -3n },
            { account: { system: "withdrawals", asset: "USD" }, amount: 3n },
          ],
        }),
      ),
    );
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(3);
    // Every loser lost cleanly to the balance check — no deadlock, no serialization failure.
    for (const r of rejected) expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect((await getBalances(t.db, { ledger: "real", userId: "race-debit" })).USD.available).toBe(1n);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("50 concurrent holds of 3 from a balance of 10: exactly 3 succeed", async () => {
    await credit("race-hold", 10n, "race-hold-credit");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        holdFunds(t.db, {
          idempotencyKey: `race-hold-${i}`,
          ledger: "real",
          userId: "race-hold",
          asset: "USD",
          amount: 3n,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect((await getBalances(t.db, { ledger: "real", userId: "race-hold" })).USD).toEqual({
      available: 1n,
      held: 9n,
      staked: 0n,
    });
  });

  it("the same key sent 50 times at once: one effect", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        postEntry(t.db, {
          idempotencyKey: "race-same-key",
          code: "deposit",
          ledger: "real",
          postings: [
            { account: { system: "deposits", asset: "USD" }, amount: -25n },
            { account: { userId: "race-key", kind: "available", asset: "USD" }, amount: 25n },
          ],
          operation: {
            create: { userId: "race-key", type: "deposit", status: "completed", asset: "USD", amount: 25n },
          },
        }),
      ),
    );
    // All 50 answer with the same entry and operation; exactly one was written.
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(new Set(results.map((r) => r.operationId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await getBalances(t.db, { ledger: "real", userId: "race-key" })).USD.available).toBe(25n);
    const [counts] = await queryRows<{ entries: number; operations: number }>(
      t.db,
      sql`select (select count(*)::int from ledger_entries where idempotency_key = 'race-same-key') as entries,
                 (select count(*)::int from ledger_operations where user_id = 'race-key') as operations`,
    );
    expect(counts).toEqual({ entries: 1, operations: 1 });
  });

  it("the same hold key sent 50 times at once: one hold", async () => {
    await credit("race-hold-key", 100n, "race-hold-key-credit");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        holdFunds(t.db, {
          idempotencyKey: "race-hold-same-key",
          ledger: "real",
          userId: "race-hold-key",
          asset: "USD",
          amount: 40n,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.hold.id)).size).toBe(1);
    expect((await getBalances(t.db, { ledger: "real", userId: "race-hold-key" })).USD).toEqual({
      available: 60n,
      held: 40n,
      staked: 0n,
    });
  });

  it("500 A→B and 500 B→A transfers: no deadlock, balances unchanged", async () => {
    await credit("race-a", 1_000n, "race-a-credit");
    await credit("race-b", 1_000n, "race-b-credit");
    const transfers = Array.from({ length: 1_000 }, (_, i) =>
      i % 2 === 0
        ? transfer("race-a", "race-b", 7n, `race-ab-${i}`)
        : transfer("race-b", "race-a", 7n, `race-ba-${i}`),
    );
    const results = await Promise.allSettled(transfers);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failures.map((f) => String(f.reason))).toEqual([]);
    const a = await getBalances(t.db, { ledger: "real", userId: "race-a" });
    const b = await getBalances(t.db, { ledger: "real", userId: "race-b" });
    expect(a.USD.available).toBe(1_000n);
    expect(b.USD.available).toBe(1_000n);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entries where code = 'transfer'`,
    );
    expect(row?.n).toBe(1_000);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  }, 120_000);

  it("new accounts created by many writers at once: one account each, no deadlock", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        postEntry(t.db, {
          idempotencyKey: `race-new-${i}`,
          code: "deposit",
          ledger: "real",
          postings: [
            { account: { system: "deposits", asset: "BTC" }, amount: -1n },
            { account: { userId: `race-new-${i % 4}`, kind: "available", asset: "BTC" }, amount: 1n },
          ],
        }),
      ),
    );
    expect(
      results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_accounts where user_id like 'race-new-%' and asset = 'BTC'`,
    );
    expect(row?.n).toBe(4);
    for (let u = 0; u < 4; u++) {
      expect((await getBalances(t.db, { ledger: "real", userId: `race-new-${u}` })).BTC.available).toBe(10n);
    }
  });

  it("credits to a hot system account spread over shards; a debit gathers them and never overdraws", async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postEntry(t.db, {
          idempotencyKey: `shard-credit-${i}`,
          code: "treasury.fund",
          ledger: "real",
          postings: [
            { account: { system: "deposits", asset: "SOL" }, amount: -5n },
            { account: { system: "treasury", asset: "SOL" }, amount: 5n },
          ],
        }),
      ),
    );
    const [shards] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_accounts where kind = 'treasury' and asset = 'SOL'`,
    );
    expect(shards?.n).toBeGreaterThan(1);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "SOL" })).toBe(200n);
    const payout = (key: string, amount: bigint) =>
      postEntry(t.db, {
        idempotencyKey: key,
        code: "swap",
        ledger: "real",
        postings: [
          { account: { system: "treasury", asset: "SOL" }, amount: -amount },
          { account: { userId: "shard-member", kind: "available", asset: "SOL" }, amount },
        ],
      });
    await expect(payout("shard-too-much", 201n)).rejects.toBeInstanceOf(InsufficientFundsError);
    // 20 concurrent payouts of 15 from 200: exactly 13 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => payout(`shard-payout-${i}`, 15n)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(13);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "SOL" })).toBe(5n);
    expect((await getBalances(t.db, { ledger: "real", userId: "shard-member" })).SOL.available).toBe(195n);
    const [gathered] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entries where code = 'ledger.consolidate'`,
    );
    expect(gathered?.n).toBeGreaterThan(0);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });
});

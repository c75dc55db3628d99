// fundSystemAccount: the one path by which operator capital reaches a rewards pool or a treasury.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { fundSystemAccount } from "./funding.server.ts";
import { auditLedger, getSystemBalance } from "./ledger.server.ts";

const t = setupTestDatabase();

describe("fundSystemAccount", () => {
  it("funds a rewards pool from deposits on the real ledger and a treasury from demo funding on the demo ledger, once per key", async () => {
    const pool = await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "real",
      asset: "ETH",
      amountMinor: 7n,
      idempotencyKey: "fund-pool",
    });
    const again = await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "real",
      asset: "ETH",
      amountMinor: 7n,
      idempotencyKey: "fund-pool",
    });
    expect(again).toMatchObject({ entryId: pool.entryId, replayed: true });
    await fundSystemAccount(t.db, {
      account: "treasury",
      ledger: "demo",
      asset: "USD",
      amountMinor: 500n,
      idempotencyKey: "fund-treasury",
    });
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "rewards_pool", asset: "ETH" })).toBe(7n);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "deposits", asset: "ETH" })).toBe(-7n);
    expect(await getSystemBalance(t.db, { ledger: "demo", kind: "treasury", asset: "USD" })).toBe(500n);
    expect(await getSystemBalance(t.db, { ledger: "demo", kind: "demo_funding", asset: "USD" })).toBe(-500n);
    const codes = await queryRows<{ code: string }>(
      t.db,
      sql`select code from ledger_entries where idempotency_key in ('fund-pool', 'fund-treasury') order by id`,
    );
    expect(codes.map((r) => r.code)).toEqual(["rewards_pool.fund", "treasury.fund"]);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("refuses an amount of zero or less, and a rewards pool in USD, with nothing posted", async () => {
    const input = { ledger: "real", asset: "BTC", idempotencyKey: "refused" } as const;
    await expect(fundSystemAccount(t.db, { ...input, account: "treasury", amountMinor: 0n })).rejects.toThrow(
      RangeError,
    );
    await expect(
      fundSystemAccount(t.db, { ...input, account: "rewards-pool", amountMinor: -1n }),
    ).rejects.toThrow(RangeError);
    await expect(
      fundSystemAccount(t.db, { ...input, account: "rewards-pool", asset: "USD", amountMinor: 1n }),
    ).rejects.toThrow("Rewards pools hold crypto assets only.");
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entries where idempotency_key = 'refused'`,
    );
    expect(row?.n).toBe(0);
  });
});

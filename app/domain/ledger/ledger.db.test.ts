import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import {
  HoldAlreadyResolvedError,
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidEntryError,
  OperationNotPendingError,
} from "./errors.ts";
import { getHold, holdFunds, postHold, voidHold } from "./holds.server.ts";
import { auditLedger, fundDemoAccount, getBalances, getSystemBalance, postEntry } from "./ledger.server.ts";
import { createOperation, setOperationStatus } from "./operations.server.ts";

const t = setupTestDatabase();

let keyCounter = 0;
const key = (label: string) => `${label}-${++keyCounter}`;

/** Credits a member from the deposits account (the external world). */
function deposit(userId: string, asset: "USD" | "BTC", amount: bigint, ledger: "real" | "demo" = "real") {
  return postEntry(t.db, {
    idempotencyKey: key("deposit"),
    code: "deposit",
    ledger,
    postings: [
      { account: { system: "deposits", asset }, amount: -amount },
      { account: { userId, kind: "available", asset }, amount },
    ],
  });
}

async function expectDatabaseError(promise: Promise<unknown>, pattern: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected the database to refuse").toBeDefined();
  const messages: string[] = [];
  let current: unknown = error;
  while (current && typeof current === "object") {
    messages.push(String((current as Error).message));
    current = (current as { cause?: unknown }).cause;
  }
  expect(messages.join(" | "), messages.join(" | ")).toMatch(pattern);
}

async function expectAuditClean() {
  expect(await auditLedger(t.db)).toEqual({
    unbalancedEntries: [],
    balanceMismatches: [],
    negativeBalances: [],
  });
}

describe("postEntry", () => {
  it("writes a balanced entry and updates both balances", async () => {
    const entry = await deposit("u-post", "USD", 10_000n);
    expect(entry.replayed).toBe(false);
    const balances = await getBalances(t.db, { ledger: "real", userId: "u-post" });
    expect(balances.USD).toEqual({ available: 10_000n, held: 0n, staked: 0n });
    expect(balances.BTC).toEqual({ available: 0n, held: 0n, staked: 0n });
    expect(
      await getSystemBalance(t.db, { ledger: "real", kind: "deposits", asset: "USD" }),
    ).toBeLessThanOrEqual(-10_000n);
    await expectAuditClean();
  });

  it("refuses unbalanced entries, single postings, zero amounts and duplicate accounts in code", async () => {
    const member = { userId: "u-bad", kind: "available", asset: "USD" } as const;
    const bad = [
      [
        { account: { system: "deposits", asset: "USD" }, amount: -5n },
        { account: member, amount: 4n },
      ],
      [{ account: member, amount: 0n }],
      [
        { account: { system: "deposits", asset: "USD" }, amount: 0n },
        { account: member, amount: 0n },
      ],
      [
        { account: { system: "deposits", asset: "USD" }, amount: -5n },
        { account: member, amount: 5n },
        { account: member, amount: -5n },
        { account: { system: "fees", asset: "USD" }, amount: 5n },
      ],
      [
        { account: { system: "deposits", asset: "USD" }, amount: -5n },
        { account: { userId: "u-bad", kind: "available", asset: "BTC" }, amount: 5n },
      ],
    ] as const;
    for (const postings of bad) {
      await expect(
        postEntry(t.db, {
          idempotencyKey: key("bad"),
          code: "deposit",
          ledger: "real",
          postings: [...postings],
        }),
      ).rejects.toBeInstanceOf(InvalidEntryError);
    }
    expect((await getBalances(t.db, { ledger: "real", userId: "u-bad" })).USD.available).toBe(0n);
  });

  it("refuses a debit that would take a member below zero, writing nothing", async () => {
    await deposit("u-poor", "USD", 500n);
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entries`);
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("overdraw"),
        code: "withdrawal.complete",
        ledger: "real",
        postings: [
          { account: { userId: "u-poor", kind: "available", asset: "USD" }, amount: -501n },
          { account: { system: "fees", asset: "USD" }, amount: 501n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entries`);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await getBalances(t.db, { ledger: "real", userId: "u-poor" })).USD.available).toBe(500n);
  });

  it("lets only deposits and demo_funding go negative; treasury and the rewards pool cannot", async () => {
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("treasury"),
        code: "swap",
        ledger: "real",
        postings: [
          { account: { system: "treasury", asset: "BTC" }, amount: -1n },
          { account: { userId: "u-lucky", kind: "available", asset: "BTC" }, amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("pool"),
        code: "stake.open",
        ledger: "real",
        postings: [
          { account: { system: "rewards_pool", asset: "BTC" }, amount: -1n },
          { account: { system: "reserved_rewards", asset: "BTC" }, amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it("a retry with the same key and content returns the first result and writes nothing new", async () => {
    const input = {
      idempotencyKey: "retry-key",
      code: "deposit" as const,
      ledger: "real" as const,
      postings: [
        { account: { system: "deposits" as const, asset: "USD" as const }, amount: -700n },
        { account: { userId: "u-retry", kind: "available" as const, asset: "USD" as const }, amount: 700n },
      ],
      operation: {
        create: {
          userId: "u-retry",
          type: "deposit" as const,
          status: "completed" as const,
          asset: "USD" as const,
          amount: 700n,
        },
      },
    };
    const first = await postEntry(t.db, input);
    // Postings listed in another order are the same content.
    const second = await postEntry(t.db, { ...input, postings: [...input.postings].reverse() });
    expect(second).toEqual({ ...first, replayed: true });
    expect((await getBalances(t.db, { ledger: "real", userId: "u-retry" })).USD.available).toBe(700n);
    const ops = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_operations where user_id = 'u-retry'`,
    );
    expect(ops[0]?.n).toBe(1);
  });

  it("the same key with different content is an error", async () => {
    await deposit("u-conflict", "USD", 100n);
    const input = (amount: bigint) => ({
      idempotencyKey: "conflict-key",
      code: "deposit" as const,
      ledger: "real" as const,
      postings: [
        { account: { system: "deposits" as const, asset: "USD" as const }, amount: -amount },
        { account: { userId: "u-conflict", kind: "available" as const, asset: "USD" as const }, amount },
      ],
    });
    await postEntry(t.db, input(100n));
    await expect(postEntry(t.db, input(101n))).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(postEntry(t.db, { ...input(100n), code: "swap" })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect((await getBalances(t.db, { ledger: "real", userId: "u-conflict" })).USD.available).toBe(200n);
  });

  it("writes the operation in the same transaction as the postings", async () => {
    const entry = await postEntry(t.db, {
      idempotencyKey: key("swap"),
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: "USD" }, amount: -100n },
        { account: { userId: "u-op", kind: "available", asset: "USD" }, amount: 100n },
      ],
      operation: {
        create: {
          userId: "u-op",
          type: "deposit",
          status: "completed",
          asset: "USD",
          amount: 100n,
          references: { bankReference: "REF-1" },
        },
      },
    });
    expect(entry.operationId).not.toBeNull();
    const [op] = await queryRows<{
      type: string;
      status: string;
      amount: string;
      references: Record<string, string>;
    }>(
      t.db,
      sql`select type, status, amount::text as amount, "references" from ledger_operations where id = ${String(entry.operationId)}::bigint`,
    );
    expect(op).toEqual({
      type: "deposit",
      status: "completed",
      amount: "100",
      references: { bankReference: "REF-1" },
    });

    // A failed entry leaves no operation behind.
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_operations`,
    );
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("failing"),
        code: "withdrawal.complete",
        ledger: "real",
        postings: [
          { account: { userId: "u-op", kind: "available", asset: "USD" }, amount: -1_000n },
          { account: { system: "withdrawals", asset: "USD" }, amount: 1_000n },
        ],
        operation: {
          create: { userId: "u-op", type: "withdrawal", status: "pending", asset: "USD", amount: 1_000n },
        },
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_operations`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("moves an existing pending operation on exactly once", async () => {
    const operationId = await createOperation(t.db, {
      ledger: "real",
      userId: "u-pending",
      type: "deposit",
      status: "pending",
      asset: "BTC",
      amount: 5_000n,
      references: { address: "bc1q-example" },
    });
    const credit = (k: string) =>
      postEntry(t.db, {
        idempotencyKey: k,
        code: "deposit",
        ledger: "real",
        postings: [
          { account: { system: "deposits", asset: "BTC" }, amount: -5_000n },
          { account: { userId: "u-pending", kind: "available", asset: "BTC" }, amount: 5_000n },
        ],
        operation: { id: operationId, status: "completed", references: { txid: "abc" } },
      });
    await credit("credit-1");
    await expect(credit("credit-2")).rejects.toBeInstanceOf(OperationNotPendingError);
    expect((await getBalances(t.db, { ledger: "real", userId: "u-pending" })).BTC.available).toBe(5_000n);
    const [op] = await queryRows<{ status: string; references: Record<string, string> }>(
      t.db,
      sql`select status, "references" from ledger_operations where id = ${operationId.toString()}::bigint`,
    );
    expect(op).toEqual({ status: "completed", references: { address: "bc1q-example", txid: "abc" } });

    const other = await createOperation(t.db, {
      ledger: "real",
      userId: "u-pending",
      type: "deposit",
      status: "pending",
      asset: "BTC",
      amount: 1n,
    });
    await setOperationStatus(t.db, { ledger: "real", operationId: other, status: "failed" });
    await expect(
      setOperationStatus(t.db, { ledger: "real", operationId: other, status: "completed" }),
    ).rejects.toBeInstanceOf(OperationNotPendingError);
  });
});

describe("ledger_post_entry's plans (migrations 0015, 0016)", () => {
  it("uses generic plans with index scans, so a call plans nothing and stays fast as tables grow", async () => {
    // The function and the posting trigger it fires (a CREATE OR REPLACE drops these settings).
    for (const name of ["ledger_post_entry", "ledger_apply_postings"]) {
      const [fn] = await queryRows<{ config: string[] | null }>(
        t.db,
        sql`select proconfig as config from pg_proc where proname = ${name}`,
      );
      expect(fn?.config, name).toEqual(
        expect.arrayContaining(["plan_cache_mode=force_generic_plan", "enable_seqscan=off"]),
      );
    }
  });

  it("runs as a named prepared statement inside a caller's transaction, and rolls back with it", async () => {
    await deposit("prepared-a", "USD", 500n);
    const transfer = (db: typeof t.db, idempotencyKey: string) =>
      postEntry(db, {
        idempotencyKey,
        code: "transfer",
        ledger: "real",
        postings: [
          { account: { userId: "prepared-a", kind: "available", asset: "USD" }, amount: -100n },
          { account: { userId: "prepared-b", kind: "available", asset: "USD" }, amount: 100n },
        ],
      });
    // The same statement name on the pool, then in a transaction that commits and one that fails.
    await transfer(t.db, key("prepared"));
    await t.db.transaction(async (tx) => {
      await transfer(tx as unknown as typeof t.db, key("prepared"));
    });
    await expect(
      t.db.transaction(async (tx) => {
        await transfer(tx as unknown as typeof t.db, key("prepared"));
        throw new Error("caller gives up");
      }),
    ).rejects.toThrow("caller gives up");
    const balances = await getBalances(t.db, { ledger: "real", userId: "prepared-b" });
    expect(balances.USD.available).toBe(200n);
    await expectAuditClean();
  });
});

describe("real and demo ledgers never meet", () => {
  it("keeps balances apart per ledger", async () => {
    await deposit("u-both", "USD", 1_000n, "real");
    await fundDemoAccount(t.db, { userId: "u-both", idempotencyKey: "demo-fund-u-both" });
    expect((await getBalances(t.db, { ledger: "real", userId: "u-both" })).USD.available).toBe(1_000n);
    expect((await getBalances(t.db, { ledger: "demo", userId: "u-both" })).USD.available).toBe(1_000_000n);
  });

  it("rejects in code an entry whose postings name two ledgers", async () => {
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("cross"),
        code: "transfer",
        ledger: "real",
        postings: [
          { account: { userId: "u-both", kind: "available", asset: "USD", ledger: "demo" }, amount: -100n },
          { account: { userId: "u-both", kind: "available", asset: "USD", ledger: "real" }, amount: 100n },
        ],
      }),
    ).rejects.toThrow(/real and demo money never meet/);
    await expect(
      postEntry(t.db, {
        idempotencyKey: key("cross"),
        code: "demo.funding",
        ledger: "real",
        postings: [
          { account: { system: "demo_funding", asset: "USD" }, amount: -100n },
          { account: { userId: "u-both", kind: "available", asset: "USD" }, amount: 100n },
        ],
      }),
    ).rejects.toBeInstanceOf(InvalidEntryError);
  });

  it("rejects in the database a posting whose account is on the other ledger", async () => {
    const [account] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from ledger_accounts where user_id = 'u-both' and ledger = 'demo' and asset = 'USD' and kind = 'available'`,
    );
    const [realDeposits] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from ledger_accounts where user_id is null and ledger = 'real' and asset = 'USD' and kind = 'deposits'`,
    );
    await expectDatabaseError(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash)
          values ('real', 'deposit', 'raw-cross', 'x')`);
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount)
          select id, ${account?.id}::bigint, 'demo', 'USD', -100 from ledger_entries where idempotency_key = 'raw-cross'
          union all
          select id, ${realDeposits?.id}::bigint, 'real', 'USD', 100 from ledger_entries where idempotency_key = 'raw-cross'`);
      }),
      /an entry that does not exist on its ledger/,
    );
    // Claiming the account is on the entry's ledger does not work either: the account says otherwise.
    await expectDatabaseError(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash)
          values ('real', 'deposit', 'raw-cross-2', 'x')`);
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount)
          select id, ${account?.id}::bigint, 'real', 'USD', -100 from ledger_entries where idempotency_key = 'raw-cross-2'
          union all
          select id, ${realDeposits?.id}::bigint, 'real', 'USD', 100 from ledger_entries where idempotency_key = 'raw-cross-2'`);
      }),
      /an account that does not exist on its ledger and asset/,
    );
    await expectAuditClean();
  });
});

describe("the database enforces the rules without the code", () => {
  let memberAccount: string;
  let depositsAccount: string;
  beforeAll(async () => {
    await deposit("u-raw", "USD", 1_000n);
    const rows = await queryRows<{ id: string; kind: string }>(
      t.db,
      sql`select id::text as id, kind from ledger_accounts
          where ledger = 'real' and asset = 'USD' and (user_id = 'u-raw' and kind = 'available' or user_id is null and kind = 'deposits')`,
    );
    memberAccount = rows.find((r) => r.kind === "available")?.id ?? "";
    depositsAccount = rows.find((r) => r.kind === "deposits")?.id ?? "";
  });

  function rawEntry(keyText: string, memberAmount: number, depositsAmount: number) {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash)
        values ('real', 'deposit', ${keyText}, 'x')`);
      await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount)
        select id, ${memberAccount}::bigint, 'real', 'USD', ${memberAmount}::bigint from ledger_entries where idempotency_key = ${keyText}
        union all
        select id, ${depositsAccount}::bigint, 'real', 'USD', ${depositsAmount}::bigint from ledger_entries where idempotency_key = ${keyText}`);
    });
  }

  it("rejects an entry that does not sum to zero (deferred constraint trigger)", async () => {
    await expectDatabaseError(rawEntry("raw-unbalanced", 5, -4), /does not sum to zero/);
  });

  it("rejects an entry with no postings", async () => {
    await expectDatabaseError(
      t.db.execute(
        sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash) values ('real', 'deposit', 'raw-empty', 'x')`,
      ),
      /at least two are required/,
    );
  });

  it("rejects a member balance below zero (CHECK)", async () => {
    await expectDatabaseError(rawEntry("raw-negative", -1_001, 1_001), /ledger_balances_non_negative/);
  });

  it("keeps balances equal to the postings when a balanced raw entry is written", async () => {
    await rawEntry("raw-ok", 5, -5);
    expect((await getBalances(t.db, { ledger: "real", userId: "u-raw" })).USD.available).toBe(1_005n);
    await expectAuditClean();
  });

  it("rejects UPDATE and DELETE of postings and entries, and direct balance changes", async () => {
    await expectDatabaseError(
      t.db.execute(sql`update ledger_postings set amount = amount * 2`),
      /append-only/,
    );
    await expectDatabaseError(t.db.execute(sql`delete from ledger_postings`), /append-only/);
    await expectDatabaseError(t.db.execute(sql`update ledger_entries set code = 'x'`), /append-only/);
    await expectDatabaseError(t.db.execute(sql`delete from ledger_entries`), /append-only/);
    await expectDatabaseError(
      t.db.execute(sql`truncate ledger_postings, ledger_entries cascade`),
      /append-only/,
    );
    await expectDatabaseError(t.db.execute(sql`delete from ledger_accounts`), /append-only/);
    await expectDatabaseError(
      t.db.execute(sql`update ledger_balances set balance = balance + 1`),
      /only through postings/,
    );
    await expectDatabaseError(t.db.execute(sql`delete from ledger_balances`), /only through postings/);
    await expectDatabaseError(t.db.execute(sql`delete from ledger_operations`), /never deleted/);
    await expectAuditClean();
  });

  it("rejects a balance row that starts above zero, and postings naming a missing entry or account", async () => {
    // Since migration 0013 these are checked per statement by triggers, not by foreign keys.
    await expectDatabaseError(
      t.db.execute(sql`insert into ledger_balances (account_id, allow_negative, balance)
        values (${memberAccount}::bigint, false, 5)`),
      /starts at zero/,
    );
    await expectDatabaseError(
      t.db.execute(
        sql`update ledger_balances set allow_negative = true where account_id = ${memberAccount}::bigint`,
      ),
      /only through postings/,
    );
    await expectDatabaseError(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount) values
          (999999999, ${memberAccount}::bigint, 'real', 'USD', 3),
          (999999999, ${depositsAccount}::bigint, 'real', 'USD', -3)`);
      }),
      /an entry that does not exist on its ledger/,
    );
    await expectDatabaseError(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash)
          values ('real', 'deposit', 'raw-ghost-account', 'x')`);
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount)
          select id, 999999999, 'real', 'USD', 3 from ledger_entries where idempotency_key = 'raw-ghost-account'
          union all
          select id, ${depositsAccount}::bigint, 'real', 'USD', -3 from ledger_entries where idempotency_key = 'raw-ghost-account'`);
      }),
      /an account that does not exist on its ledger and asset/,
    );
    // An account of another asset on the right ledger is refused too.
    await expectDatabaseError(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash)
          values ('real', 'deposit', 'raw-wrong-asset', 'x')`);
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount)
          select id, ${memberAccount}::bigint, 'real', 'BTC', 3 from ledger_entries where idempotency_key = 'raw-wrong-asset'
          union all
          select id, ${depositsAccount}::bigint, 'real', 'BTC', -3 from ledger_entries where idempotency_key = 'raw-wrong-asset'`);
      }),
      /an account that does not exist on its ledger and asset/,
    );
    await expectAuditClean();
  });

  it("rejects postings added to an entry from an earlier transaction", async () => {
    const [entry] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from ledger_entries where idempotency_key = 'raw-ok'`,
    );
    // Two accounts the entry does not touch yet, so only the same-transaction rule can object.
    const others = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from ledger_accounts
          where ledger = 'real' and asset = 'USD' and kind = 'available' and user_id in ('u-post', 'u-poor') order by id`,
    );
    expect(others).toHaveLength(2);
    await expectDatabaseError(
      t.db.execute(sql`insert into ledger_postings (entry_id, account_id, ledger, asset, amount) values
        (${entry?.id}::bigint, ${others[0]?.id}::bigint, 'real', 'USD', 7),
        (${entry?.id}::bigint, ${others[1]?.id}::bigint, 'real', 'USD', -7)`),
      /transaction that creates their entry/,
    );
  });
});

describe("holds", () => {
  it("holdFunds moves available to held; postHold settles it to withdrawals with a fee", async () => {
    await deposit("u-hold", "BTC", 1_000n);
    const { hold } = await holdFunds(t.db, {
      idempotencyKey: "hold-1",
      ledger: "real",
      userId: "u-hold",
      asset: "BTC",
      amount: 600n,
      operation: {
        create: { userId: "u-hold", type: "withdrawal", status: "pending", asset: "BTC", amount: 600n },
      },
    });
    expect(hold.status).toBe("pending");
    expect((await getBalances(t.db, { ledger: "real", userId: "u-hold" })).BTC).toEqual({
      available: 400n,
      held: 600n,
      staked: 0n,
    });
    const fees = await getSystemBalance(t.db, { ledger: "real", kind: "fees", asset: "BTC" });
    const posted = await postHold(t.db, {
      holdId: hold.id,
      idempotencyKey: "hold-1-post",
      feeAmount: 10n,
      references: { txid: "t1" },
    });
    expect(posted.hold.status).toBe("posted");
    expect((await getBalances(t.db, { ledger: "real", userId: "u-hold" })).BTC).toEqual({
      available: 400n,
      held: 0n,
      staked: 0n,
    });
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "fees", asset: "BTC" })).toBe(fees + 10n);
    const [op] = await queryRows<{ status: string; references: Record<string, string> }>(
      t.db,
      sql`select status, "references" from ledger_operations where id = ${String(hold.operationId)}::bigint`,
    );
    expect(op).toEqual({ status: "completed", references: { txid: "t1" } });
    await expectAuditClean();
  });

  it("a hold resolves exactly once: a second post or void fails cleanly; a retry replays", async () => {
    await deposit("u-once", "USD", 300n);
    const { hold } = await holdFunds(t.db, {
      idempotencyKey: "hold-once",
      ledger: "real",
      userId: "u-once",
      asset: "USD",
      amount: 300n,
    });
    const again = await holdFunds(t.db, {
      idempotencyKey: "hold-once",
      ledger: "real",
      userId: "u-once",
      asset: "USD",
      amount: 300n,
    });
    expect(again).toEqual({ hold, replayed: true });

    const voided = await voidHold(t.db, { holdId: hold.id, idempotencyKey: "hold-once-void" });
    expect(voided.hold.status).toBe("voided");
    const retry = await voidHold(t.db, { holdId: hold.id, idempotencyKey: "hold-once-void" });
    expect(retry.entry).toEqual({ ...voided.entry, replayed: true });
    await expect(
      voidHold(t.db, { holdId: hold.id, idempotencyKey: "hold-once-void-2" }),
    ).rejects.toBeInstanceOf(HoldAlreadyResolvedError);
    await expect(
      postHold(t.db, { holdId: hold.id, idempotencyKey: "hold-once-post" }),
    ).rejects.toBeInstanceOf(HoldAlreadyResolvedError);
    expect((await getBalances(t.db, { ledger: "real", userId: "u-once" })).USD).toEqual({
      available: 300n,
      held: 0n,
      staked: 0n,
    });
    expect((await getHold(t.db, hold.id))?.status).toBe("voided");
    await expectDatabaseError(
      t.db.execute(sql`update ledger_holds set status = 'posted' where id = ${hold.id.toString()}::bigint`),
      /already voided/,
    );
  });

  it("cannot hold more than is available", async () => {
    await expect(
      holdFunds(t.db, {
        idempotencyKey: "hold-too-much",
        ledger: "real",
        userId: "u-nobody",
        asset: "USD",
        amount: 1n,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });
});

describe("fundDemoAccount", () => {
  it("credits 10,000 virtual USD once, as a completed Deposit on the demo ledger", async () => {
    const first = await fundDemoAccount(t.db, { userId: "u-demo", idempotencyKey: "demo-funding:u-demo" });
    const second = await fundDemoAccount(t.db, { userId: "u-demo", idempotencyKey: "demo-funding:u-demo" });
    expect(second).toEqual({ ...first, replayed: true });
    expect((await getBalances(t.db, { ledger: "demo", userId: "u-demo" })).USD.available).toBe(1_000_000n);
    expect((await getBalances(t.db, { ledger: "real", userId: "u-demo" })).USD.available).toBe(0n);
    const [op] = await queryRows<{ ledger: string; type: string; status: string; amount: string }>(
      t.db,
      sql`select ledger, type, status, amount::text as amount from ledger_operations where id = ${String(first.operationId)}::bigint`,
    );
    expect(op).toEqual({ ledger: "demo", type: "deposit", status: "completed", amount: "1000000" });
    await expectAuditClean();
  });
});

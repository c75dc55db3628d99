// Property-based test of the ledger: random sequences of operations (deposits, transfers, stakes,
// rewards, swaps, holds and their resolution, demo funding, retries and key reuse) run against
// the real database and a simple in-memory model. After every step:
//   - every entry sums to zero per asset (auditLedger),
//   - every cached balance equals the sum of its postings (auditLedger),
//   - no member (or other non-negative) balance is below zero (auditLedger + model),
//   - each idempotency key has had exactly one effect: a retry changes nothing, a reused key
//     with other content is refused, and every balance equals the model's.

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import type { AccountRef, PostEntryInput } from "./entries.ts";
import { HoldAlreadyResolvedError, IdempotencyConflictError, InsufficientFundsError } from "./errors.ts";
import { holdFunds, postHold, voidHold } from "./holds.server.ts";
import { auditLedger, fundDemoAccount, postEntry } from "./ledger.server.ts";
import { DEMO_FUNDING_USD_MINOR, type Ledger } from "./types.ts";

const t = setupTestDatabase();

type Asset = "USD" | "BTC";
type Command =
  | { kind: "deposit"; ledger: Ledger; user: number; asset: Asset; amount: bigint; key: number }
  | { kind: "transfer"; ledger: Ledger; from: number; to: number; asset: Asset; amount: bigint; key: number }
  | { kind: "stake"; ledger: Ledger; user: number; asset: Asset; amount: bigint; key: number }
  | { kind: "fundPool"; ledger: Ledger; asset: Asset; amount: bigint; key: number }
  | { kind: "reward"; ledger: Ledger; user: number; asset: Asset; amount: bigint; key: number }
  | { kind: "fundTreasury"; ledger: Ledger; asset: Asset; amount: bigint; key: number }
  | { kind: "swap"; ledger: Ledger; user: number; usd: bigint; btc: bigint; key: number }
  | { kind: "demoFund"; user: number; key: number }
  | { kind: "hold"; ledger: Ledger; user: number; asset: Asset; amount: bigint; key: number }
  | { kind: "resolve"; hold: number; outcome: "post" | "void"; key: number }
  | { kind: "retry"; index: number }
  /** Sends an earlier command again with the same key but another amount: must be refused. */
  | { kind: "reuseKey"; index: number; delta: bigint };

type Outcome = "ok" | "replayed" | "insufficient" | "conflict" | "already_resolved" | "skipped";

const ledgerArb = fc.constantFrom<Ledger>("real", "demo");
const assetArb = fc.constantFrom<Asset>("USD", "BTC");
const userArb = fc.integer({ min: 0, max: 1 });
const amountArb = fc.bigInt({ min: 1n, max: 40n });
// Mostly fresh keys, sometimes one of a few shared ones: retries and key reuse both happen.
const keyArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 100, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 4 }) },
);
const depositArb = fc.bigInt({ min: 20n, max: 120n });

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("deposit" as const),
    ledger: ledgerArb,
    user: userArb,
    asset: assetArb,
    amount: depositArb,
    key: keyArb,
  }),
  fc
    .record({
      kind: fc.constant("transfer" as const),
      ledger: ledgerArb,
      from: userArb,
      to: userArb,
      asset: assetArb,
      amount: amountArb,
      key: keyArb,
    })
    .map((c) => (c.from === c.to ? { ...c, to: 1 - c.from } : c)),
  fc.record({
    kind: fc.constant("stake" as const),
    ledger: ledgerArb,
    user: userArb,
    asset: assetArb,
    amount: amountArb,
    key: keyArb,
  }),
  fc.record({
    kind: fc.constant("fundPool" as const),
    ledger: ledgerArb,
    asset: assetArb,
    amount: depositArb,
    key: keyArb,
  }),
  fc.record({
    kind: fc.constant("reward" as const),
    ledger: ledgerArb,
    user: userArb,
    asset: assetArb,
    amount: amountArb,
    key: keyArb,
  }),
  fc.record({
    kind: fc.constant("fundTreasury" as const),
    ledger: ledgerArb,
    asset: assetArb,
    amount: depositArb,
    key: keyArb,
  }),
  fc.record({
    kind: fc.constant("swap" as const),
    ledger: ledgerArb,
    user: userArb,
    usd: amountArb,
    btc: amountArb,
    key: keyArb,
  }),
  fc.record({ kind: fc.constant("demoFund" as const), user: userArb, key: keyArb }),
  fc.record({
    kind: fc.constant("hold" as const),
    ledger: ledgerArb,
    user: userArb,
    asset: assetArb,
    amount: amountArb,
    key: keyArb,
  }),
  fc.record({
    kind: fc.constant("resolve" as const),
    hold: fc.nat({ max: 20 }),
    outcome: fc.constantFrom<"post" | "void">("post", "void"),
    key: keyArb,
  }),
  fc.record({ kind: fc.constant("retry" as const), index: fc.nat({ max: 40 }) }),
  fc.record({
    kind: fc.constant("reuseKey" as const),
    index: fc.nat({ max: 40 }),
    delta: fc.bigInt({ min: 1n, max: 3n }),
  }),
);

function label(ledger: Ledger, ref: AccountRef): string {
  return "system" in ref
    ? `${ledger}|${ref.asset}|${ref.system}|`
    : `${ledger}|${ref.asset}|${ref.kind}|${ref.userId}`;
}

/** What postEntry hashes, as the model sees it: same string ⇔ same content. */
function content(input: PostEntryInput): string {
  const postings = input.postings.map((p) => `${label(input.ledger, p.account)}=${p.amount}`).sort();
  return JSON.stringify([input.ledger, input.code, postings, input.operation ?? null], (_, v) =>
    typeof v === "bigint" ? v.toString() : v,
  );
}

interface ModelHold {
  id: bigint;
  ledger: Ledger;
  userId: string;
  asset: Asset;
  amount: bigint;
  status: "pending" | "posted" | "voided";
  resolutionKey?: string;
}

class Model {
  balances = new Map<string, bigint>();
  keys = new Map<string, string>();
  holds: ModelHold[] = [];
  balance(key: string) {
    return this.balances.get(key) ?? 0n;
  }
  /** Predicts a postEntry: replay, conflict, insufficient funds, or applied. */
  predictEntry(input: PostEntryInput): Outcome {
    const previous = this.keys.get(input.idempotencyKey);
    if (previous !== undefined) return previous === content(input) ? "replayed" : "conflict";
    for (const p of input.postings) {
      const negativeAllowed =
        "system" in p.account && ["deposits", "demo_funding"].includes(p.account.system);
      if (!negativeAllowed && this.balance(label(input.ledger, p.account)) + p.amount < 0n)
        return "insufficient";
    }
    return "ok";
  }
  applyEntry(input: PostEntryInput) {
    this.keys.set(input.idempotencyKey, content(input));
    for (const p of input.postings) {
      const k = label(input.ledger, p.account);
      this.balances.set(k, this.balance(k) + p.amount);
    }
  }
}

async function readBalances(): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ label: string; balance: string }>(
    t.db,
    // A system account's balance is the sum of its shards.
    sql`select a.ledger || '|' || a.asset || '|' || a.kind || '|' || coalesce(a.user_id, '') as label, sum(b.balance)::text as balance
        from ledger_accounts a join ledger_balances b on b.account_id = a.id group by 1`,
  );
  return new Map(rows.map((r) => [r.label, BigInt(r.balance)]));
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof InsufficientFundsError) return "insufficient";
  if (error instanceof IdempotencyConflictError) return "conflict";
  if (error instanceof HoldAlreadyResolvedError) return "already_resolved";
  throw error;
}

let runCounter = 0;

async function runSequence(commands: Command[]) {
  const run = `r${++runCounter}`;
  const model = new Model();
  model.balances = await readBalances();
  const user = (n: number) => `${run}-user-${n}`;
  const keyOf = (n: number) => `${run}-key-${n}`;
  const history: Command[] = [];

  const entryFor = (cmd: Command): PostEntryInput | undefined => {
    const member = (u: number, kind: "available" | "held" | "staked", asset: Asset): AccountRef => ({
      userId: user(u),
      kind,
      asset,
    });
    switch (cmd.kind) {
      case "deposit":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "deposit",
          ledger: cmd.ledger,
          postings: [
            { account: { system: "deposits", asset: cmd.asset }, amount: -cmd.amount },
            { account: member(cmd.user, "available", cmd.asset), amount: cmd.amount },
          ],
          operation: {
            create: {
              userId: user(cmd.user),
              type: "deposit",
              status: "completed",
              asset: cmd.asset,
              amount: cmd.amount,
            },
          },
        };
      case "transfer":
        if (cmd.from === cmd.to) return undefined;
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "transfer",
          ledger: cmd.ledger,
          postings: [
            { account: member(cmd.from, "available", cmd.asset), amount: -cmd.amount },
            { account: member(cmd.to, "available", cmd.asset), amount: cmd.amount },
          ],
        };
      case "stake":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "stake.open",
          ledger: cmd.ledger,
          postings: [
            { account: member(cmd.user, "available", cmd.asset), amount: -cmd.amount },
            { account: member(cmd.user, "staked", cmd.asset), amount: cmd.amount },
          ],
          operation: {
            create: {
              userId: user(cmd.user),
              type: "stake",
              status: "completed",
              asset: cmd.asset,
              amount: cmd.amount,
            },
          },
        };
      case "fundPool":
      case "fundTreasury":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: cmd.kind === "fundPool" ? "rewards_pool.fund" : "treasury.fund",
          ledger: cmd.ledger,
          postings: [
            { account: { system: "deposits", asset: cmd.asset }, amount: -cmd.amount },
            {
              account: { system: cmd.kind === "fundPool" ? "rewards_pool" : "treasury", asset: cmd.asset },
              amount: cmd.amount,
            },
          ],
        };
      case "reward":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "stake.reward",
          ledger: cmd.ledger,
          postings: [
            { account: { system: "rewards_pool", asset: cmd.asset }, amount: -cmd.amount },
            { account: member(cmd.user, "available", cmd.asset), amount: cmd.amount },
          ],
          operation: {
            create: {
              userId: user(cmd.user),
              type: "reward",
              status: "completed",
              asset: cmd.asset,
              amount: cmd.amount,
            },
          },
        };
      case "swap":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "swap",
          ledger: cmd.ledger,
          postings: [
            { account: member(cmd.user, "available", "USD"), amount: -cmd.usd },
            { account: { system: "treasury", asset: "USD" }, amount: cmd.usd },
            { account: { system: "treasury", asset: "BTC" }, amount: -cmd.btc },
            { account: member(cmd.user, "available", "BTC"), amount: cmd.btc },
          ],
          operation: {
            create: {
              userId: user(cmd.user),
              type: "swap",
              status: "completed",
              asset: "USD",
              amount: cmd.usd,
              counterAsset: "BTC",
              counterAmount: cmd.btc,
            },
          },
        };
      case "demoFund":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "demo.funding",
          ledger: "demo",
          postings: [
            { account: { system: "demo_funding", asset: "USD" }, amount: -DEMO_FUNDING_USD_MINOR },
            { account: member(cmd.user, "available", "USD"), amount: DEMO_FUNDING_USD_MINOR },
          ],
          operation: {
            create: {
              userId: user(cmd.user),
              type: "deposit",
              status: "completed",
              asset: "USD",
              amount: DEMO_FUNDING_USD_MINOR,
              references: { method: "Virtual demo funds" },
            },
          },
        };
      case "hold":
        return {
          idempotencyKey: keyOf(cmd.key),
          code: "hold",
          ledger: cmd.ledger,
          postings: [
            { account: member(cmd.user, "available", cmd.asset), amount: -cmd.amount },
            { account: member(cmd.user, "held", cmd.asset), amount: cmd.amount },
          ],
        };
      default:
        return undefined;
    }
  };

  const step = async (cmd: Command): Promise<{ expected: Outcome; actual: Outcome }> => {
    if (cmd.kind === "retry") {
      const previous = history[cmd.index % Math.max(1, history.length)];
      if (!previous) return { expected: "skipped", actual: "skipped" };
      return step(previous);
    }
    if (cmd.kind === "reuseKey") {
      const previous = history[cmd.index % Math.max(1, history.length)];
      if (!previous || !("amount" in previous)) return { expected: "skipped", actual: "skipped" };
      return step({ ...previous, amount: previous.amount + cmd.delta });
    }
    history.push(cmd);

    if (cmd.kind === "resolve") {
      const hold = model.holds[cmd.hold % Math.max(1, model.holds.length)];
      if (!hold) return { expected: "skipped", actual: "skipped" };
      const outcome = cmd.outcome === "post" ? "posted" : "voided";
      const key = keyOf(cmd.key);
      const entry: PostEntryInput = {
        idempotencyKey: key,
        code: cmd.outcome === "post" ? "hold.post" : "hold.void",
        ledger: hold.ledger,
        postings: [
          { account: { userId: hold.userId, kind: "held", asset: hold.asset }, amount: -hold.amount },
          cmd.outcome === "post"
            ? { account: { system: "withdrawals", asset: hold.asset }, amount: hold.amount }
            : { account: { userId: hold.userId, kind: "available", asset: hold.asset }, amount: hold.amount },
        ],
      };
      let expected: Outcome;
      if (hold.status !== "pending") {
        expected = hold.status === outcome && hold.resolutionKey === key ? "replayed" : "already_resolved";
      } else {
        const predicted = model.predictEntry(entry);
        expected = predicted === "replayed" ? "conflict" : predicted;
      }
      let actual: Outcome;
      try {
        const resolve = cmd.outcome === "post" ? postHold : voidHold;
        const result = await resolve(t.db, { holdId: hold.id, idempotencyKey: key });
        actual = result.entry.replayed ? "replayed" : "ok";
      } catch (error) {
        actual = outcomeOf(error);
      }
      if (expected === "ok" && actual === "ok") {
        model.applyEntry(entry);
        hold.status = outcome;
        hold.resolutionKey = key;
      }
      return { expected, actual };
    }

    const entry = entryFor(cmd);
    if (!entry) return { expected: "skipped", actual: "skipped" };
    const expected = model.predictEntry(entry);
    let actual: Outcome;
    try {
      if (cmd.kind === "hold") {
        const result = await holdFunds(t.db, {
          idempotencyKey: entry.idempotencyKey,
          ledger: cmd.ledger,
          userId: user(cmd.user),
          asset: cmd.asset,
          amount: cmd.amount,
        });
        actual = result.replayed ? "replayed" : "ok";
        if (!result.replayed) {
          model.holds.push({
            id: result.hold.id,
            ledger: cmd.ledger,
            userId: user(cmd.user),
            asset: cmd.asset,
            amount: cmd.amount,
            status: "pending",
          });
        }
      } else if (cmd.kind === "demoFund") {
        const result = await fundDemoAccount(t.db, {
          userId: user(cmd.user),
          idempotencyKey: entry.idempotencyKey,
        });
        actual = result.replayed ? "replayed" : "ok";
      } else {
        actual = (await postEntry(t.db, entry)).replayed ? "replayed" : "ok";
      }
    } catch (error) {
      actual = outcomeOf(error);
    }
    if (expected === "ok" && actual === "ok") model.applyEntry(entry);
    return { expected, actual };
  };

  // Every run starts with funded members and treasuries, so spending commands mostly succeed.
  const preamble: Command[] = [];
  let preambleKey = 2_000_000;
  for (const ledger of ["real", "demo"] as const) {
    for (const asset of ["USD", "BTC"] as const) {
      preamble.push({ kind: "fundTreasury", ledger, asset, amount: 100n, key: preambleKey++ });
      for (const u of [0, 1])
        preamble.push({ kind: "deposit", ledger, user: u, asset, amount: 60n, key: preambleKey++ });
    }
  }

  const entriesBefore = await countEntries();
  for (const cmd of [...preamble, ...commands]) {
    const { expected, actual } = await step(cmd);
    expect(
      actual,
      JSON.stringify(cmd, (_, v) => (typeof v === "bigint" ? v.toString() : v)),
    ).toBe(expected);
    // Invariants recomputed from the postings themselves.
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
    // One effect per key: the balances are exactly the model's, where a replay changes nothing.
    const actualBalances = await readBalances();
    for (const [k, v] of model.balances) expect(actualBalances.get(k) ?? 0n, k).toBe(v);
    for (const [k, v] of actualBalances) expect(v, k).toBe(model.balance(k));
    // …and one entry per key used successfully in this run.
    expect(await countEntries()).toBe(entriesBefore + model.keys.size);
  }
}

async function countEntries(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ledger_entries where code <> 'ledger.consolidate'`,
  );
  return Number(row?.n ?? 0);
}

describe("ledger invariants under random operation sequences", () => {
  it("every entry balances, balances match postings, nothing goes negative, each key has one effect", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { minLength: 10, maxLength: 40, size: "max" }),
        async (commands) => {
          await runSequence(commands);
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});

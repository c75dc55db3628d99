import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { type Clock, systemClock } from "../accounts/clock.ts";
import type { NewOperation } from "../ledger/entries.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { createOperation } from "../ledger/operations.server.ts";
import type { LedgerCode } from "../ledger/types.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import { createSwapQuote, executeSwapQuote } from "../swap/swap.server.ts";
import { balancesBefore, exportTaxFile, listTaxRows } from "./tax-exports.server.ts";

const t = setupTestDatabase();
const NOW = new Date();
let n = 0;

/** One entry moving `amount` between a system account and the member, with its operation. */
function move(input: {
  userId: string;
  code: LedgerCode;
  system: "deposits" | "withdrawals" | "rewards_pool";
  asset: Asset;
  amount: string;
  toMember: boolean;
  ledger?: "real" | "demo";
  operation: Omit<NewOperation, "userId" | "asset" | "amount">;
}) {
  const minor = parseAmount(input.amount, input.asset);
  const sign = input.toMember ? 1n : -1n;
  return postEntry(t.db, {
    idempotencyKey: `tax-${++n}`,
    code: input.code,
    ledger: input.ledger ?? "real",
    postings: [
      { account: { system: input.system, asset: input.asset }, amount: -sign * minor },
      { account: { userId: input.userId, kind: "available", asset: input.asset }, amount: sign * minor },
    ],
    operation: { create: { userId: input.userId, asset: input.asset, amount: minor, ...input.operation } },
  });
}

let swap: { toAmountMinor: bigint; feeMinor: bigint };

beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "real",
    asset: "USDT",
    amountMinor: parseAmount("1000", "USDT"),
    idempotencyKey: "tax-treasury",
  });
  await fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "real",
    asset: "SOL",
    amountMinor: parseAmount("10", "SOL"),
    idempotencyKey: "tax-pool",
  });
  const dep = { code: "deposit" as const, system: "deposits" as const, toMember: true };
  // Ann: a BTC deposit, USD in and swapped to USDT with a fee, a staking reward, a BTC withdrawal.
  await move({
    ...dep,
    userId: "ann",
    asset: "BTC",
    amount: "1",
    operation: { type: "deposit", status: "completed", references: { txid: "tx-ann-1" } },
  });
  await move({
    ...dep,
    userId: "ann",
    asset: "USD",
    amount: "100",
    operation: { type: "deposit", status: "completed" },
  });
  const quote = await createSwapQuote(t.db, {
    ledger: "real",
    userId: "ann",
    from: "USD",
    to: "USDT",
    fromAmountMinor: parseAmount("100", "USD"),
    now: NOW,
    validSeconds: 30,
    feeBps: 20,
    staleSeconds: 600,
  });
  if (!quote.ok) throw new Error(quote.message);
  swap = quote.quote;
  const executed = await executeSwapQuote(t.db, {
    ledger: "real",
    userId: "ann",
    quoteId: quote.quote.id,
    now: NOW,
  });
  if (!executed.ok) throw new Error("swap not executed");
  await move({
    userId: "ann",
    code: "stake.reward",
    system: "rewards_pool",
    asset: "SOL",
    amount: "0.5",
    toMember: true,
    operation: { type: "reward", status: "completed", references: { stake: "1" } },
  });
  await move({
    userId: "ann",
    code: "withdrawal.complete",
    system: "withdrawals",
    asset: "BTC",
    amount: "0.25",
    toMember: false,
    operation: { type: "withdrawal", status: "completed", references: { txid: "tx-ann-out" } },
  });
  // Not exported: a withdrawal still pending (no money moved) and demo money.
  await createOperation(t.db, {
    ledger: "real",
    userId: "ann",
    type: "withdrawal",
    status: "pending",
    asset: "BTC",
    amount: 1_000_000n,
  });
  await move({
    ...dep,
    userId: "ann",
    asset: "USD",
    amount: "5000",
    ledger: "demo",
    operation: { type: "deposit", status: "completed" },
  });
  // Bob: his own deposit, never in Ann's files.
  await move({
    ...dep,
    userId: "bob",
    asset: "ETH",
    amount: "2",
    operation: { type: "deposit", status: "completed", references: { txid: "tx-bob" } },
  });
});

describe("tax exports from the ledger", () => {
  it("lists the member's completed real movements oldest first, the swap with its fee", async () => {
    const rows = await listTaxRows(t.db, { userId: "ann" });
    expect(rows.map((r) => r.kind)).toEqual(["deposit", "deposit", "swap", "reward", "withdrawal"]);
    expect(rows[0]).toMatchObject({
      received: { asset: "BTC", amountMinor: 100_000_000n },
      txHash: "tx-ann-1",
    });
    expect(rows[2]).toMatchObject({
      sent: { asset: "USD", amountMinor: 10_000n },
      received: { asset: "USDT", amountMinor: swap.toAmountMinor + swap.feeMinor },
      fee: { asset: "USDT", amountMinor: swap.feeMinor },
    });
    expect(swap.feeMinor).toBeGreaterThan(0n);
    expect(rows[3]).toMatchObject({ received: { asset: "SOL", amountMinor: 500_000_000n } });
    expect(rows[4]).toMatchObject({ sent: { asset: "BTC", amountMinor: 25_000_000n }, txHash: "tx-ann-out" });
  });

  it("never gives one member another's rows", async () => {
    const ann = await exportTaxFile(t.db, {
      userId: "ann",
      memberName: "Ann",
      kind: "koinly",
      clock: systemClock,
    });
    const bob = await exportTaxFile(t.db, {
      userId: "bob",
      memberName: "Bob",
      kind: "cointracker",
      clock: systemClock,
    });
    if (!ann.ok || !bob.ok) throw new Error("export refused");
    expect(ann.body).not.toContain("tx-bob");
    expect(String(ann.body).split("\r\n")).toHaveLength(7); // header + 5 rows + the final line end
    expect(String(bob.body).split("\r\n").slice(1, -1)).toEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} [\d:]{8},2,ETH,,,,,$/),
    ]);
    expect(ann.filename).toMatch(/^coinlens-koinly-\d{4}-\d\d-\d\d\.csv$/);
  });

  it("the statement's balances come from the ledger: nothing before the year, what is owned after it", async () => {
    const year = NOW.getUTCFullYear();
    expect(await balancesBefore(t.db, { userId: "ann", before: new Date(Date.UTC(year, 0, 1)) })).toEqual(
      new Map(),
    );
    const closing = await balancesBefore(t.db, { userId: "ann", before: new Date(Date.UTC(year + 1, 0, 1)) });
    // 1 BTC in, 0.25 out (the pending request moved nothing): 0.75 BTC.
    expect(closing.get("BTC")).toBe(75_000_000n);
    expect(closing.get("USD")).toBe(0n);
    expect(closing.get("USDT")).toBe(swap.toAmountMinor);
    expect(closing.get("SOL")).toBe(500_000_000n);
    expect(closing.has("ETH")).toBe(false);
    const pdf = await exportTaxFile(t.db, {
      userId: "ann",
      memberName: "Ann",
      kind: "statement",
      year,
      clock: systemClock,
    });
    if (!pdf.ok) throw new Error("statement refused");
    const text = Buffer.from(pdf.body).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("Staking reward: received 0.5 SOL");
    expect(text).toContain("BTC: opening 0 BTC, closing 0.75 BTC");
    expect(pdf.filename).toBe(`coinlens-statement-${year}.pdf`);
  });

  it("refuses a year that has not begun and rate-limits each member", async () => {
    const clock: Clock = { now: () => NOW };
    expect(
      await exportTaxFile(t.db, {
        userId: "cy",
        memberName: "Cy",
        kind: "statement",
        year: NOW.getUTCFullYear() + 1,
        clock,
      }),
    ).toEqual({ ok: false, reason: "bad_year" });
    const results = [];
    for (let i = 0; i < 31; i++)
      results.push(await exportTaxFile(t.db, { userId: "cy", memberName: "Cy", kind: "koinly", clock }));
    expect(results.slice(0, 30).every((r) => r.ok)).toBe(true);
    expect(results[30]).toMatchObject({ ok: false, reason: "rate_limited" });
  });
});

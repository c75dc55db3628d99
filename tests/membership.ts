// Shared set-up for the membership database tests: members, balances, and prices set exactly.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server.ts";
import { auditLedger, postEntry } from "../app/domain/ledger/ledger.server.ts";
import { saveQuotes } from "../app/domain/market-data/cache-writes.server.ts";
import { sampleMarkets } from "../app/domain/market-data/sample.server.ts";
import { parseAmount } from "../app/domain/money/amount.ts";
import type { Asset } from "../app/domain/money/assets.ts";
import { marketQuotes } from "../db/schema/index.ts";

export const seller = Object.freeze({ name: "Coinlens" });

let counter = 0;

export async function addMember(db: Db, id: string) {
  await db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${id}`}, ${`${id}@example.test`})`,
  );
  return id;
}

/** A completed deposit to the member's real (or demo) available balance. */
export function deposit(
  db: Db,
  userId: string,
  asset: Asset,
  amount: string,
  ledger: "real" | "demo" = "real",
) {
  const minor = parseAmount(amount, asset);
  return postEntry(db, {
    idempotencyKey: `test-deposit-${++counter}-${userId}`,
    code: "deposit",
    ledger,
    postings: [
      { account: { system: ledger === "demo" ? "demo_funding" : "deposits", asset }, amount: -minor },
      { account: { userId, kind: "available", asset }, amount: minor },
    ],
  });
}

/** Moves part of a member's balance away (as a withdrawal would), to make it short. */
export function spend(db: Db, userId: string, asset: Asset, amount: string) {
  const minor = parseAmount(amount, asset);
  return postEntry(db, {
    idempotencyKey: `test-spend-${++counter}-${userId}`,
    code: "withdrawal.complete",
    ledger: "real",
    postings: [
      { account: { userId, kind: "available", asset }, amount: -minor },
      { account: { system: "withdrawals", asset }, amount: minor },
    ],
  });
}

const COIN_IDS: Record<string, string> = { BTC: "bitcoin", USDT: "tether" };

/** The sample market data, then BTC and USDT at exact prices as of `at`. */
export async function setPrices(db: Db, at: Date, prices: { BTC?: string; USDT?: string } = {}) {
  await saveQuotes(db, sampleMarkets(at), at);
  for (const [symbol, price] of Object.entries({ BTC: "100000", USDT: "1", ...prices })) {
    await db
      .update(marketQuotes)
      .set({ priceUsd: price, lastUpdated: at })
      .where(eq(marketQuotes.id, COIN_IDS[symbol] ?? symbol));
  }
}

export async function expectLedgerClean(db: Db) {
  const audit = await auditLedger(db);
  if (audit.unbalancedEntries.length + audit.balanceMismatches.length + audit.negativeBalances.length > 0) {
    throw new Error(`ledger audit: ${JSON.stringify(audit)}`);
  }
}

// Swaps against the operator's treasury (ADR 0061). A quote is priced from market data
// and stored; confirming it before it expires executes both legs in ONE ledger entry keyed by the
// quote id, so a double click or a retry swaps once and a failure swaps nothing.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { settings, swapQuotes } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import type { PostingInput } from "../ledger/entries.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getBalances, getSystemBalance, postEntry } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import {
  DEFAULT_SPREAD_BPS,
  isQuoteExpired,
  quoteExpiresAt,
  quoteMath,
  type SwapCurrency,
  swapMessages,
} from "./rules.ts";

const SPREAD_SETTING = "swap.spread_bps";

/** The operator's spread (basis points), set in the back office; the default until then. */
export async function getSwapSpreadBps(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SPREAD_SETTING));
  const value = Number(row?.value);
  return Number.isSafeInteger(value) && value >= 0 && value < 10_000 ? value : DEFAULT_SPREAD_BPS;
}

export async function setSwapSpreadBps(db: Db, bps: number): Promise<void> {
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 1_000)
    throw new RangeError("The spread must be 0 to 1000 basis points.");
  await db
    .insert(settings)
    .values({ key: SPREAD_SETTING, value: bps, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: settings.key, set: { value: bps, updatedAt: sql`now()` } });
}

export interface SwapQuote {
  id: string;
  ledger: Ledger;
  userId: string;
  from: SwapCurrency;
  to: SwapCurrency;
  fromAmountMinor: bigint;
  toAmountMinor: bigint;
  feeMinor: bigint;
  fromPriceUsd: string;
  toPriceUsd: string;
  pricesAsOf: Date;
  spreadBps: number;
  feeBps: number;
  rate: string;
  status: "open" | "executed";
  createdAt: Date;
  expiresAt: Date;
  executedAt: Date | null;
  operationId: bigint | null;
}

function quoteFromRow(r: typeof swapQuotes.$inferSelect): SwapQuote {
  return {
    id: r.id,
    ledger: r.ledger,
    userId: r.userId,
    // Quotes are only ever written with swap currencies (createSwapQuote).
    from: r.fromAsset as SwapCurrency,
    to: r.toAsset as SwapCurrency,
    fromAmountMinor: r.fromAmount,
    toAmountMinor: r.toAmount,
    feeMinor: r.feeAmount,
    fromPriceUsd: r.fromPriceUsd,
    toPriceUsd: r.toPriceUsd,
    pricesAsOf: r.pricesAsOf,
    spreadBps: r.spreadBps,
    feeBps: r.feeBps,
    rate: r.rate,
    status: r.status,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    executedAt: r.executedAt,
    operationId: r.operationId,
  };
}

/** One member's quote on one ledger (undefined for anyone else's). */
const ownQuote = (input: { ledger: Ledger; userId: string; quoteId: string }) =>
  and(
    eq(swapQuotes.id, input.quoteId),
    eq(swapQuotes.userId, input.userId),
    eq(swapQuotes.ledger, input.ledger),
  );

export type SwapRefusal =
  | "same_currency"
  | "balance_low"
  | "stale_prices"
  | "too_small"
  | "treasury_short"
  | "expired";

export type QuoteResult =
  | { ok: true; quote: SwapQuote }
  | { ok: false; reason: SwapRefusal; message: string };

export interface CreateQuoteInput {
  ledger: Ledger;
  userId: string;
  from: SwapCurrency;
  to: SwapCurrency;
  fromAmountMinor: bigint;
  now: Date;
  /** How long the quote holds (SWAP_QUOTE_SECONDS). */
  validSeconds: number;
  /** The swap fee in basis points (SWAP_FEE_BPS). */
  feeBps: number;
  /** Prices older than this are stale (MARKET_DATA_STALE_SECONDS). */
  staleSeconds: number;
}

/** Prices a swap and stores the quote; refuses (nothing stored) with a clear message. */
export async function createSwapQuote(db: Db, input: CreateQuoteInput): Promise<QuoteResult> {
  if (input.from === input.to)
    return { ok: false, reason: "same_currency", message: swapMessages.sameCurrency };
  if (input.fromAmountMinor <= 0n)
    return { ok: false, reason: "too_small", message: swapMessages.amountPositive };
  const balances = await getBalances(db, { ledger: input.ledger, userId: input.userId });
  if (balances[input.from].available < input.fromAmountMinor) {
    return { ok: false, reason: "balance_low", message: swapMessages.balanceLow };
  }
  const options = { now: input.now, staleSeconds: input.staleSeconds };
  const [fromPrice, toPrice] = await Promise.all([
    getUsdPrice(db, input.from, options),
    getUsdPrice(db, input.to, options),
  ]);
  if (!fromPrice || !toPrice || fromPrice.stale || toPrice.stale) {
    return { ok: false, reason: "stale_prices", message: swapMessages.stalePrices };
  }
  const spreadBps = await getSwapSpreadBps(db);
  const math = quoteMath({
    from: input.from,
    to: input.to,
    fromAmountMinor: input.fromAmountMinor,
    fromPriceUsd: fromPrice.priceUsd,
    toPriceUsd: toPrice.priceUsd,
    spreadBps,
    feeBps: input.feeBps,
  });
  if (math.toMinor <= 0n) return { ok: false, reason: "too_small", message: swapMessages.tooSmall };
  const treasury = await getSystemBalance(db, { ledger: input.ledger, kind: "treasury", asset: input.to });
  if (treasury < math.grossToMinor) {
    return { ok: false, reason: "treasury_short", message: swapMessages.treasuryShort(input.to) };
  }
  const pricesAsOf = new Date(Math.min(Date.parse(fromPrice.asOf), Date.parse(toPrice.asOf)));
  const [row] = await db
    .insert(swapQuotes)
    .values({
      id: randomBytes(16).toString("base64url"),
      ledger: input.ledger,
      userId: input.userId,
      fromAsset: input.from,
      toAsset: input.to,
      fromAmount: input.fromAmountMinor,
      toAmount: math.toMinor,
      feeAmount: math.feeMinor,
      fromPriceUsd: fromPrice.priceUsd,
      toPriceUsd: toPrice.priceUsd,
      pricesAsOf,
      spreadBps,
      feeBps: input.feeBps,
      rate: math.rate,
      createdAt: input.now,
      expiresAt: quoteExpiresAt(input.now, input.validSeconds),
    })
    .returning();
  if (!row) throw new Error("quote insert returned nothing");
  return { ok: true, quote: quoteFromRow(row) };
}

export async function getSwapQuote(
  db: Db,
  input: { ledger: Ledger; userId: string; quoteId: string },
): Promise<SwapQuote | undefined> {
  const [row] = await db.select().from(swapQuotes).where(ownQuote(input));
  return row ? quoteFromRow(row) : undefined;
}

export type ExecuteResult =
  | { ok: true; quote: SwapQuote; replayed: boolean; message: string }
  | { ok: false; reason: SwapRefusal | "not_found"; message: string };

/** Test hook: runs inside the swap's transaction after the ledger entry (to simulate a crash). */
export interface ExecuteHooks {
  afterEntry?: () => void | Promise<void>;
}

/**
 * Executes a quote: from-asset member → treasury, to-asset treasury → member (and the fee to the
 * fees account), all in one entry. Exactly once per quote; an expired quote, a short balance or a
 * short treasury moves nothing.
 */
export async function executeSwapQuote(
  db: Db,
  input: {
    ledger: Ledger;
    userId: string;
    quoteId: string;
    now: Date;
    /** More of the operation's references, such as the recurring buy that made the swap. */
    references?: Record<string, string>;
  },
  hooks: ExecuteHooks = {},
): Promise<ExecuteResult> {
  try {
    return await withTx(db, async (tx) => {
      const [row] = await tx.select().from(swapQuotes).where(ownQuote(input)).for("update");
      if (!row) return { ok: false as const, reason: "not_found" as const, message: swapMessages.expired };
      const q = quoteFromRow(row);
      if (q.status === "executed") {
        return { ok: true as const, quote: q, replayed: true, message: swapMessages.success(q.from) };
      }
      if (isQuoteExpired(q.expiresAt, input.now)) {
        return { ok: false as const, reason: "expired" as const, message: swapMessages.expired };
      }
      const gross = q.toAmountMinor + q.feeMinor;
      const postings: PostingInput[] = [
        { account: { userId: q.userId, kind: "available", asset: q.from }, amount: -q.fromAmountMinor },
        { account: { system: "treasury", asset: q.from }, amount: q.fromAmountMinor },
        { account: { system: "treasury", asset: q.to }, amount: -gross },
        { account: { userId: q.userId, kind: "available", asset: q.to }, amount: q.toAmountMinor },
      ];
      if (q.feeMinor > 0n) postings.push({ account: { system: "fees", asset: q.to }, amount: q.feeMinor });
      const entry = await postEntry(tx, {
        idempotencyKey: `swap:${q.id}`,
        code: "swap",
        ledger: q.ledger,
        postings,
        operation: {
          create: {
            userId: q.userId,
            type: "swap",
            status: "completed",
            asset: q.from,
            amount: q.fromAmountMinor,
            counterAsset: q.to,
            counterAmount: q.toAmountMinor,
            references: { ...input.references, quote: q.id, rate: `1 ${q.from} = ${q.rate} ${q.to}` },
          },
        },
      });
      await hooks.afterEntry?.();
      const [updated] = await tx
        .update(swapQuotes)
        .set({
          status: "executed",
          executedAt: input.now,
          entryId: entry.entryId,
          operationId: entry.operationId,
        })
        .where(eq(swapQuotes.id, q.id))
        .returning();
      if (!updated) throw new Error("quote update returned nothing");
      await publishAccountEvent(tx, q.userId, {
        kind: "swap",
        id: q.id,
        status: "done",
        from: q.from,
        to: q.to,
        fromAmountMinor: q.fromAmountMinor.toString(),
        toAmountMinor: q.toAmountMinor.toString(),
      });
      return {
        ok: true as const,
        quote: quoteFromRow(updated),
        replayed: false,
        message: swapMessages.success(q.from),
      };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      if (error.account.startsWith("system:treasury")) {
        return { ok: false, reason: "treasury_short", message: swapMessages.treasuryShort(error.asset) };
      }
      return { ok: false, reason: "balance_low", message: swapMessages.balanceLow };
    }
    throw error;
  }
}

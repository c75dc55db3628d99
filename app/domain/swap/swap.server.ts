// Swaps against the operator's treasury (issue 8, ADR 0061). A quote is priced from market data
// and stored; confirming it before it expires executes both legs in ONE ledger entry keyed by the
// quote id, so a double click or a retry swaps once and a failure swaps nothing.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getBalances, getSystemBalance, type PostingInput, postEntry } from "../ledger/ledger.server.ts";
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
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select value from settings where key = ${SPREAD_SETTING}`,
  );
  const value = Number(row?.value);
  return Number.isSafeInteger(value) && value >= 0 && value < 10_000 ? value : DEFAULT_SPREAD_BPS;
}

export async function setSwapSpreadBps(db: Db, bps: number): Promise<void> {
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 1_000)
    throw new RangeError("The spread must be 0 to 1000 basis points.");
  await db.execute(sql`insert into settings (key, value, updated_at) values (${SPREAD_SETTING}, ${JSON.stringify(bps)}::jsonb, now())
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
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

const QUOTE_COLUMNS = sql`id, ledger, user_id, from_asset, to_asset, from_amount::text as from_amount, to_amount::text as to_amount,
  fee_amount::text as fee_amount, from_price_usd::text as from_price_usd, to_price_usd::text as to_price_usd, prices_as_of,
  spread_bps, fee_bps, rate, status, created_at, expires_at, executed_at, operation_id::text as operation_id`;

interface QuoteRow {
  id: string;
  ledger: Ledger;
  user_id: string;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  fee_amount: string;
  from_price_usd: string;
  to_price_usd: string;
  prices_as_of: string | Date;
  spread_bps: number;
  fee_bps: number;
  rate: string;
  status: "open" | "executed";
  created_at: string | Date;
  expires_at: string | Date;
  executed_at: string | Date | null;
  operation_id: string | null;
}

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function quoteFromRow(r: QuoteRow): SwapQuote {
  return {
    id: r.id,
    ledger: r.ledger,
    userId: r.user_id,
    from: r.from_asset as SwapCurrency,
    to: r.to_asset as SwapCurrency,
    fromAmountMinor: BigInt(r.from_amount),
    toAmountMinor: BigInt(r.to_amount),
    feeMinor: BigInt(r.fee_amount),
    fromPriceUsd: r.from_price_usd,
    toPriceUsd: r.to_price_usd,
    pricesAsOf: date(r.prices_as_of),
    spreadBps: Number(r.spread_bps),
    feeBps: Number(r.fee_bps),
    rate: r.rate,
    status: r.status,
    createdAt: date(r.created_at),
    expiresAt: date(r.expires_at),
    executedAt: r.executed_at === null ? null : date(r.executed_at),
    operationId: r.operation_id === null ? null : BigInt(r.operation_id),
  };
}

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
  const id = randomBytes(16).toString("base64url");
  const [row] = await queryRows<QuoteRow>(
    db,
    sql`insert into swap_quotes (id, ledger, user_id, from_asset, to_asset, from_amount, to_amount, fee_amount,
                                 from_price_usd, to_price_usd, prices_as_of, spread_bps, fee_bps, rate, created_at, expires_at)
        values (${id}, ${input.ledger}, ${input.userId}, ${input.from}, ${input.to}, ${input.fromAmountMinor.toString()}::bigint,
                ${math.toMinor.toString()}::bigint, ${math.feeMinor.toString()}::bigint, ${fromPrice.priceUsd}::numeric,
                ${toPrice.priceUsd}::numeric, ${pricesAsOf.toISOString()}::timestamptz, ${spreadBps}, ${input.feeBps}, ${math.rate},
                ${input.now.toISOString()}::timestamptz, ${quoteExpiresAt(input.now, input.validSeconds).toISOString()}::timestamptz)
        returning ${QUOTE_COLUMNS}`,
  );
  if (!row) throw new Error("quote insert returned nothing");
  return { ok: true, quote: quoteFromRow(row) };
}

export async function getSwapQuote(
  db: Db,
  input: { ledger: Ledger; userId: string; quoteId: string },
): Promise<SwapQuote | undefined> {
  const [row] = await queryRows<QuoteRow>(
    db,
    sql`select ${QUOTE_COLUMNS} from swap_quotes where id = ${input.quoteId} and user_id = ${input.userId} and ledger = ${input.ledger}`,
  );
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
  input: { ledger: Ledger; userId: string; quoteId: string; now: Date },
  hooks: ExecuteHooks = {},
): Promise<ExecuteResult> {
  try {
    return await withTx(db, async (tx) => {
      const [row] = await queryRows<QuoteRow>(
        tx,
        sql`select ${QUOTE_COLUMNS} from swap_quotes
            where id = ${input.quoteId} and user_id = ${input.userId} and ledger = ${input.ledger} for update`,
      );
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
            references: { quote: q.id, rate: `1 ${q.from} = ${q.rate} ${q.to}` },
          },
        },
      });
      await hooks.afterEntry?.();
      const [updated] = await queryRows<QuoteRow>(
        tx,
        sql`update swap_quotes set status = 'executed', executed_at = ${input.now.toISOString()}::timestamptz,
                entry_id = ${entry.entryId.toString()}::bigint,
                operation_id = ${entry.operationId === null ? null : entry.operationId.toString()}::bigint
            where id = ${q.id} returning ${QUOTE_COLUMNS}`,
      );
      if (!updated) throw new Error("quote update returned nothing");
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

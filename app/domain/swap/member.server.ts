// The member's swap, as workflows (codebase guide §13): price a quote for the form, confirm it,
// and the data the swap page shows. The route reads the form and answers with the result.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getQuotes } from "../market-data/cache.server.ts";
import {
  formatSwapAmount,
  isSwapCurrency,
  SWAP_CURRENCIES,
  type SwapCurrency,
  swapMessages,
  validateSwapAmount,
} from "./rules.ts";
import { createSwapQuote, executeSwapQuote, getSwapSpreadBps } from "./swap.server.ts";
import type { QuoteView } from "./views.ts";

/** The member and the ledger of their current account mode. */
export interface SwapMember {
  userId: string;
  ledger: Ledger;
}

/** The configured swap terms (config.swap, config.market). */
export interface SwapSettings {
  quoteSeconds: number;
  feeBps: number;
  staleSeconds: number;
}

/**
 * A refusal names the field it concerns when it is about one (the amount): the page shows it there.
 * `offerDemoReset`: the amount is over a demo balance, so the page offers the demo balance reset
 * beside the message (ADR 0071).
 */
export type QuoteRequestResult =
  | { ok: true; quote: QuoteView }
  | { ok: false; status: 400 | 409 | 500; message: string; field?: "amount"; offerDemoReset?: true };

/** A done swap says what was paid and received ("0.1 BTC", "1.814411764 ETH"). */
export type ConfirmSwapResult =
  | { ok: true; message: string; paid: string; received: string }
  | { ok: false; status: 409; message: string; expired: boolean }
  | { ok: false; status: 500; message: string };

/**
 * Prices the member's swap and stores the quote. Refusals, in order: the same currency twice
 * (or one that cannot be swapped); the amount (empty, not positive, more than the balance); then
 * what pricing refuses (stale prices, too small, the treasury short).
 */
export async function requestSwapQuote(
  db: Db,
  member: SwapMember,
  input: { from: string; to: string; amount: unknown },
  options: SwapSettings & { now: Date },
): Promise<QuoteRequestResult> {
  const { from, to } = input;
  try {
    if (!isSwapCurrency(from) || !isSwapCurrency(to) || from === to) {
      return { ok: false, status: 400, message: swapMessages.sameCurrency };
    }
    const balances = await getBalances(db, { ledger: member.ledger, userId: member.userId });
    const amount = validateSwapAmount(
      { from, availableMinor: balances[from].available, demo: member.ledger === "demo" },
      input.amount,
    );
    if (!amount.ok) {
      const refusal = {
        ok: false as const,
        status: 400 as const,
        message: amount.message,
        field: "amount" as const,
      };
      return amount.overBalance && member.ledger === "demo" ? { ...refusal, offerDemoReset: true } : refusal;
    }
    const result = await createSwapQuote(db, {
      ledger: member.ledger,
      userId: member.userId,
      from,
      to,
      fromAmountMinor: amount.amountMinor,
      now: options.now,
      validSeconds: options.quoteSeconds,
      feeBps: options.feeBps,
      staleSeconds: options.staleSeconds,
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    const q = result.quote;
    return {
      ok: true,
      quote: {
        id: q.id,
        from: q.from,
        to: q.to,
        fromAmountMinor: q.fromAmountMinor.toString(),
        toAmountMinor: q.toAmountMinor.toString(),
        feeMinor: q.feeMinor.toString(),
        rate: q.rate,
        spreadBps: q.spreadBps,
        expiresAt: q.expiresAt.toISOString(),
        pricesAsOf: q.pricesAsOf.toISOString(),
        serverNow: options.now.toISOString(),
      },
    };
  } catch (error) {
    log.error("swap failed", { error });
    return { ok: false, status: 500, message: swapMessages.unexpected };
  }
}

/** Executes the member's quote, exactly once; an expired quote says so (the page offers a new one). */
export async function confirmSwap(
  db: Db,
  member: SwapMember,
  input: { quoteId: string; now: Date },
): Promise<ConfirmSwapResult> {
  try {
    const result = await executeSwapQuote(db, { ...member, quoteId: input.quoteId, now: input.now });
    if (result.ok) {
      const { quote } = result;
      return {
        ok: true,
        message: result.message,
        paid: formatSwapAmount(quote.fromAmountMinor, quote.from),
        received: formatSwapAmount(quote.toAmountMinor, quote.to),
      };
    }
    return { ok: false, status: 409, message: result.message, expired: result.reason === "expired" };
  } catch (error) {
    log.error("swap failed", { error });
    return { ok: false, status: 500, message: swapMessages.unexpected };
  }
}

export interface SwapBoardView {
  /** Available balance of each swap currency, minor units as text. */
  available: Record<SwapCurrency, string>;
  /** USD price of each quoted symbol (USD itself is 1), exact decimal text. */
  prices: Record<string, string>;
  freshness: { asOf: string | null; stale: boolean; sample: boolean };
  spreadBps: number;
}

/** The swap page: the member's balances, the latest prices and how fresh they are, the spread. */
export async function swapBoardView(
  db: Db,
  member: SwapMember,
  options: { now: Date; staleSeconds: number },
): Promise<SwapBoardView> {
  const [balances, quotes, spreadBps] = await Promise.all([
    getBalances(db, { ledger: member.ledger, userId: member.userId }),
    getQuotes(db, { now: options.now, staleSeconds: options.staleSeconds }),
    getSwapSpreadBps(db),
  ]);
  const prices: Record<string, string> = { USD: "1" };
  for (const q of quotes.quotes) prices[q.symbol.toUpperCase()] = q.priceUsd;
  return {
    available: Object.fromEntries(
      SWAP_CURRENCIES.map((c) => [c, balances[c].available.toString()]),
    ) as Record<SwapCurrency, string>,
    prices,
    freshness: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
    spreadBps,
  };
}

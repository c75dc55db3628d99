// The member's stake and early exit, as workflows (codebase guide §13): validate with the schema
// the browser used, add what only the server knows (balance, price, the products), open or end
// the stake once. The route (/stake, /fixed-etf) reads the form and answers with the result.
// A refusal carries the seed's 'Staking failed. Please try again.' and the reason; an unexpected
// failure the seed's 'An error occurred. Please try again.'
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import { isCryptoAsset } from "../money/assets.ts";
import type { StakeReceipt } from "./action-data.ts";
import { openStake } from "./open.server.ts";
import type { StakePosition } from "./positions.server.ts";
import { listStakingProducts } from "./products.server.ts";
import { type StakeFieldErrors, stakeMessages, validateStakeForm } from "./schemas.ts";
import { exitStakeEarly } from "./settle.server.ts";

/** The member and the ledger of their current account mode. */
export interface StakingMember {
  userId: string;
  ledger: Ledger;
}

export type SubmitStakeResult =
  | { ok: true; receipt: StakeReceipt }
  | {
      ok: false;
      status: 400 | 409 | 500;
      /** Beside the fields: the schema's messages, or a balance or minimum the server found. */
      errors?: StakeFieldErrors;
      formError?: string;
      reason?: string;
    };

export type EndStakeResult =
  | { ok: true; exited: string }
  | { ok: false; status: 400 | 409 | 500; message: string };

function receiptOf(p: StakePosition): StakeReceipt {
  return {
    positionId: p.id.toString(),
    asset: p.asset,
    amountMinor: p.amountMinor.toString(),
    rewardMinor: p.rewardMinor.toString(),
    aprBps: p.aprBps,
    durationDays: p.durationDays,
    maturesAt: p.maturesAt.toISOString(),
  };
}

/**
 * Opens a stake from the form. Refusals, in order: no wallet (asset) chosen; the fields (amount,
 * minimum, balance, duration); no fresh price; a malformed idempotency key; then whatever the
 * product refuses under its lock (pool, capacity, member maximum, a balance spent meanwhile).
 * A retried request with the same key returns the same stake.
 */
export async function submitStake(
  db: Db,
  member: StakingMember,
  input: { asset: string; amount: unknown; durationDays: unknown; idempotencyKey: string },
  options: { now: Date; staleSeconds: number },
): Promise<SubmitStakeResult> {
  const { asset } = input;
  if (!isCryptoAsset(asset)) return { ok: false, status: 400, formError: stakeMessages.noWallet };
  const { now } = options;
  try {
    const [balances, price, products] = await Promise.all([
      getBalances(db, { ledger: member.ledger, userId: member.userId }),
      getUsdPrice(db, asset, { now, staleSeconds: options.staleSeconds }),
      listStakingProducts(db, { asset, enabledOnly: true }),
    ]);
    const durationText = String(input.durationDays ?? "");
    const chosen = products.find((p) => String(p.durationDays) === durationText);
    const minimum = chosen?.minimumUsdMinor ?? products[0]?.minimumUsdMinor ?? 0n;
    const checked = validateStakeForm(
      {
        asset,
        availableMinor: balances[asset].available,
        priceUsd: price?.priceUsd ?? null,
        minimumUsdMinor: minimum,
        durations: products.map((p) => p.durationDays),
      },
      { amount: input.amount, durationDays: input.durationDays },
    );
    if (!checked.ok) return { ok: false, status: 400, errors: checked.errors };
    if (!price || price.stale) {
      return { ok: false, status: 409, formError: stakeMessages.refused, reason: stakeMessages.noPrice };
    }
    if (!/^[\w-]{8,100}$/.test(input.idempotencyKey)) {
      return { ok: false, status: 400, formError: stakeMessages.refused };
    }
    const result = await openStake(db, {
      ledger: member.ledger,
      userId: member.userId,
      asset,
      durationDays: checked.value.durationDays,
      amountMinor: checked.value.amountMinor,
      idempotencyKey: input.idempotencyKey,
      priceUsd: price.priceUsd,
      now,
    });
    if (!result.ok) {
      // A balance or minimum problem belongs to the amount field (the seed's messages); anything
      // else the server refused is the seed's 'Staking failed. Please try again.' with the reason.
      return result.reason === "insufficient_balance" || result.reason === "below_minimum"
        ? { ok: false, status: 409, errors: { amount: result.message } }
        : { ok: false, status: 409, formError: stakeMessages.refused, reason: result.message };
    }
    return { ok: true, receipt: receiptOf(result.position) };
  } catch (error) {
    log.error("stake failed", { error });
    return { ok: false, status: 500, formError: stakeMessages.unexpected };
  }
}

/** Ends the member's open stake early (principal back, reward back to the pool), once. */
export async function endStakeEarly(
  db: Db,
  member: StakingMember,
  input: { positionId: string; now: Date },
): Promise<EndStakeResult> {
  const id = input.positionId;
  if (!/^\d{1,18}$/.test(id)) return { ok: false, status: 400, message: stakeMessages.refused };
  try {
    const result = await exitStakeEarly(db, {
      ledger: member.ledger,
      userId: member.userId,
      positionId: BigInt(id),
      now: input.now,
    });
    return result.ok ? { ok: true, exited: id } : { ok: false, status: 409, message: result.message };
  } catch (error) {
    log.error("early exit failed", { error });
    return { ok: false, status: 500, message: stakeMessages.unexpected };
  }
}

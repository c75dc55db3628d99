// The demo balance reset (ADR 0071): the money transaction (resetDemoAccount) and the member's
// workflow around it (resetDemoBalance: demo mode only, rate limit, audit). Only the demo ledger
// is ever written; the real one is not read either.
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { lockPendingHolds, voidHold } from "../ledger/holds.server.ts";
import { findEntry, getBalances, lockBalances, postEntry } from "../ledger/ledger.server.ts";
import { DEMO_FUNDING_USD_MINOR, DEMO_RESET_METHOD } from "../ledger/types.ts";
import { closeClearedStakes, lockOpenStakes, releasedRewardPostings } from "../staking/clear.server.ts";
import {
  type AccountsEnv,
  audit,
  type CurrentSession,
  type RequestMeta,
  throttled,
} from "./common.server.ts";
import { demoResetMessages, demoResetPostings, isDemoResetKey } from "./demo-reset.ts";
import { listMemberAccounts } from "./member-accounts.server.ts";
import { consume, limits } from "./rate-limit.server.ts";

export interface DemoReset {
  /**
   * reset: the entry was written now; replayed: this key already reset the account (nothing new
   * was written); unchanged: the account already held exactly the starting funds, nothing else.
   */
  outcome: "reset" | "replayed" | "unchanged";
  entryId: bigint | null;
  operationId: bigint | null;
  stakesClosed: number;
  holdsReleased: number;
}

/** The key was used before by something other than this member's reset. */
export class DemoResetKeyConflictError extends Error {
  constructor(key: string) {
    super(`The idempotency key "${key}" belongs to another entry.`);
    this.name = "DemoResetKeyConflictError";
  }
}

/**
 * Brings the member's demo account back to its starting funds, in one transaction: their open
 * demo stakes, pending demo holds and demo balances are locked (in the maturity job's order:
 * stakes, then balances); pending holds are released (held → available, one void entry each, as
 * a cancelled withdrawal would be); then ONE entry takes every demo balance to zero and USD
 * available to DEMO_FUNDING_USD_MINOR against demo_funding, hands the stakes' reserved rewards
 * back to the pool, and is recorded as a completed Deposit the history calls a demo balance reset;
 * the stakes end "exited", settled by that entry. A second call with the same key returns the
 * first result and writes nothing (a double click resets once). When the account already holds
 * exactly the starting funds and nothing else, nothing is written ("unchanged"): an entry needs
 * postings, and there is nothing to record.
 */
export async function resetDemoAccount(
  db: Db,
  input: { userId: string; idempotencyKey: string; now: Date },
): Promise<DemoReset> {
  const { userId, idempotencyKey: key } = input;
  return withTx(db, async (tx) => {
    const stakes = await lockOpenStakes(tx, { ledger: "demo", userId });
    const holds = await lockPendingHolds(tx, { ledger: "demo", userId });
    await lockBalances(tx, { ledger: "demo", userId });
    // Checked under the locks: a twin request waits above until the first commits, then finds it.
    const previous = await findEntry(tx, key);
    if (previous) {
      if (previous.ledger !== "demo" || previous.code !== "demo.reset" || previous.userId !== userId)
        throw new DemoResetKeyConflictError(key);
      const none = { stakesClosed: 0, holdsReleased: 0 };
      return { outcome: "replayed", entryId: previous.entryId, operationId: previous.operationId, ...none };
    }
    for (const hold of holds) {
      await voidHold(tx, {
        holdId: hold.id,
        idempotencyKey: `${key}:release:${hold.id}`,
        references: { reason: demoResetMessages.holdReleased },
      });
    }
    const balances = await getBalances(tx, { ledger: "demo", userId });
    const postings = [...demoResetPostings(userId, balances), ...releasedRewardPostings(stakes, "demo")];
    if (postings.length === 0) {
      return { outcome: "unchanged", entryId: null, operationId: null, stakesClosed: 0, holdsReleased: 0 };
    }
    const entry = await postEntry(tx, {
      idempotencyKey: key,
      code: "demo.reset",
      ledger: "demo",
      postings,
      operation: {
        create: {
          userId,
          type: "deposit",
          status: "completed",
          asset: "USD",
          amount: DEMO_FUNDING_USD_MINOR,
          references: { method: DEMO_RESET_METHOD },
        },
      },
    });
    await closeClearedStakes(tx, stakes, {
      entryId: entry.entryId,
      now: input.now,
      reason: demoResetMessages.stakeEnded,
    });
    // The member's other tabs re-read their balances (ADR 0069); sent only if this commits.
    await publishAccountEvent(tx, userId, {
      kind: "demo-reset",
      id: entry.entryId.toString(),
      status: "done",
      amountMinor: DEMO_FUNDING_USD_MINOR.toString(),
    });
    return {
      outcome: "reset",
      entryId: entry.entryId,
      operationId: entry.operationId,
      stakesClosed: stakes.length,
      holdsReleased: holds.length,
    };
  });
}

export type ResetDemoBalanceResult =
  | { ok: true; reset: boolean; message: string }
  | { ok: false; status: 400 | 403 | 429 | 500; message: string };

/**
 * The member's "Reset demo balance", confirmed in a dialog: only for a session working in the
 * member's demo account (a real-mode request is refused, whatever it sends), at most
 * limits.demoResetPerUser an hour, audited once per reset ("demo-balance-reset", in the reset's
 * transaction). `formKey` is the key the page rendered into the form: a double submit resets once.
 */
export async function resetDemoBalance(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { formKey: unknown },
  meta: RequestMeta,
): Promise<ResetDemoBalanceResult> {
  const userId = current.user.id;
  if (current.session.accountMode !== "demo")
    return { ok: false, status: 403, message: demoResetMessages.notDemo };
  if (!isDemoResetKey(input.formKey)) return { ok: false, status: 400, message: demoResetMessages.staleForm };
  const formKey = input.formKey;
  try {
    const accounts = await listMemberAccounts(db, userId);
    if (!accounts.some((a) => a.mode === "demo"))
      return { ok: false, status: 403, message: demoResetMessages.noDemoAccount };
    const limited = await consume(db, `demo-reset:${userId}`, limits.demoResetPerUser, env.clock);
    if (!limited.allowed)
      return { ok: false, status: 429, message: throttled(limited.retryAfterSeconds).message };
    const result = await withTx(db, async (tx) => {
      const reset = await resetDemoAccount(tx, {
        userId,
        // Keys are global to the ledger: the member's id keeps one member's key off another's.
        idempotencyKey: `demo-reset:${userId}:${formKey}`,
        now: env.clock.now(),
      });
      if (reset.outcome !== "replayed") {
        await audit(tx, env, meta, "demo-balance-reset", userId, {
          outcome: reset.outcome,
          entryId: reset.entryId?.toString() ?? null,
          stakesClosed: reset.stakesClosed,
          holdsReleased: reset.holdsReleased,
        });
      }
      return reset;
    });
    const reset = result.outcome !== "unchanged";
    return { ok: true, reset, message: reset ? demoResetMessages.done : demoResetMessages.unchanged };
  } catch (error) {
    log.error("demo balance reset failed", { error });
    return { ok: false, status: 500, message: demoResetMessages.unexpected };
  }
}

// Closing an account (ADR 0086): only with nothing left in it and nothing under way, confirmed with
// the password (and a two-factor code when it is on, as turning two-factor off asks); every
// session ends and the member is told by e-mail in the same transaction. Nobody signs in again.
import { sql } from "drizzle-orm";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import {
  type AccountsEnv,
  audit,
  type CurrentSession,
  type RequestMeta,
  throttled,
} from "../accounts/common.server.ts";
import { checkSignInAllowed, consume, limits, recordSignInFailure } from "../accounts/rate-limit.server.ts";
import { messages } from "../accounts/schemas.ts";
import { claimTotpStep } from "../accounts/totp-steps.server.ts";
import { passwordMatches, spendRecovery } from "../accounts/two-factor.server.ts";
import { getBalances, lockBalances } from "../ledger/ledger.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatWithSymbol } from "../money/amount.ts";
import { ASSETS } from "../money/assets.ts";

/** One thing that keeps the account open, and where the member goes to settle it. */
export interface ClosureBlocker {
  kind: "staff" | "balance" | "withdrawal" | "deposit" | "stake" | "membership" | "recurring";
  text: string;
  href: string;
  linkText: string;
}

const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/**
 * Everything that keeps the member's account open: money on the real ledger (available, held or
 * staked), withdrawals not finished, deposits seen on the chain but not yet credited, open stakes,
 * a membership that will renew, and active recurring buys. The demo ledger's virtual funds never
 * block. Pass a transaction to read the balances locked (closeAccount does).
 */
export async function closureBlockers(db: Db, userId: string, options: { lock?: boolean } = {}) {
  const blockers: ClosureBlocker[] = [];
  const [member] = await queryRows<{ role: string }>(db, sql`select role from users where id = ${userId}`);
  if (member && member.role !== "member") {
    blockers.push({
      kind: "staff",
      text: `Your account has the staff role ${member.role}: an admin must take it back first.`,
      href: "/support/new",
      linkText: "Ask support",
    });
  }
  const balances = options.lock
    ? await lockBalances(db, { ledger: "real", userId })
    : await getBalances(db, { ledger: "real", userId });
  for (const asset of ASSETS) {
    const { available, held, staked } = balances[asset];
    if (available > 0n) {
      blockers.push({
        kind: "balance",
        text: `You have ${formatWithSymbol(available, asset)} available.`,
        href: "/withdrawal",
        linkText: `Withdraw your ${asset}`,
      });
    }
    if (held > 0n && !(await hasOpenWithdrawal(db, userId, asset))) {
      blockers.push({
        kind: "balance",
        text: `${formatWithSymbol(held, asset)} is on hold for a payment under way.`,
        href: "/transactions?status=pending",
        linkText: "See pending transactions",
      });
    }
    if (staked > 0n && !(await hasOpenStake(db, userId, asset))) {
      blockers.push({
        kind: "stake",
        text: `${formatWithSymbol(staked, asset)} is staked.`,
        href: "/stake",
        linkText: "See your stakes",
      });
    }
  }
  const withdrawals = await queryRows<{ id: string; asset: string; status: string; created_at: string }>(
    db,
    sql`select id::text, asset, status, created_at::text from withdrawals
        where user_id = ${userId} and status in ('unconfirmed', 'pending', 'approved') order by created_at`,
  );
  for (const w of withdrawals) {
    blockers.push({
      kind: "withdrawal",
      text: `Your ${w.asset} withdrawal of ${day(w.created_at)} is ${w.status === "unconfirmed" ? "waiting for your confirmation" : "under way"}.`,
      href: "/transactions?type=withdrawal&status=pending",
      linkText: "See the withdrawal",
    });
  }
  const deposits = await queryRows<{ asset: string; created_at: string }>(
    db,
    sql`select asset, created_at::text from deposits
        where user_id = ${userId} and status in ('detected', 'confirming') order by created_at`,
  );
  for (const d of deposits) {
    blockers.push({
      kind: "deposit",
      text: `A ${d.asset} deposit of ${day(d.created_at)} is arriving and not yet credited.`,
      href: "/transactions?type=deposit&status=pending",
      linkText: "See the deposit",
    });
  }
  const stakes = await queryRows<{ asset: string; matures_at: string }>(
    db,
    sql`select asset, matures_at::text from staking_positions
        where user_id = ${userId} and ledger = 'real' and status = 'open' order by matures_at`,
  );
  for (const s of stakes) {
    blockers.push({
      kind: "stake",
      text: `Your ${s.asset} stake is open until ${day(s.matures_at)}.`,
      href: "/stake",
      linkText: "See your stakes",
    });
  }
  const renewing = await queryRows<{ current_period_end: string }>(
    db,
    sql`select current_period_end::text from subscriptions
        where user_id = ${userId} and status in ('active', 'past_due') and not cancel_at_period_end`,
  );
  for (const m of renewing) {
    blockers.push({
      kind: "membership",
      text: `Your membership renews on ${day(m.current_period_end)}.`,
      href: "/settings/billing",
      linkText: "Turn off its renewal",
    });
  }
  const recurring = await queryRows<{ asset: string }>(
    db,
    sql`select asset from recurring_buys where user_id = ${userId} and ledger = 'real' and status = 'active'`,
  );
  for (const r of recurring) {
    blockers.push({
      kind: "recurring",
      text: `A recurring ${r.asset} buy is active.`,
      href: "/recurring",
      linkText: "Stop the recurring buy",
    });
  }
  return blockers;
}

async function hasOpenWithdrawal(db: Db, userId: string, asset: string) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from withdrawals where user_id = ${userId} and asset = ${asset}
        and status in ('unconfirmed', 'pending', 'approved') limit 1`,
  );
  return rows.length > 0;
}

async function hasOpenStake(db: Db, userId: string, asset: string) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from staking_positions where user_id = ${userId} and asset = ${asset}
        and ledger = 'real' and status = 'open' limit 1`,
  );
  return rows.length > 0;
}

export type CloseAccountResult =
  | { ok: true }
  | {
      ok: false;
      message: string;
      field?: "password" | "code";
      blockers?: ClosureBlocker[];
      retryAfterSeconds?: number;
    };

/**
 * Closes the member's account. Attempts count like turning two-factor off: against the account's
 * sign-in back-off and the member's budget of 10 per 15 minutes. The checks are made again inside
 * the closing transaction with the member's balances locked, so a deposit credited at the same
 * moment either lands first (and blocks) or waits for the closure (and is refused nothing: the
 * anonymisation job skips an account that holds money, ADR 0086).
 */
export async function closeAccount(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { password: string; code: string },
  meta: RequestMeta,
  retentionDays: number,
): Promise<CloseAccountResult> {
  const userId = current.user.id;
  const failed = (reason: string) => audit(db, env, meta, "account-close-failed", userId, { reason });
  const accountKey = `acct:${current.user.email.trim().toLowerCase()}`;
  const backoff = await checkSignInAllowed(db, accountKey, env.clock);
  const budget = backoff.allowed
    ? await consume(db, `close-account:${userId}`, limits.twoFactorPerUser, env.clock)
    : backoff;
  if (!budget.allowed) {
    await failed("throttled");
    return throttled(budget.retryAfterSeconds);
  }
  if (!(await passwordMatches(db, userId, input.password))) {
    await recordSignInFailure(db, accountKey, env.clock);
    await failed("wrong-password");
    return { ok: false, message: "Your password is not correct.", field: "password" };
  }
  if (current.user.twoFactorEnabled) {
    const code = input.code.replace(/\s+/g, "");
    const proven = /^\d{6}$/.test(code)
      ? await claimTotpStep(db, env, userId, code)
      : await spendRecovery(env, code, meta);
    if (!proven) {
      await recordSignInFailure(db, accountKey, env.clock);
      await failed("wrong-code");
      return { ok: false, message: messages.invalidCode, field: "code" };
    }
  }
  const now = env.clock.now();
  const anonymiseAfter = new Date(now.getTime() + retentionDays * 86_400_000);
  return withTx(db, async (tx): Promise<CloseAccountResult> => {
    const [row] = await queryRows<{ closed_at: string | null; email: string }>(
      tx,
      sql`select closed_at::text, email from users where id = ${userId} for update`,
    );
    if (!row) return { ok: false, message: messages.unexpected };
    // A second click that raced the first finds the account closed: nothing more to do or to say.
    if (row.closed_at) return { ok: true };
    const blockers = await closureBlockers(tx, userId, { lock: true });
    if (blockers.length > 0) {
      await audit(tx, env, meta, "account-close-failed", userId, {
        reason: "blocked",
        blockers: blockers.map((b) => b.kind),
      });
      return { ok: false, message: "Your account cannot be closed yet.", blockers };
    }
    await tx.execute(
      sql`update users set closed_at = ${now}, anonymise_after = ${anonymiseAfter}, updated_at = ${now}
          where id = ${userId}`,
    );
    const ended = await queryRows<{ id: string }>(
      tx,
      sql`delete from sessions where user_id = ${userId} returning id`,
    );
    await audit(tx, env, meta, "account-closed", userId, {
      sessionsEnded: ended.length,
      anonymiseAfter: anonymiseAfter.toISOString(),
    });
    await enqueueEmail(tx, `account-closed:${userId}`, {
      to: row.email,
      template: "account-closed",
      data: { closedAt: now.toISOString(), anonymiseAfter: anonymiseAfter.toISOString() },
    });
    return { ok: true };
  });
}

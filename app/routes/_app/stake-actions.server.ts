// What /stake and /fixed-etf share: the loader's board and the stake and early-exit actions. Each
// reads the session (and the form), calls the staking domain (app/domain/staking/member.server.ts,
// views.server.ts) and answers with its result.
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import type { StakeActionData } from "~/domain/staking/action-data.ts";
import { endStakeEarly, submitStake } from "~/domain/staking/member.server.ts";
import { stakeBoardView } from "~/domain/staking/views.server.ts";
import {
  emailUnconfirmedMessage,
  needsEmailConfirmation,
  type RouteArgs,
  requireSession,
} from "~/utils/auth.server.ts";

/**
 * The member's staking board, the asset the address asks for (`?asset=`, upper-cased, unchecked)
 * and what both pages show beside it: positions, prices, the referral link and a fresh
 * idempotency key for the stake form.
 */
export async function stakeBoardLoader(args: RouteArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  const board = await stakeBoardView(getDb(), {
    ledger: session.session.accountMode,
    userId: session.user.id,
    now: new Date(),
    staleSeconds: config.market.staleSeconds,
  });
  const requested = (new URL(args.request.url).searchParams.get("asset") ?? "").toUpperCase();
  const shared = {
    positions: board.positions,
    prices: board.prices,
    referralCode: board.referralCode,
    referralUrl: board.referralCode
      ? `${config.publicUrl}/signup?ref=${encodeURIComponent(board.referralCode)}`
      : null,
    brand: config.brand.name,
    idempotencyKey: randomUUID(),
    mode: session.session.accountMode,
    needsEmailConfirmation: needsEmailConfirmation(session),
  };
  return { coins: board.coins, requested, shared };
}

export async function stakeAction(args: RouteArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = formValues(await args.request.formData());
  const intent = form.intent ?? "stake";
  if (needsEmailConfirmation(session)) {
    return intent === "exit"
      ? data({ intent: "exit", exitError: emailUnconfirmedMessage } as StakeActionData, 403)
      : data({ intent: "stake", ok: false, formError: emailUnconfirmedMessage } as StakeActionData, 403);
  }
  const now = new Date();

  if (intent === "exit") {
    const result = await endStakeEarly(getDb(), member, {
      positionId: form.positionId ?? "",
      now,
    });
    return result.ok
      ? ({ intent: "exit", exited: result.exited } as StakeActionData)
      : data({ intent: "exit", exitError: result.message } as StakeActionData, result.status);
  }

  const result = await submitStake(
    getDb(),
    member,
    {
      asset: form.asset ?? "",
      amount: form.amount,
      durationDays: form.durationDays,
      idempotencyKey: form.idempotencyKey ?? "",
    },
    { now, staleSeconds: getConfig().market.staleSeconds },
  );
  if (result.ok) return { intent: "stake", ok: true, receipt: result.receipt } as StakeActionData;
  const { ok: _ok, status, ...refusal } = result;
  return data({ intent: "stake", ok: false, ...refusal } as StakeActionData, status);
}

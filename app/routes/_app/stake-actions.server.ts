// The stake and early-exit actions shared by /stake and /fixed-etf: read the session and the
// form, call the domain's workflow (app/domain/staking/member.server.ts), answer with its result.
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import type { StakeActionData } from "~/domain/staking/action-data.ts";
import { endStakeEarly, submitStake } from "~/domain/staking/member.server.ts";
import {
  emailUnconfirmedMessage,
  needsEmailConfirmation,
  type RouteArgs,
  requireSession,
} from "~/utils/auth.server.ts";

export async function stakeAction(args: RouteArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "stake");
  if (needsEmailConfirmation(session)) {
    return intent === "exit"
      ? data({ intent: "exit", exitError: emailUnconfirmedMessage } as StakeActionData, 403)
      : data({ intent: "stake", ok: false, formError: emailUnconfirmedMessage } as StakeActionData, 403);
  }
  const now = new Date();

  if (intent === "exit") {
    const result = await endStakeEarly(getDb(), member, {
      positionId: String(form.get("positionId") ?? ""),
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
      asset: String(form.get("asset") ?? ""),
      amount: form.get("amount") ?? undefined,
      durationDays: form.get("durationDays") ?? undefined,
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    },
    { now, staleSeconds: getConfig().market.staleSeconds },
  );
  if (result.ok) return { intent: "stake", ok: true, receipt: result.receipt } as StakeActionData;
  const { ok: _ok, status, ...refusal } = result;
  return data({ intent: "stake", ok: false, ...refusal } as StakeActionData, status);
}

// The stake and early-exit actions shared by /stake and /fixed-etf: read the session and the
// form, call the domain's workflow (app/domain/staking/member.server.ts), answer with its result.
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import type { StakeActionData } from "~/domain/staking/action-data.ts";
import { endStakeEarly, submitStake } from "~/domain/staking/member.server.ts";
import { type RouteArgs, requireVerifiedSession } from "~/utils/auth.server.ts";

export async function stakeAction(args: RouteArgs) {
  const session = await requireVerifiedSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = formValues(await args.request.formData());
  const intent = form.intent ?? "stake";
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

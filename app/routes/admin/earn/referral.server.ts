// /admin/earn, the referral reward (intent "referral", ADR 0084).
import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { setReferralRewardByAdmin } from "~/domain/earn/admin.server.ts";
import { parseReferralRewardForm } from "~/domain/earn/admin-forms.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";
import { formatAmount } from "~/domain/money/amount.ts";

export async function saveReferralReward({ actor, values }: EarnSubmission) {
  const parsed = parseReferralRewardForm(values);
  if (!parsed.ok) return data<EarnActionData>({ intent: "referral", errors: parsed.errors, values }, 400);
  await setReferralRewardByAdmin(getDb(), actor, parsed.value);
  const reward = parsed.value;
  return data<EarnActionData>({
    intent: "done",
    message: reward
      ? `Referral reward saved: ${formatAmount(reward.amountMinor, reward.asset)} ${reward.asset} from the ${reward.asset} rewards pool, while it holds enough.`
      : "Referral reward removed: none is offered or shown.",
  });
}

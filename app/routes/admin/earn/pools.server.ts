// /admin/earn, rewards pools and treasuries: proposing a funding (intents "fund-pool" and
// "fund-treasury"). Money made by hand needs a second admin (ADR 0055 addendum): this only
// records the proposal; the approval under Approvals posts it.
import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { proposeFunding } from "~/domain/approvals/manual-entries.server.ts";
import { parseFundingForm } from "~/domain/earn/admin-forms.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";
import { formatAmount } from "~/domain/money/amount.ts";

export async function proposePoolFunding({ actor, intent, values }: EarnSubmission) {
  const target = intent === "fund-pool" ? "pool" : "treasury";
  const parsed = parseFundingForm(target, values);
  if (!parsed.ok) return data<EarnActionData>({ intent: "fund", errors: parsed.errors, values }, 400);
  const key = values.key ?? "";
  if (!/^[\w-]{8,100}$/.test(key)) throw data({ message: "Reload the page and try again." }, { status: 400 });
  const { ledger, asset, amountMinor } = parsed.value;
  const result = await proposeFunding(getDb(), actor, {
    ...parsed.value,
    idempotencyKey: `admin-fund:${key}`,
  });
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  const what = target === "pool" ? "rewards pool" : "treasury";
  return data<EarnActionData>({
    intent: "done",
    message: result.replayed
      ? `That funding was already recorded; nothing changed.`
      : `Recorded: ${formatAmount(amountMinor, asset, { grouping: true })} ${asset} for the ${ledger} ${asset} ${what}. It is funded when a second admin approves it under Approvals.`,
  });
}

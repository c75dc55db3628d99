// /admin/earn, the swap spread (intent "spread").
import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { setSwapSpreadByAdmin } from "~/domain/earn/admin.server.ts";
import { parseSpreadForm } from "~/domain/earn/admin-forms.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";

export async function saveSpread({ actor, values }: EarnSubmission) {
  const parsed = parseSpreadForm(values);
  if (!parsed.ok) return data<EarnActionData>({ intent: "spread", errors: parsed.errors, values }, 400);
  await setSwapSpreadByAdmin(getDb(), actor, parsed.value);
  return data<EarnActionData>({
    intent: "done",
    message: `Swap spread saved: ${parsed.value} basis points.`,
  });
}

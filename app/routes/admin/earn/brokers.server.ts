// /admin/earn, /buy's brokers: adding or editing one (intent "broker"), showing or hiding one
// (intent "broker-shown").
import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { addBroker, editBroker, setBrokerShown } from "~/domain/earn/admin.server.ts";
import { parseBrokerForm } from "~/domain/earn/admin-forms.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";
import { parseId } from "~/domain/forms.ts";

const noSuchBroker = () => data({ message: "This broker does not exist." }, { status: 404 });

export async function saveBroker({ actor, values }: EarnSubmission) {
  const db = getDb();
  const parsed = parseBrokerForm(values);
  if (!parsed.ok) return data<EarnActionData>({ intent: "broker", errors: parsed.errors, values }, 400);
  if (values.id === "new") {
    const id = await addBroker(db, actor, parsed.value);
    return redirect(`/admin/earn?done=broker&id=${id}`);
  }
  const id = parseId(values.id);
  const result = id === null ? null : await editBroker(db, actor, id, parsed.value);
  if (!result?.ok) throw noSuchBroker();
  return redirect(`/admin/earn?done=broker&id=${id}`);
}

export async function showBroker({ actor, values }: EarnSubmission) {
  const id = parseId(values.id);
  const shown = values.shown === "true";
  const result = id === null ? null : await setBrokerShown(getDb(), actor, id, shown);
  if (!result?.ok) throw noSuchBroker();
  return data<EarnActionData>({
    intent: "done",
    message: shown ? `${result.name} is shown on /buy again.` : `${result.name} is hidden from /buy.`,
  });
}

// The smart-money pages' one form: an analyst's note on a transfer (ADR 0085).
import type { Db } from "../../db/client.server.ts";
import { formText } from "../forms.ts";
import type { Requester } from "../payments/permissions.ts";
import { annotateTransfer } from "./smart-money.server.ts";

export type NoteAnswer = { ok: true } | { ok: false; errors: Record<string, string> };

/** 403 and 404 are thrown by the route (the same answer as a page that is not there). */
export async function noteAction(
  db: Db,
  requester: Requester & { user: { id: string } },
  form: FormData,
  ip?: string,
): Promise<NoteAnswer | { ok: false; status: 403 | 404; message: string }> {
  const transferId = formText(form.get("transferId"));
  const result = await annotateTransfer(db, { requester, transferId, body: formText(form.get("body")), ip });
  if (result.ok) return { ok: true };
  if (result.status === 400) return { ok: false, errors: { [transferId]: result.message } };
  return result;
}

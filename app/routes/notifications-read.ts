import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import {
  markAllNotificationsRead,
  markNotificationRead,
} from "~/domain/notifications/notifications.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/notifications-read";

/**
 * POST /notifications/read — the header bell marks the signed-in member's notifications read: one
 * (id) when it is opened, or all. Only the member's own rows change; the shell re-reads after.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const form = await args.request.formData();
  const id = parseId(form.get("id"));
  if (form.get("all") === "1") {
    return { ok: true, marked: await markAllNotificationsRead(getDb(), session.user.id) };
  }
  if (id === null) throw data("Say which notification.", { status: 400 });
  await markNotificationRead(getDb(), session.user.id, id);
  return { ok: true, marked: 1 };
}

export function loader() {
  throw data("Not found", { status: 404 });
}

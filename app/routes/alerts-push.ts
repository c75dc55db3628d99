import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { pushAction } from "~/domain/push/actions.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/alerts-push";

/**
 * POST /alerts/push — this device's Web Push subscription (intent = subscribe, with endpoint,
 * p256dh and auth from PushSubscription.toJSON()), or its removal (intent = unsubscribe, endpoint).
 * Called by the card on /alerts after the member turned notifications on or off (ADR 0079).
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const answer = await pushAction(
    getDb(),
    session.user.id,
    await args.request.formData(),
    args.request.headers.get("user-agent"),
  );
  return data(answer, { status: answer.ok ? 200 : 400 });
}

export function loader() {
  throw data("Not found", { status: 404 });
}

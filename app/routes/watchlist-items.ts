import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { watchlistItemAction } from "~/domain/alerts/watchlist-items.server.ts";
import { sameSitePath } from "~/domain/alerts/watchlist-items.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/watchlist-items";

/**
 * POST /watchlists/items — "Add to watchlist" from the screener and the research pages: intent
 * add | remove (id, symbol) or create (name, symbol). A page with JavaScript asks for the answer
 * (reply=json) and shows it in place; a plain form POST goes back to the same-site page it came
 * from (redirectTo), or shows the error.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const form = await args.request.formData();
  const answer = await watchlistItemAction(getDb(), session.user.id, form, {
    staleSeconds: getConfig().market.staleSeconds,
  });
  if (form.get("reply") === "json") return data(answer, { status: answer.ok ? 200 : 400 });
  if (!answer.ok) throw data(answer.error, { status: 400 });
  return redirect(sameSitePath(form.get("redirectTo")));
}

export function loader() {
  throw data("Not found", { status: 404 });
}

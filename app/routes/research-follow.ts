import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { consume, limits } from "~/domain/accounts/rate-limit.server.ts";
import { follow, isFollowable, unfollow } from "~/domain/research/follows.server.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/research-follow";

/**
 * POST /research/follow — the signed-in member follows or stops following an asset or an analyst
 * (kind, target, intent = follow | unfollow), then goes back to the same-site page they were on.
 * Only real targets: a tracked asset, or a user who writes research.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const db = getDb();
  const form = await args.request.formData();
  const kind = String(form.get("kind") ?? "");
  const target = String(form.get("target") ?? "");
  const intent = String(form.get("intent") ?? "");
  const back = String(form.get("redirectTo") ?? "/research");
  const decision = await consume(
    db,
    `research-follow:${session.user.id}`,
    limits.followsPerUser,
    systemClock,
  );
  if (!decision.allowed) throw data("Too many changes this hour. Try again later.", { status: 429 });
  if ((kind !== "asset" && kind !== "analyst") || !(await isFollowable(db, kind, target))) {
    throw data("There is nothing to follow by that name.", { status: 400 });
  }
  if (intent === "follow") await follow(db, session.user.id, kind, target);
  else if (intent === "unfollow") await unfollow(db, session.user.id, kind, target);
  else throw data("Unknown action.", { status: 400 });
  // Only a path on this site (never //elsewhere): an open redirect would lend our name to phishing.
  return redirect(back.startsWith("/") && !back.startsWith("//") ? back : "/research");
}

export function loader() {
  throw data("Not found", { status: 404 });
}

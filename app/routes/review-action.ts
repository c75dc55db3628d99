import { createHash } from "node:crypto";
import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { requestContext } from "~/context.server.ts";
import { getDb } from "~/db/db.server.ts";
import { flagReview, voteUseful } from "~/domain/reviews/reviews.server.ts";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/review-action";

/** POST /reviews/:id/useful (members) and /reviews/:id/flag (anyone; one report each). */
export async function action(args: Route.ActionArgs) {
  const { params } = args;
  const session = await getSession(args);
  const db = getDb();
  if (params.op === "useful") {
    if (!session) return data({ ok: false, message: "Sign in to vote." }, { status: 401 });
    const result = await voteUseful(db, params.id, session.user.id);
    return data(result, { status: result.ok ? 200 : 404 });
  }
  if (params.op === "flag") {
    // Visitors are told apart by a hash of their address, so we never store the address itself.
    const ip = args.context.get(requestContext).ip ?? "unknown";
    const reporter = session
      ? `user:${session.user.id}`
      : `ip:${createHash("sha256").update(`${getConfig().sessionSecret}:${ip}`).digest("hex").slice(0, 32)}`;
    const result = await flagReview(db, params.id, reporter);
    return data(result, { status: result.ok ? 200 : 404 });
  }
  throw data(null, { status: 404 });
}

export function loader() {
  throw data(null, { status: 405 });
}

import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { requestContext } from "~/context.server.ts";
import { getDb } from "~/db/db.server.ts";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { flagReview, reviewReporterKey, voteUseful } from "~/domain/reviews/reviews.server.ts";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/review-action";

/**
 * POST /reviews/:id/useful (members) and /reviews/:id/flag (anyone; one report each).
 *
 * The landing page's script and the hydrated cards post in the background and read the JSON.
 * Without JavaScript the browser submits the form itself (a navigation), and a page of JSON
 * would be a dead end: it is sent back to the card it came from, which the server renders in
 * its new state (voted; reported — for a visitor through `?reported=<id>`, because a visitor's
 * report is keyed by address and others behind the same address must not see it as theirs).
 */
export async function action(args: Route.ActionArgs) {
  const { params, request } = args;
  const session = await getSession(args);
  const db = getDb();
  const back = backToCard(request, params.id);
  if (params.op === "useful") {
    if (!session) {
      if (back) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
      return data({ ok: false, message: "Sign in to vote." }, { status: 401 });
    }
    const result = await voteUseful(db, params.id, session.user.id);
    if (back) return redirect(back, 303);
    return data(result, { status: result.ok ? 200 : 404 });
  }
  if (params.op === "flag") {
    const reporter = reviewReporterKey({
      userId: session?.user.id ?? null,
      ip: args.context.get(requestContext).ip,
      secret: getConfig().sessionSecret,
    });
    const result = await flagReview(db, params.id, reporter);
    if (back) return redirect(session ? back : withReported(back, params.id), 303);
    return data(result, { status: result.ok ? 200 : 404 });
  }
  throw data(null, { status: 404 });
}

/**
 * For a form the browser submitted itself (Sec-Fetch-Mode: navigate), the page it came from
 * (a path on this site only, never an open redirect) at the card; null for background requests.
 */
function backToCard(request: Request, reviewId: string): string | null {
  if (request.headers.get("sec-fetch-mode") !== "navigate") return null;
  const origin = new URL(request.url).origin;
  let path = "/";
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === origin) path = safeRedirect(`${from.pathname}${from.search}`, "/");
    } catch {
      // A malformed Referer: back to the landing page.
    }
  }
  return `${path}#review-${encodeURIComponent(reviewId)}`;
}

function withReported(back: string, reviewId: string): string {
  const url = new URL(back, "http://local.invalid");
  url.searchParams.set("reported", reviewId);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loader() {
  throw data(null, { status: 405 });
}

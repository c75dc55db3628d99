import {
  accountStreamCount,
  CLOSE,
  RESYNC,
  subscribeAccountEvents,
} from "~/domain/events/account-events.server.ts";
import type { AccountEvent } from "~/domain/events/account-events.ts";
import { log } from "~/log.server.ts";
import { getSession } from "~/utils/auth.server.ts";
import { eventStreamResponse, reconnectSoonMs } from "~/utils/event-stream.server.ts";
import type { Route } from "./+types/stream-account";

/** Tabs a member may keep live at once on one server; more would only hold sockets open. */
const MAX_STREAMS_PER_MEMBER = 8;
/** How often an open stream checks that its session still exists (signed out, revoked, expired). */
const SESSION_RECHECK_MS = 60_000;

const headers = { "Cache-Control": "no-store" } as const;

/**
 * GET /api/stream/account — Server-Sent Events for the signed-in member (ADR 0069): an `account`
 * event whenever their deposits, withdrawals, stakes or swaps change on any app server, a `resync`
 * when this server may have missed some, a comment every 25 s. Authorised by the session cookie;
 * the stream ends when the session does.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await getSession(args);
  if (!session) return Response.json({ error: "Sign in to follow your account." }, { status: 401, headers });
  const userId = session.user.id;
  if (accountStreamCount(userId) >= MAX_STREAMS_PER_MEMBER) {
    log.warn("account stream refused", { open: accountStreamCount(userId), max: MAX_STREAMS_PER_MEMBER });
    return Response.json(
      { error: "Too many live windows are open. Close a tab or try again later." },
      { status: 429, headers: { ...headers, "Retry-After": "30" } },
    );
  }
  return eventStreamResponse(args.request, (stream) => {
    const unsubscribe = subscribeAccountEvents(userId, (event) => {
      if (event === CLOSE) stream.close({ retryMs: reconnectSoonMs() });
      else if (event === RESYNC) stream.send("resync", {});
      else stream.send("account", event);
    });
    const recheck = setInterval(() => {
      getSession(args)
        .then((current) => {
          if (!current || current.session.id !== session.session.id) stream.close();
        })
        .catch(() => stream.close());
    }, SESSION_RECHECK_MS);
    return () => {
      clearInterval(recheck);
      unsubscribe();
    };
  });
}

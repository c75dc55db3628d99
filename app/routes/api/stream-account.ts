import {
  accountStreamCount,
  CLOSE,
  RESYNC,
  subscribeAccountEvents,
} from "~/domain/events/account-events.server.ts";
import type { AccountEvent } from "~/domain/events/account-events.ts";
import { log } from "~/log.server.ts";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/stream-account";

/** Tabs a member may keep live at once on one server; more would only hold sockets open. */
const MAX_STREAMS_PER_MEMBER = 8;
/** How often an open stream checks that its session still exists (signed out, revoked, expired). */
const SESSION_RECHECK_MS = 60_000;
const HEARTBEAT_MS = 25_000;

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
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (event: AccountEvent | typeof RESYNC | typeof CLOSE) => {
        if (event === CLOSE) cleanup();
        else if (event === RESYNC) write("event: resync\ndata: {}\n\n");
        else write(`event: account\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = subscribeAccountEvents(userId, send);
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      const recheck = setInterval(() => {
        getSession(args)
          .then((current) => {
            if (!current || current.session.id !== session.session.id) cleanup();
          })
          .catch(() => cleanup());
      }, SESSION_RECHECK_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (args.request.signal.aborted) {
        cleanup();
        return;
      }
      args.request.signal.addEventListener("abort", () => cleanup(), { once: true });
      write("retry: 5000\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "X-Accel-Buffering": "no",
      Connection: "close",
    },
  });
}

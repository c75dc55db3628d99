import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { type QuotesEvent, readQuotesEvent, subscribeQuotes } from "~/domain/market-data/service.server.ts";
import type { Route } from "./+types/stream-quotes";

/**
 * GET /api/stream/quotes — Server-Sent Events: one `quotes` event at once, then one whenever any
 * app server refreshes prices (PostgreSQL LISTEN/NOTIFY fans the signal out), and a comment every
 * 25 s so proxies keep the connection open. Compression is off for text/event-stream (server/main.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const initial = await readQuotesEvent(getDb(), getConfig().market.staleSeconds);
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
      const send = (event: QuotesEvent & { closing?: boolean }) => {
        if (event.closing) {
          cleanup();
          return;
        }
        write(`event: quotes\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = subscribeQuotes(send);
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), 25_000);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
      write("retry: 5000\n\n");
      send(initial);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      // The socket closes with the stream, so a stopping server is not held open by an idle keep-alive.
      Connection: "close",
    },
  });
}

import { getConfig } from "~/config.server.ts";
import { clientAddress } from "~/context.server.ts";
import { getDb } from "~/db/db.server.ts";
import { claimQuoteStreamSlot } from "~/domain/market-data/quote-stream-slots.server.ts";
import { type QuotesEvent, readQuotesEvent, subscribeQuotes } from "~/domain/market-data/service.server.ts";
import { log } from "~/log.server.ts";
import type { Route } from "./+types/stream-quotes";

/** How long a refused client should wait before it asks again. */
const retryAfterSeconds = 30;

const refusals = {
  "per-client": "Too many live price streams are open from your address. Close a tab or try again later.",
  total: "Too many live price streams are open on this server. Please try again later.",
} as const;

/**
 * GET /api/stream/quotes — Server-Sent Events: one `quotes` event at once, then one whenever any
 * app server refreshes prices (PostgreSQL LISTEN/NOTIFY fans the signal out), and a comment every
 * 25 s so proxies keep the connection open. Compression is off for text/event-stream (server/main.ts).
 * Each app server keeps at most QUOTE_STREAMS_PER_CLIENT streams per client address and
 * QUOTE_STREAMS_TOTAL in all; beyond either it answers 429 (ADR 0022).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getConfig();
  const slot = claimQuoteStreamSlot(clientAddress(context), config.market.quoteStreams);
  if (!slot.ok) {
    // Which limit and the count; never the address.
    log.warn("quote stream refused", { limit: slot.limit, open: slot.open, max: slot.max });
    return Response.json(
      { error: refusals[slot.limit] },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" } },
    );
  }
  let initial: QuotesEvent;
  try {
    initial = await readQuotesEvent(getDb(), config.market.staleSeconds);
  } catch (error) {
    slot.release();
    throw error;
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
      const send = (event: QuotesEvent & { closing?: boolean }) => {
        if (event.closing) {
          cleanup();
          return;
        }
        write(`event: quotes\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = subscribeQuotes(send);
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), 25_000);
      // Every way a stream ends comes here: the client goes away (abort), the response is cancelled,
      // the server shuts down (a closing event), or a write fails. The slot is freed once.
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        slot.release();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      // A client that left while the first quotes were read would never fire "abort" again.
      if (request.signal.aborted) {
        cleanup();
        return;
      }
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

import { getConfig } from "~/config.server.ts";
import { clientAddress } from "~/context.server.ts";
import { getDb } from "~/db/db.server.ts";
import { claimQuoteStreamSlot } from "~/domain/market-data/quote-stream-slots.server.ts";
import {
  currentQuotesEvent,
  type QuotesEvent,
  subscribeQuotes,
} from "~/domain/market-data/service.server.ts";
import { log } from "~/log.server.ts";
import { eventStreamResponse, reconnectSoonMs } from "~/utils/event-stream.server.ts";
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
    initial = await currentQuotesEvent(getDb(), config.market.staleSeconds);
  } catch (error) {
    slot.release();
    throw error;
  }
  return eventStreamResponse(request, (stream) => {
    const unsubscribe = subscribeQuotes((event: QuotesEvent & { closing?: boolean }) => {
      if (event.closing) stream.close({ retryMs: reconnectSoonMs() });
      else stream.send("quotes", event);
    });
    stream.send("quotes", initial);
    // Every way a stream ends comes here (the helper's one teardown): the slot is freed once.
    return () => {
      unsubscribe();
      slot.release();
    };
  });
}

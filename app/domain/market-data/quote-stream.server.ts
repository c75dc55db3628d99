import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/db.server.ts";
import { log } from "../../log.server.ts";
import type { EventStream } from "../../utils/event-stream.server.ts";
import { reconnectSoonMs } from "../../utils/event-stream.server.ts";
import { claimQuoteStreamSlot } from "./quote-stream-slots.server.ts";
import { currentQuotesEvent, type QuotesEvent, subscribeQuotes } from "./service.server.ts";

/** How long a refused client should wait before it asks again. */
const retryAfterSeconds = 30;

const refusals = {
  "per-client": "Too many live price streams are open from your address. Close a tab or try again later.",
  total: "Too many live price streams are open on this server. Please try again later.",
} as const;

export type OpenedQuoteStream =
  | { ok: false; status: 429; body: { error: string }; headers: Record<string, string> }
  | { ok: true; start: (stream: EventStream) => () => void };

/**
 * Opens one live-price stream for `client` (the address Express resolved): takes a stream slot
 * (ADR 0022's limits) and the current event, and says how the stream starts: one `quotes` event at
 * once, then one whenever any app server refreshes prices, until the server stops. Shared by the
 * Express handler that serves it (server/app.ts, ADR 0092) and the React Router route.
 */
export async function openQuoteStream(client: string | undefined): Promise<OpenedQuoteStream> {
  const config = getConfig();
  const slot = claimQuoteStreamSlot(client, config.market.quoteStreams);
  if (!slot.ok) {
    // Which limit and the count; never the address.
    log.warn("quote stream refused", { limit: slot.limit, open: slot.open, max: slot.max });
    return {
      ok: false,
      status: 429,
      body: { error: refusals[slot.limit] },
      headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" },
    };
  }
  let initial: QuotesEvent;
  try {
    initial = await currentQuotesEvent(getDb(), config.market.staleSeconds);
  } catch (error) {
    slot.release();
    throw error;
  }
  return {
    ok: true,
    start(stream) {
      const unsubscribe = subscribeQuotes((event: QuotesEvent & { closing?: boolean }) => {
        if (event.closing) stream.close({ retryMs: reconnectSoonMs() });
        else stream.send("quotes", event);
      });
      stream.send("quotes", initial);
      // Every way a stream ends comes here (the stream's one teardown): the slot is freed once.
      return () => {
        unsubscribe();
        slot.release();
      };
    },
  };
}

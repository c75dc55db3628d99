import { clientAddress } from "~/context.server.ts";
import { openQuoteStream } from "~/domain/market-data/quote-stream.server.ts";
import { eventStreamResponse } from "~/utils/event-stream.server.ts";
import type { Route } from "./+types/stream-quotes";

/**
 * GET /api/stream/quotes — Server-Sent Events: one `quotes` event at once, then one whenever any
 * app server refreshes prices (PostgreSQL LISTEN/NOTIFY fans the signal out), and a comment every
 * 25 s so proxies keep the connection open. Compression is off for text/event-stream (server/main.ts).
 * Each app server keeps at most QUOTE_STREAMS_PER_CLIENT streams per client address and
 * QUOTE_STREAMS_TOTAL in all; beyond either it answers 429 (ADR 0022).
 *
 * The HTTP server answers this path itself before React Router (server/app.ts, ADR 0092: writing to
 * the Node response directly is what lets 2,000 streams get a change in time); this route serves
 * the same stream through React Router for anything that calls it as a route.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const opened = await openQuoteStream(clientAddress(context));
  if (!opened.ok) return Response.json(opened.body, { status: opened.status, headers: opened.headers });
  return eventStreamResponse(request, opened.start);
}

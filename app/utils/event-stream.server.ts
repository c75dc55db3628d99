import type { ServerResponse } from "node:http";
import { log } from "../log.server.ts";

/** What a stream's owner may do while it is open. */
export interface EventStream {
  /**
   * One Server-Sent Event: `event: <name>` with the data as JSON. Send the same frozen object to
   * every stream of a broadcast: it is encoded once (encodeEvent).
   */
  send(name: string, data: unknown): void;
  /**
   * Ends the stream (once; later calls do nothing). `retryMs` is sent first as a `retry:` hint: a
   * server that stops asks the browser to come back soon, to another server behind the proxy.
   */
  close(options?: { retryMs?: number }): void;
}

/** When a stopping server closes its streams: reconnect within 0.5–2 s, spread so the others are not hit at once. */
export function reconnectSoonMs() {
  return 500 + Math.floor(Math.random() * 1500);
}

const HEARTBEAT_MS = 25_000;

/**
 * Events a client may leave unread before the server drops its stream (ADR 0092). The HTTP layer
 * reads from the stream as long as the socket takes the bytes, so chunks pile up here only behind
 * a client that has stopped reading with full socket buffers; without a bound each such client
 * would hold every later event in memory for as long as it stays connected.
 */
export const MAX_UNREAD_EVENTS = 64;

const encoder = new TextEncoder();

// Process-wide state (ADR 0064): the bytes of each shared event, so a broadcast to thousands of
// streams serialises and encodes its event once, not once per client (ADR 0092). Only frozen
// objects are cached, so the bytes can never go stale; weakly keyed, so an event nothing refers to
// any more is collected with its bytes.
const encodedEvents = new WeakMap<object, { name: string; bytes: Uint8Array }>();

/** `event: <name>\ndata: <JSON>\n\n` as bytes; the same bytes for the same frozen `data`. */
export function encodeEvent(name: string, data: unknown): Uint8Array {
  const shared = typeof data === "object" && data !== null && Object.isFrozen(data);
  const hit = shared ? encodedEvents.get(data) : undefined;
  if (hit && hit.name === name) return hit.bytes;
  const bytes = encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  if (shared) encodedEvents.set(data, { name, bytes });
  return bytes;
}

/**
 * A Server-Sent Events response (ADR 0022, ADR 0069): a comment every 25 s so proxies keep the
 * connection, `retry: 5000` for the browser, and one teardown however the stream ends — the client
 * goes away (abort), the response is cancelled, a write fails, or the owner closes it. `start`
 * subscribes and returns its own teardown. Compression is off for text/event-stream
 * (server/main.ts); the socket closes with the stream, so a stopping server is not held open.
 * A client that leaves MAX_UNREAD_EVENTS events unread is dropped: its connection is cut (the
 * browser's EventSource reconnects and starts again from the current state).
 */
export function eventStreamResponse(
  request: Request,
  start: (stream: EventStream) => () => void,
  headers: Record<string, string> = {},
): Response {
  let close = (_options?: { retryMs?: number }) => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let teardown = () => {};
      const end = () => {
        open = false;
        clearInterval(heartbeat);
        teardown();
      };
      const write = (bytes: Uint8Array) => {
        if (!open) return;
        // desiredSize is 1 (the high-water mark) minus the chunks queued and not yet read.
        if (1 - (controller.desiredSize ?? 0) >= MAX_UNREAD_EVENTS) {
          end();
          log.warn("event stream dropped a client that stopped reading", { unread: MAX_UNREAD_EVENTS });
          // An error, not a close: the queued events are discarded and the socket is destroyed.
          controller.error(new Error("client stopped reading"));
          return;
        }
        try {
          controller.enqueue(bytes);
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => write(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
      close = (options) => {
        if (!open) return;
        if (options?.retryMs !== undefined)
          write(encoder.encode(`retry: ${Math.round(options.retryMs)}\n\n`));
        if (!open) return; // that write found the client too slow and dropped it
        end();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      write(encoder.encode("retry: 5000\n\n"));
      const ownTeardown = start({
        send: (name, data) => write(encodeEvent(name, data)),
        close: (options) => close(options),
      });
      // Closed while starting: the owner's teardown still runs, once.
      if (!open) ownTeardown();
      else teardown = ownTeardown;
      // A client that left before the stream started would never fire "abort" again.
      if (request.signal.aborted) close();
      else request.signal.addEventListener("abort", () => close(), { once: true });
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      Connection: "close",
    },
  });
}

const streamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
  Connection: "close",
} as const;

/**
 * The same stream as eventStreamResponse, written to a Node response directly (ADR 0092): for a
 * broadcast to thousands of streams, a `ReadableStream` per client and the adapter that copies it to
 * the socket cost more than everything else in the push. Same heartbeat, retry hints and one
 * teardown. A client is dropped once MAX_UNREAD_EVENTS events have waited in memory behind a full
 * socket (written while the response needed a drain, counted until it drains).
 */
export function writeEventStream(
  res: ServerResponse,
  start: (stream: EventStream) => () => void,
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries({ ...headers, ...streamHeaders })) res.setHeader(name, value);
  res.writeHead(200);
  res.flushHeaders();
  let open = true;
  let teardown = () => {};
  let waiting = 0;
  const drained = () => {
    waiting = 0;
  };
  const end = () => {
    open = false;
    clearInterval(heartbeat);
    res.off("drain", drained);
    teardown();
  };
  const write = (bytes: Uint8Array) => {
    if (!open) return;
    if (res.writableNeedDrain && ++waiting >= MAX_UNREAD_EVENTS) {
      end();
      log.warn("event stream dropped a client that stopped reading", { unread: MAX_UNREAD_EVENTS });
      res.destroy();
      return;
    }
    res.write(bytes);
  };
  const close = (options?: { retryMs?: number }) => {
    if (!open) return;
    if (options?.retryMs !== undefined) write(encoder.encode(`retry: ${Math.round(options.retryMs)}\n\n`));
    if (!open) return; // that write found the client too slow and dropped it
    end();
    res.end();
  };
  res.on("drain", drained);
  const heartbeat = setInterval(() => write(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
  write(encoder.encode("retry: 5000\n\n"));
  const ownTeardown = start({ send: (name, data) => write(encodeEvent(name, data)), close });
  // Closed while starting: the owner's teardown still runs, once.
  if (!open) ownTeardown();
  else teardown = ownTeardown;
  // A client that left before the stream started would never fire "close" again.
  if (res.destroyed || !res.socket || res.socket.destroyed) close();
  else res.on("close", () => close());
}

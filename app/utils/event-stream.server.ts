/** What a stream's owner may do while it is open. */
export interface EventStream {
  /** One Server-Sent Event: `event: <name>` with the data as JSON. */
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
 * A Server-Sent Events response (ADR 0022, ADR 0069): a comment every 25 s so proxies keep the
 * connection, `retry: 5000` for the browser, and one teardown however the stream ends — the client
 * goes away (abort), the response is cancelled, a write fails, or the owner closes it. `start`
 * subscribes and returns its own teardown. Compression is off for text/event-stream
 * (server/main.ts); the socket closes with the stream, so a stopping server is not held open.
 */
export function eventStreamResponse(
  request: Request,
  start: (stream: EventStream) => () => void,
  headers: Record<string, string> = {},
): Response {
  const encoder = new TextEncoder();
  let close = (_options?: { retryMs?: number }) => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let teardown = () => {};
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      close = (options) => {
        if (!open) return;
        if (options?.retryMs !== undefined) write(`retry: ${Math.round(options.retryMs)}\n\n`);
        open = false;
        clearInterval(heartbeat);
        teardown();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      write("retry: 5000\n\n");
      const ownTeardown = start({
        send: (name, data) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
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

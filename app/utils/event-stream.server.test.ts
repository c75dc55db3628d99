import { describe, expect, it } from "vitest";
import { type EventStream, eventStreamResponse, reconnectSoonMs } from "./event-stream.server.ts";

/** A stream whose owner keeps the handle, and the whole body once it ends. */
function open() {
  let handle: EventStream | undefined;
  let tornDown = 0;
  const response = eventStreamResponse(new Request("http://localhost/api/stream/quotes"), (stream) => {
    handle = stream;
    stream.send("quotes", { n: 1 });
    return () => tornDown++;
  });
  return { response, stream: () => handle as EventStream, tornDown: () => tornDown };
}

describe("eventStreamResponse", () => {
  it("ends a stream closed by a stopping server with the retry hint last, and tears down once", async () => {
    const { response, stream, tornDown } = open();
    stream().close({ retryMs: 750 });
    stream().close({ retryMs: 9999 });
    const body = await response.text();
    expect(body.startsWith("retry: 5000\n\n")).toBe(true);
    expect(body).toContain('event: quotes\ndata: {"n":1}\n\n');
    expect(body.endsWith('data: {"n":1}\n\nretry: 750\n\n')).toBe(true);
    expect(tornDown()).toBe(1);
  });

  it("ends without a hint when the owner gives none (a session that ended)", async () => {
    const { response, stream } = open();
    stream().close();
    expect((await response.text()).endsWith('data: {"n":1}\n\n')).toBe(true);
  });

  it("spreads reconnections over 0.5–2 s", () => {
    const delays = Array.from({ length: 200 }, () => reconnectSoonMs());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...delays)).toBeLessThan(2000);
    expect(new Set(delays).size).toBeGreaterThan(20);
  });
});

import { describe, expect, it, vi } from "vitest";
import {
  type EventStream,
  encodeEvent,
  eventStreamResponse,
  MAX_UNREAD_EVENTS,
  reconnectSoonMs,
} from "./event-stream.server.ts";

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

  it("encodes a frozen event once for every stream; an unfrozen object is encoded anew each time", () => {
    const shared = Object.freeze({
      quotes: Object.freeze([Object.freeze({ symbol: "ETH", priceUsd: "1" })]),
    });
    const bytes = encodeEvent("quotes", shared);
    expect(encodeEvent("quotes", shared)).toBe(bytes);
    expect(new TextDecoder().decode(bytes)).toBe(`event: quotes\ndata: ${JSON.stringify(shared)}\n\n`);
    // The same object under another event name is that event, not the cached one.
    expect(new TextDecoder().decode(encodeEvent("other", shared))).toMatch(/^event: other\n/);
    const mutable = { n: 1 };
    const before = encodeEvent("quotes", mutable);
    mutable.n = 2;
    expect(encodeEvent("quotes", mutable)).not.toBe(before);
    expect(new TextDecoder().decode(encodeEvent("quotes", mutable))).toContain('{"n":2}');
  });

  it("every stream of a broadcast gets the same bytes, not a copy per client", async () => {
    const event = Object.freeze({ n: 7 });
    const streams = [open(), open(), open()];
    for (const s of streams) s.stream().send("quotes", event);
    const chunks = [];
    for (const s of streams) {
      const reader = s.response.body?.getReader();
      await reader?.read(); // retry: 5000
      await reader?.read(); // the owner's first event
      chunks.push((await reader?.read())?.value);
    }
    expect(chunks[0]).toBeInstanceOf(Uint8Array);
    expect(chunks[1]).toBe(chunks[0]);
    expect(chunks[2]).toBe(chunks[0]);
  });

  it(`drops a client that leaves ${MAX_UNREAD_EVENTS} events unread, once, and keeps one that reads`, async () => {
    const warn = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const slow = open();
      const fast = open();
      const fastReader = fast.response.body?.getReader();
      // Queued so far: the retry hint and the owner's first event.
      for (let i = 2; i < MAX_UNREAD_EVENTS; i++) {
        slow.stream().send("quotes", { i });
        fast.stream().send("quotes", { i });
        await fastReader?.read();
      }
      expect(slow.tornDown()).toBe(0);
      slow.stream().send("quotes", { i: "one too many" });
      expect(slow.tornDown()).toBe(1);
      slow.stream().send("quotes", { i: "after" });
      slow.stream().close({ retryMs: 750 });
      expect(slow.tornDown()).toBe(1);
      // The queued events are discarded: reading fails at once, and the connection is cut.
      await expect(slow.response.text()).rejects.toThrow(/stopped reading/);
      expect(fast.tornDown()).toBe(0);
      expect(String(warn.mock.calls.find((c) => String(c[0]).includes("stopped reading"))?.[0])).toContain(
        '"level":"warn"',
      );
      fast.stream().close();
    } finally {
      warn.mockRestore();
    }
  });
});

import { EventEmitter } from "node:events";
import http, { type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type EventStream, MAX_UNREAD_EVENTS, writeEventStream } from "./event-stream.server.ts";

// writeEventStream: the live-price stream written to the Node response directly (ADR 0092), with
// the same behaviour as eventStreamResponse (event-stream.server.test.ts).

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server whose one stream the test drives; resolves with the handle and the teardown count. */
async function serve() {
  let handle: EventStream | undefined;
  let tornDown = 0;
  let markOpened = () => {};
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const listening = http.createServer((_req, res) => {
    writeEventStream(res, (stream) => {
      handle = stream;
      stream.send("quotes", { n: 1 });
      markOpened();
      return () => tornDown++;
    });
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  const port = (listening.address() as AddressInfo).port;
  return { port, opened, stream: () => handle as EventStream, tornDown: () => tornDown };
}

function get(port: number) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/", agent: false }, resolve).on("error", reject);
  });
}

describe("writeEventStream", () => {
  it("sends the retry hint, the events and the closing hint, with the stream headers, and tears down once", async () => {
    const s = await serve();
    const res = await get(s.port);
    await s.opened;
    expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.connection).toBe("close");
    let body = "";
    res.setEncoding("utf8");
    res.on("data", (c: string) => {
      body += c;
    });
    const ended = new Promise((resolve) => res.on("end", resolve));
    s.stream().send("quotes", Object.freeze({ n: 2 }));
    s.stream().close({ retryMs: 750 });
    s.stream().close({ retryMs: 9999 });
    await ended;
    expect(body).toBe(
      'retry: 5000\n\nevent: quotes\ndata: {"n":1}\n\nevent: quotes\ndata: {"n":2}\n\nretry: 750\n\n',
    );
    expect(s.tornDown()).toBe(1);
  });

  it("tears down once when the client goes away", async () => {
    const s = await serve();
    const res = await get(s.port);
    await s.opened;
    res.destroy();
    await vi.waitFor(() => expect(s.tornDown()).toBe(1), { timeout: 5000 });
    s.stream().send("quotes", { n: 3 });
    s.stream().close();
    expect(s.tornDown()).toBe(1);
  });

  it(`drops a client once ${MAX_UNREAD_EVENTS} events wait behind its full socket, and not one whose socket drains`, () => {
    const log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      /** A response whose socket never takes more: every write waits in memory. */
      const fake = () => {
        const res = Object.assign(new EventEmitter(), {
          writableNeedDrain: true,
          destroyed: false,
          socket: { destroyed: false },
          written: 0,
          setHeader() {},
          writeHead() {},
          flushHeaders() {},
          write() {
            res.written++;
            return false;
          },
          end() {},
          destroy() {
            res.destroyed = true;
          },
        });
        return res;
      };
      const open = (res: ReturnType<typeof fake>) => {
        let handle: EventStream | undefined;
        let tornDown = 0;
        writeEventStream(res as unknown as ServerResponse, (stream) => {
          handle = stream;
          return () => tornDown++;
        });
        return { stream: () => handle as EventStream, tornDown: () => tornDown };
      };

      const slowRes = fake();
      const slow = open(slowRes);
      // The retry hint waits too.
      for (let i = 2; i < MAX_UNREAD_EVENTS; i++) slow.stream().send("quotes", { i });
      expect(slow.tornDown()).toBe(0);
      expect(slowRes.destroyed).toBe(false);
      slow.stream().send("quotes", { i: "one too many" });
      expect(slow.tornDown()).toBe(1);
      expect(slowRes.destroyed).toBe(true);
      slow.stream().close({ retryMs: 750 });
      expect(slow.tornDown()).toBe(1);

      const drainingRes = fake();
      const draining = open(drainingRes);
      for (let i = 0; i < 3 * MAX_UNREAD_EVENTS; i++) {
        draining.stream().send("quotes", { i });
        if (i % 10 === 0) drainingRes.emit("drain");
      }
      expect(draining.tornDown()).toBe(0);
      expect(drainingRes.destroyed).toBe(false);
      draining.stream().close();
      expect(draining.tornDown()).toBe(1);
      expect(String(log.mock.calls.find((c) => String(c[0]).includes("stopped reading"))?.[0])).toContain(
        '"level":"warn"',
      );
    } finally {
      log.mockRestore();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { useDatabase } from "../../db/db.server.ts";

// /api/stream/quotes keeps at most QUOTE_STREAMS_PER_CLIENT open streams per client address and
// QUOTE_STREAMS_TOTAL in all on one app server, answers 429 beyond either, logs which limit, and
// frees the slot whichever way a stream ends. Here: 2 per address, 3 in all.

const t = setupTestDatabase();

let modules: {
  loader: (args: unknown) => Promise<unknown>;
  RouterContextProvider: typeof import("react-router").RouterContextProvider;
  requestContext: typeof import("../../context.server.ts").requestContext;
  slots: typeof import("../../domain/market-data/quote-stream-slots.server.ts");
  service: typeof import("../../domain/market-data/service.server.ts");
  getConfig: typeof import("../../config.server.ts").getConfig;
};

beforeAll(async () => {
  useDatabase(t.database);
  vi.resetModules();
  vi.stubEnv("APP_ENV", "test");
  vi.stubEnv("QUOTE_STREAMS_PER_CLIENT", "2");
  vi.stubEnv("QUOTE_STREAMS_TOTAL", "3");
  vi.stubEnv("LOG_LEVEL", "info");
  const { RouterContextProvider } = await import("react-router");
  modules = {
    loader: (await import("./stream-quotes.ts")).loader as never,
    RouterContextProvider,
    requestContext: (await import("../../context.server.ts")).requestContext,
    slots: await import("../../domain/market-data/quote-stream-slots.server.ts"),
    service: await import("../../domain/market-data/service.server.ts"),
    getConfig: (await import("../../config.server.ts")).getConfig,
  };
});

afterAll(() => {
  useDatabase(undefined);
  vi.unstubAllEnvs();
});

interface Opened {
  response: Response;
  abort: AbortController;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
}
let opened: Opened[] = [];

afterEach(async () => {
  for (const o of opened) o.abort.abort();
  opened = [];
  modules.slots.resetQuoteStreamSlotsForTests();
  vi.restoreAllMocks();
});

/** Opens a stream as a browser at `ip` would, and reads its first bytes when it was accepted. */
async function openStream(ip: string): Promise<Opened> {
  const abort = new AbortController();
  const request = new Request("http://localhost:3000/api/stream/quotes", { signal: abort.signal });
  const context = new modules.RouterContextProvider();
  context.set(modules.requestContext, { requestId: "test", nonce: "", ip });
  const response = (await modules.loader({ request, params: {}, context })) as Response;
  const result: Opened = { response, abort };
  if (response.status === 200 && response.body) {
    result.reader = response.body.getReader();
    const first = await result.reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("retry: 5000");
  }
  opened.push(result);
  return result;
}

/** The JSON log lines written while `run` ran. */
async function logged(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    lines.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
  await run();
  vi.restoreAllMocks();
  return lines.flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as Record<string, unknown>] : []));
}

/** Waits until the count of open streams settles at `expected` (abort events run asynchronously). */
async function openStreamsToBe(expected: number, client?: string) {
  await vi.waitFor(() => expect(modules.slots.openQuoteStreams(client)).toBe(expected), { timeout: 10_000 });
}

describe("limits on open live-price streams", () => {
  test("a third stream from one address gets 429 with Retry-After; closing one lets a new one in", async () => {
    const a = "203.0.113.7";
    expect((await openStream(a)).response.status).toBe(200);
    const second = await openStream(a);
    expect(second.response.status).toBe(200);

    let refused: Opened | undefined;
    const lines = await logged(async () => {
      refused = await openStream(a);
    });
    expect(refused?.response.status).toBe(429);
    expect(refused?.response.headers.get("retry-after")).toBe("30");
    expect(refused?.response.headers.get("cache-control")).toBe("no-store");
    expect(await refused?.response.json()).toEqual({
      error: "Too many live price streams are open from your address. Close a tab or try again later.",
    });
    expect(lines.filter((l) => l.msg === "quote stream refused")).toEqual([
      expect.objectContaining({ level: "warn", limit: "per-client", open: 2, max: 2 }),
    ]);
    // The address is not in the log.
    expect(JSON.stringify(lines)).not.toContain(a);

    // Another address is not affected.
    expect((await openStream("198.51.100.2")).response.status).toBe(200);

    // The browser closes one of its streams (a tab closes): the server frees the slot.
    second.abort.abort();
    await openStreamsToBe(1, a);
    expect((await openStream(a)).response.status).toBe(200);
  });

  test("beyond the total, any address gets 429; a cancelled response frees its slot", async () => {
    const held = [];
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const stream = await openStream(ip);
      expect(stream.response.status, ip).toBe(200);
      held.push(stream);
    }
    let refused: Opened | undefined;
    const lines = await logged(async () => {
      refused = await openStream("198.51.100.4");
    });
    expect(refused?.response.status).toBe(429);
    expect(refused?.response.headers.get("retry-after")).toBe("30");
    expect(await refused?.response.json()).toEqual({
      error: "Too many live price streams are open on this server. Please try again later.",
    });
    expect(lines.filter((l) => l.msg === "quote stream refused")).toEqual([
      expect.objectContaining({ level: "warn", limit: "total", open: 3, max: 3 }),
    ]);

    // The HTTP layer cancels the body when it cannot deliver it.
    await held[0]?.reader?.cancel();
    await openStreamsToBe(2);
    expect((await openStream("198.51.100.4")).response.status).toBe(200);
  });

  test("a client gone before its stream started, or a failed first read, holds no slot", async () => {
    const abort = new AbortController();
    const request = new Request("http://localhost:3000/api/stream/quotes", { signal: abort.signal });
    const context = new modules.RouterContextProvider();
    context.set(modules.requestContext, { requestId: "test", nonce: "", ip: "203.0.113.9" });
    const answer = modules.loader({ request, params: {}, context });
    abort.abort(); // while the first quotes are read
    expect(((await answer) as Response).status).toBe(200);
    await openStreamsToBe(0);

    useDatabase(undefined);
    try {
      await expect(openStream("203.0.113.9")).rejects.toThrow(/not connected/);
    } finally {
      useDatabase(t.database);
    }
    expect(modules.slots.openQuoteStreams()).toBe(0);
  });

  test("the server's shutdown ends every stream and frees their slots", async () => {
    const config = modules.getConfig();
    // The listener needs the PostgreSQL URL for its own connection; on PGlite it uses the instance.
    const pool = t.database.pool;
    await modules.service.startMarketData(t.database, {
      ...config,
      database: pool ? { kind: "postgres", url: String(pool.options.connectionString) } : config.database,
    });
    try {
      const streams = [await openStream("203.0.113.7"), await openStream("198.51.100.2")];
      expect(modules.service.subscriberCount()).toBe(2);
      expect(modules.slots.openQuoteStreams()).toBe(2);
      await modules.service.stopMarketData();
      for (const stream of streams) {
        // The stream ends (after any event already queued).
        let done = false;
        while (!done) done = (await stream.reader?.read())?.done ?? true;
      }
      expect(modules.slots.openQuoteStreams()).toBe(0);
    } finally {
      await modules.service.stopMarketData();
    }
  });
});

// ADR 0092: a price change is pushed as soon as it is signalled, as one event (one set of bytes)
// shared by every stream, and a client that stops reading is dropped instead of buffered for ever.
describe("pushing price changes to open streams", () => {
  /** Starts the server's market data (listener included) for `run`, and stops it after. */
  async function withMarketData(run: () => Promise<void>) {
    const config = modules.getConfig();
    const pool = t.database.pool;
    await modules.service.startMarketData(t.database, {
      ...config,
      database: pool ? { kind: "postgres", url: String(pool.options.connectionString) } : config.database,
    });
    try {
      await run();
    } finally {
      await modules.service.stopMarketData();
    }
  }

  /** The next `quotes` event whose ETH price is `price`: its raw chunk and how many chunks came before. */
  async function nextPrice(stream: Opened, price: string) {
    for (let skipped = 0; ; skipped++) {
      const { value, done } = (await stream.reader?.read()) ?? { done: true };
      if (done || !value) throw new Error(`the stream ended before ETH was ${price}`);
      const eth = /"symbol":"ETH"[^}]*?"priceUsd":"([^"]+)"/.exec(new TextDecoder().decode(value))?.[1];
      if (eth !== undefined && Number(eth) === Number(price)) return { value, skipped };
    }
  }

  test("one change reaches every stream as the same bytes, pushed with no timer in between", async () => {
    await withMarketData(async () => {
      const streams = [
        await openStream("203.0.113.1"),
        await openStream("203.0.113.2"),
        await openStream("203.0.113.3"),
      ];
      const initial = [];
      for (const s of streams) initial.push((await s.reader?.read())?.value);
      // The streams opened together share the first event too: one read for all of them.
      expect(new TextDecoder().decode(initial[0])).toMatch(/^event: quotes\n/);
      expect(initial[1]).toBe(initial[0]);
      // With timers frozen, a push that waited for one (the 50 ms coalescing it replaced) never comes.
      vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
      try {
        await modules.service.setQuoteForTest(t.db, "ETH", "2345.5");
        const received = await Promise.all(streams.map((s) => nextPrice(s, "2345.5")));
        expect(received.map((r) => r.skipped)).toEqual([0, 0, 0]);
        // Serialised and encoded once for all of them.
        expect(received[1]?.value).toBe(received[0]?.value);
        expect(received[2]?.value).toBe(received[0]?.value);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEsploraWatcher, parseEsploraTransactions } from "./esplora.server.ts";
import { createTronGridWatcher, parseTrc20Listing, parseTronTransactionInfo } from "./trongrid.server.ts";
import { ChainProviderError, confirmationsOf, type FetchLike } from "./watcher.ts";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const fixture = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

const BTC_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const TRON_ADDRESS = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_TX = "7d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4";

/** A fetch that answers from a route table and records what was asked. */
function fakeFetch(
  routes: Record<string, { status?: number; body: string; headers?: Record<string, string> }>,
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const method = init?.method ?? "GET";
    // A key "POST /path" matches POSTs ending in /path; a bare key matches any URL containing it.
    const key = Object.keys(routes).find((k) =>
      k.startsWith("POST ") ? method === "POST" && url.endsWith(k.slice(5)) : url.includes(k),
    );
    if (!key) return new Response("not found", { status: 404 });
    const route = routes[key] as { status?: number; body: string; headers?: Record<string, string> };
    return new Response(route.body, { status: route.status ?? 200, headers: route.headers });
  };
  return { fetch, calls };
}

describe("confirmationsOf", () => {
  it("is 0 unconfirmed, 1 in the tip block, tip − height + 1 after", () => {
    expect(confirmationsOf(null, 100)).toBe(0);
    expect(confirmationsOf(100, 100)).toBe(1);
    expect(confirmationsOf(98, 100)).toBe(3);
    expect(confirmationsOf(101, 100)).toBe(0);
  });
});

describe("Esplora watcher", () => {
  it("parses every output paying the address, with its vout index and satoshi amount", () => {
    const { outputs } = parseEsploraTransactions(
      JSON.parse(fixture("esplora/address-txs.json")),
      BTC_ADDRESS,
    );
    expect(outputs).toEqual([
      {
        chain: "bitcoin",
        asset: "BTC",
        txid: "3f2a9c0e5b7d41e6a8c9b0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5",
        outputIndex: 0,
        address: BTC_ADDRESS,
        amountMinor: 120_000n,
        blockHeight: null,
      },
      {
        chain: "bitcoin",
        asset: "BTC",
        txid: "c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5",
        outputIndex: 0,
        address: BTC_ADDRESS,
        amountMinor: 5_000_000n,
        blockHeight: 871002,
      },
      {
        chain: "bitcoin",
        asset: "BTC",
        txid: "c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5",
        outputIndex: 2,
        address: BTC_ADDRESS,
        amountMinor: 30_000n,
        blockHeight: 871002,
      },
    ]);
  });

  it("fetches over HTTP: address txs and tip height", async () => {
    const { fetch, calls } = fakeFetch({
      [`/address/${BTC_ADDRESS}/txs`]: { body: fixture("esplora/address-txs.json") },
      "/blocks/tip/height": { body: fixture("esplora/tip-height.txt") },
    });
    const watcher = createEsploraWatcher({ baseUrl: "https://esplora.test/api/", fetch });
    expect(await watcher.tipHeight()).toBe(871004);
    expect((await watcher.listIncoming(BTC_ADDRESS)).map((o) => o.amountMinor)).toEqual([
      120_000n,
      5_000_000n,
      30_000n,
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      "https://esplora.test/api/blocks/tip/height",
      `https://esplora.test/api/address/${BTC_ADDRESS}/txs`,
    ]);
  });

  it("pages through confirmed history 25 at a time", async () => {
    const confirmed = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        txid: (from + i).toString(16).padStart(64, "0"),
        vout: [{ scriptpubkey_address: BTC_ADDRESS, value: 1000 + from + i }],
        status: { confirmed: true, block_height: 800000 - from - i },
      }));
    const last = (24).toString(16).padStart(64, "0");
    const { fetch } = fakeFetch({
      [`/txs/chain/${last}`]: { body: JSON.stringify(confirmed(3, 25)) },
      [`/address/${BTC_ADDRESS}/txs`]: { body: JSON.stringify(confirmed(25, 0)) },
    });
    const outputs = await createEsploraWatcher({ baseUrl: "https://esplora.test/api", fetch }).listIncoming(
      BTC_ADDRESS,
    );
    expect(outputs).toHaveLength(28);
    expect(new Set(outputs.map((o) => o.txid)).size).toBe(28);
  });

  it("400 and 429 become ChainProviderError; 429 carries Retry-After", async () => {
    const { fetch } = fakeFetch({
      "/address/": { status: 400, body: fixture("esplora/error-400.txt") },
      "/blocks/tip/height": {
        status: 429,
        body: fixture("esplora/error-429.txt"),
        headers: { "retry-after": "30" },
      },
    });
    const watcher = createEsploraWatcher({ baseUrl: "https://esplora.test/api", fetch });
    await expect(watcher.listIncoming("bc1qbad")).rejects.toMatchObject({
      status: 400,
      message: /Invalid Bitcoin address/,
    });
    await expect(watcher.tipHeight()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
  });

  it("refuses malformed data instead of guessing", () => {
    expect(() => parseEsploraTransactions({ error: "x" }, BTC_ADDRESS)).toThrow(ChainProviderError);
    expect(() =>
      parseEsploraTransactions(
        [
          {
            txid: "a".repeat(64),
            vout: [{ scriptpubkey_address: BTC_ADDRESS, value: 0.5 }],
            status: { confirmed: false },
          },
        ],
        BTC_ADDRESS,
      ),
    ).toThrow(/satoshis/);
  });
});

describe("TronGrid watcher", () => {
  it("lists USDT transfer candidates only, ignoring other tokens", () => {
    expect(parseTrc20Listing(JSON.parse(fixture("trongrid/trc20-listing.json")), USDT)).toEqual({
      txids: [TRON_TX],
      fingerprint: undefined,
    });
    expect(() => parseTrc20Listing(JSON.parse(fixture("trongrid/error-400.json")), USDT)).toThrow(
      /Invalid address/,
    );
  });

  it("takes the amount from the USDT contract's Transfer log paying our address, indexed by log position", () => {
    expect(
      parseTronTransactionInfo(JSON.parse(fixture("trongrid/tx-info.json")), TRON_TX, TRON_ADDRESS, USDT),
    ).toEqual([
      {
        chain: "tron",
        asset: "USDT",
        txid: TRON_TX,
        outputIndex: 0,
        address: TRON_ADDRESS,
        amountMinor: 25_000_000n,
        blockHeight: 66789012,
      },
    ]);
  });

  it("a failed or not-yet-included transaction pays nothing", () => {
    expect(
      parseTronTransactionInfo(
        JSON.parse(fixture("trongrid/tx-info-failed.json")),
        TRON_TX,
        TRON_ADDRESS,
        USDT,
      ),
    ).toEqual([]);
    expect(
      parseTronTransactionInfo(
        JSON.parse(fixture("trongrid/tx-info-pending.json")),
        TRON_TX,
        TRON_ADDRESS,
        USDT,
      ),
    ).toEqual([]);
  });

  it("fetches over HTTP with the API key header, and reads the tip", async () => {
    const { fetch, calls } = fakeFetch({
      [`/v1/accounts/${TRON_ADDRESS}/transactions/trc20`]: { body: fixture("trongrid/trc20-listing.json") },
      "POST /wallet/gettransactioninfobyid": { body: fixture("trongrid/tx-info.json") },
      "POST /wallet/getnowblock": { body: fixture("trongrid/nowblock.json") },
    });
    const watcher = createTronGridWatcher({
      baseUrl: "https://trongrid.test",
      contract: USDT,
      apiKey: "k-123",
      fetch,
    });
    const outputs = await watcher.listIncoming(TRON_ADDRESS);
    expect(outputs.map((o) => [o.outputIndex, o.amountMinor])).toEqual([[0, 25_000_000n]]);
    expect(await watcher.tipHeight()).toBe(66789030);
    expect(calls[0]?.url).toContain("only_to=true");
    expect(calls[0]?.url).toContain(`contract_address=${USDT}`);
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.["TRON-PRO-API-KEY"]).toBe(
      "k-123",
    );
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ value: TRON_TX });
  });

  it("429 becomes a ChainProviderError with a default back-off", async () => {
    const { fetch } = fakeFetch({
      "/v1/accounts/": { status: 429, body: fixture("trongrid/error-429.json") },
    });
    const watcher = createTronGridWatcher({ baseUrl: "https://trongrid.test", contract: USDT, fetch });
    await expect(watcher.listIncoming(TRON_ADDRESS)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 60,
    });
  });
});

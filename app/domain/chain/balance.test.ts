import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEsploraAddressBalance, parseTronAccountTokenBalance } from "./balance.ts";
import { createEsploraBalanceReader, createTronGridBalanceReader } from "./balances.server.ts";
import type { FetchLike } from "./watcher.ts";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const fixture = (name: string) => readFileSync(path.join(fixtures, name), "utf8");
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    return new Response(body, { status, headers });
  };
  return { fetch, urls };
}

describe("address balances from recorded provider responses", () => {
  it("Esplora: confirmed funded − spent plus the mempool", () => {
    expect(parseEsploraAddressBalance(JSON.parse(fixture("esplora/address.json")))).toEqual({
      balanceMinor: 5_150_000n - 120_000n + 25_000n,
      used: true,
    });
  });

  it("Esplora: an unused address is 0 and unused; a malformed answer throws", () => {
    const empty = { funded_txo_sum: 0, spent_txo_sum: 0, tx_count: 0 };
    expect(parseEsploraAddressBalance({ chain_stats: empty, mempool_stats: empty })).toEqual({
      balanceMinor: 0n,
      used: false,
    });
    expect(() => parseEsploraAddressBalance({ chain_stats: { funded_txo_sum: 1.5 } })).toThrow(/satoshis/);
    expect(() => parseEsploraAddressBalance([])).toThrow(/unexpected/);
  });

  it("TronGrid: the USDT entry of trc20, 0 for an account the chain has never seen", () => {
    expect(parseTronAccountTokenBalance(JSON.parse(fixture("trongrid/account.json")), USDT)).toEqual({
      balanceMinor: 125_500_000n,
      used: true,
    });
    expect(parseTronAccountTokenBalance(JSON.parse(fixture("trongrid/account-unused.json")), USDT)).toEqual({
      balanceMinor: 0n,
      used: false,
    });
    expect(() => parseTronAccountTokenBalance(JSON.parse(fixture("trongrid/error-400.json")), USDT)).toThrow(
      /TronGrid/,
    );
  });

  it("the HTTP readers call the documented paths and surface a rate limit", async () => {
    const esplora = answering(200, fixture("esplora/address.json"));
    const reader = createEsploraBalanceReader({ baseUrl: "https://esplora.test/api/", fetch: esplora.fetch });
    expect((await reader.balanceOf("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")).balanceMinor).toBe(
      5_055_000n,
    );
    expect(esplora.urls).toEqual([
      "https://esplora.test/api/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    ]);
    const tron = answering(200, fixture("trongrid/account.json"));
    const tronReader = createTronGridBalanceReader({
      baseUrl: "https://tron.test",
      contract: USDT,
      fetch: tron.fetch,
    });
    expect((await tronReader.balanceOf("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH")).balanceMinor).toBe(
      125_500_000n,
    );
    expect(tron.urls).toEqual(["https://tron.test/v1/accounts/TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"]);
    const limited = answering(429, fixture("esplora/error-429.txt"), { "retry-after": "30" });
    await expect(
      createEsploraBalanceReader({ baseUrl: "https://esplora.test", fetch: limited.fetch }).balanceOf("x"),
    ).rejects.toThrow(/rate limit/);
  });

  it("a provider that does not answer is a provider error, with a time limit on every call", async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const hanging: FetchLike = async (_url, init) => {
      signals.push(init?.signal);
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    };
    await expect(
      createEsploraBalanceReader({ baseUrl: "https://esplora.test", fetch: hanging }).balanceOf("x"),
    ).rejects.toThrow("Esplora: no answer (TimeoutError)");
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });
});

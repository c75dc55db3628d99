import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createEsploraTransferSource,
  createTronGridTransferSource,
  sampleTransfers,
} from "./sources.server.ts";
import {
  classifyDirection,
  isLarge,
  parseEsploraTransfers,
  parseTrc20Transfers,
  usdValueAt,
} from "./transfers.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/smart-money/${name}`, import.meta.url), "utf8"));
const FUND = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const EXCHANGE = "bc1q4gdzk0zdteh0pqvj5w6vt4h8lqy35teu0a0aqn";
const HOLDER = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRON_EXCHANGE = "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("transfer detection from provider answers", () => {
  it("Esplora: confirmed net movements of the address, change netted out, the single sender named", () => {
    const transfers = parseEsploraTransfers(fixture("esplora-txs.json"), FUND);
    expect(transfers.map((t) => [t.txid.slice(0, 2), t.flow, t.amountMinor, t.counterparty])).toEqual([
      ["22", "in", 2_500_000_000n, EXCHANGE],
      // 40 BTC sent and the 10,000 sat fee: what left the address.
      ["33", "out", 4_000_010_000n, EXCHANGE],
      ["44", "in", 50_000_000n, "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g"],
      ["55", "in", 1_500_000_000n, null],
    ]);
    expect(transfers[0]?.occurredAt.toISOString()).toBe("2024-11-24T00:00:00.000Z");
    expect(transfers[0]?.blockHeight).toBe(871010);
  });

  it("TronGrid: only USDT's Transfer events, in or out of the address, with the other side", () => {
    const transfers = parseTrc20Transfers(fixture("trongrid-trc20.json"), HOLDER, USDT);
    expect(transfers.map((t) => [t.txid.slice(0, 2), t.flow, t.amountMinor, t.counterparty])).toEqual([
      ["66", "out", 2_500_000_000_000n, TRON_EXCHANGE],
      ["77", "in", 1_200_000_000_000n, TRON_EXCHANGE],
      ["99", "in", 5_000_000n, "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"],
    ]);
  });

  it("a malformed answer is an error, never a guessed transfer", () => {
    expect(() => parseEsploraTransfers({ error: "x" }, FUND)).toThrow(/expected an array/);
    expect(() => parseEsploraTransfers([{ txid: "nope", vout: [] }], FUND)).toThrow(/malformed/);
    expect(() => parseTrc20Transfers({ success: false, error: "bad" }, HOLDER, USDT)).toThrow(/bad/);
    const bad = fixture("trongrid-trc20.json");
    bad.data[0].value = "-1";
    expect(() => parseTrc20Transfers(bad, HOLDER, USDT)).toThrow(/value/);
  });

  it("the sources ask the providers' documented endpoints (a recorded answer, no network)", async () => {
    const asked: string[] = [];
    const serve = (name: string) => async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(fixture(name)), { status: 200 });
    };
    const noBalance = {
      chain: "bitcoin" as const,
      asset: "BTC" as const,
      balanceOf: async () => ({ balanceMinor: 0n, used: true }),
    };
    const esplora = createEsploraTransferSource({
      baseUrl: "https://esplora.test/api/",
      balances: noBalance,
      fetch: serve("esplora-txs.json"),
    });
    expect(await esplora.listTransfers(FUND)).toHaveLength(4);
    const tron = createTronGridTransferSource({
      baseUrl: "https://trongrid.test",
      contract: USDT,
      balances: { ...noBalance, chain: "tron", asset: "USDT" },
      fetch: serve("trongrid-trc20.json"),
    });
    expect(await tron.listTransfers(HOLDER)).toHaveLength(3);
    expect(asked).toEqual([
      `https://esplora.test/api/address/${FUND}/txs`,
      `https://trongrid.test/v1/accounts/${HOLDER}/transactions/trc20?contract_address=${USDT}&limit=200`,
    ]);
  });
});

describe("direction and size", () => {
  it("classifies to/from exchanges from either side; exchange to exchange is neither", () => {
    expect(classifyDirection("exchange", "in", null)).toBe("to-exchange");
    expect(classifyDirection("exchange", "out", "fund")).toBe("from-exchange");
    expect(classifyDirection("fund", "out", "exchange")).toBe("to-exchange");
    expect(classifyDirection("holder", "in", "exchange")).toBe("from-exchange");
    expect(classifyDirection("holder", "in", "fund")).toBe("other");
    expect(classifyDirection("fund", "out", null)).toBe("other");
    expect(classifyDirection("exchange", "in", "exchange")).toBe("other");
  });

  it("large means $1,000,000 at the day's close, or 10 BTC / 1,000,000 USDT without a close", () => {
    expect(usdValueAt("BTC", 2_500_000_000n, "40000.5")).toBe(100_001_250n);
    expect(usdValueAt("USDT", 1_000_000n, null)).toBeNull();
    expect(isLarge("BTC", 2_500_000_000n, usdValueAt("BTC", 2_500_000_000n, "40000"))).toBe(true);
    expect(isLarge("BTC", 1_000_000_000n, usdValueAt("BTC", 1_000_000_000n, "90000"))).toBe(false);
    expect(isLarge("BTC", 1_000_000_000n, null)).toBe(true);
    expect(isLarge("USDT", 999_999_999_999n, null)).toBe(false);
  });

  it("the sample chain is deterministic and never reports the future", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const a = sampleTransfers("bitcoin", "sample-a", ["sample-a", "sample-b"], now);
    expect(sampleTransfers("bitcoin", "sample-a", ["sample-a", "sample-b"], now)).toEqual(a);
    expect(a.length).toBeGreaterThan(3);
    expect(a.every((t) => t.occurredAt <= now && t.amountMinor >= 1_200_000_000n)).toBe(true);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsvRows } from "./csv.ts";
import { krakenAssetCode } from "./kraken.ts";
import type { ParsedLine } from "./lines.ts";
import { parseImportFile } from "./presets.ts";

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../../../tests/fixtures/portfolio-imports", name), "utf8");

function read(source: "coinbase" | "kraken" | "binance", name: string): ParsedLine[] {
  const parsed = parseImportFile(source, fixture(name));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.lines;
}

const at = (lines: ParsedLine[], line: number) => {
  const found = lines.find((l) => l.line === line);
  if (!found) throw new Error(`no line ${line}`);
  return found;
};
const tx = (l: ParsedLine) => {
  if (l.status !== "transaction")
    throw new Error(`line ${l.line} is ${l.status}: ${"message" in l ? l.message : ""}`);
  return l.tx;
};

describe("CSV reader", () => {
  it("reads quotes, doubled quotes, CRLF, a BOM and a line break inside quotes, keeping line numbers", () => {
    const rows = readCsvRows('\ufeffa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n\nlast,1');
    expect(rows).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 3, fields: ["two\nlines", "z"] },
      { line: 6, fields: ["last", "1"] },
    ]);
  });
});

describe("Coinbase transaction history", () => {
  const lines = read("coinbase", "coinbase-transaction-history.csv");

  it("skips the preamble and reads buys with the total paid and the fee, in minor units and cents", () => {
    expect(lines[0]?.line).toBe(4);
    expect(tx(at(lines, 4))).toMatchObject({
      kind: "buy",
      asset: "BTC",
      quantityMinor: 1_000_000n,
      valueUsdCents: 43_137n,
      feeUsdCents: 637n,
      occurredAt: new Date("2024-01-15T10:30:00Z"),
      dedupeKey: "coinbase:id:65a1f0c2e4b7d9a1c3e5f701",
    });
    expect(tx(at(lines, 5))).toMatchObject({
      asset: "ETH",
      quantityMinor: 500_000_000n,
      valueUsdCents: 116_750n,
    });
  });

  it("reads staking income, a sell with a minus sign and a send", () => {
    expect(tx(at(lines, 6))).toMatchObject({
      kind: "reward",
      quantityMinor: 1_230_000n,
      valueUsdCents: 480n,
    });
    expect(tx(at(lines, 7))).toMatchObject({ kind: "sell", quantityMinor: 200_000n, valueUsdCents: 13_594n });
    expect(tx(at(lines, 10))).toMatchObject({ kind: "send", quantityMinor: 100_000n, valueUsdCents: null });
  });

  it("marks the repeated ID, the unsupported asset, the bad date and too many decimals", () => {
    expect(at(lines, 8)).toEqual({
      line: 8,
      status: "duplicate",
      message: "The same transaction as line 5.",
    });
    expect(at(lines, 9)).toEqual({
      line: 9,
      status: "error",
      message: "DOGE is not an asset Coinlens prices yet.",
    });
    expect(at(lines, 11)).toMatchObject({
      status: "error",
      message: "The time “2024-05-xx” is not a date and time.",
    });
    expect(at(lines, 12)).toMatchObject({ status: "error", message: "BTC amounts have at most 8 decimals." });
  });

  it("refuses another exchange's file with a plain message", () => {
    const parsed = parseImportFile("coinbase", fixture("kraken-ledgers.csv"));
    expect(parsed).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a Coinbase transaction history"),
    });
  });
});

describe("Kraken ledgers", () => {
  const lines = read("kraken", "kraken-ledgers.csv");

  it("maps Kraken codes", () => {
    expect(["XXBT", "XETH", "ZUSD", "ETH2.S", "SOL.S", "USDT", "XXDG"].map(krakenAssetCode)).toEqual([
      "BTC",
      "ETH",
      "USD",
      "ETH",
      "SOL",
      "USDT",
      "DOGE",
    ]);
  });

  it("values a trade's coin line at its USD line plus the fee, and leaves the USD line out", () => {
    expect(at(lines, 2)).toMatchObject({
      status: "ignored",
      message: "ZUSD is money, not a coin: only coins are tracked here.".replace("ZUSD", "USD"),
    });
    expect(at(lines, 3)).toEqual({
      line: 3,
      status: "ignored",
      message: "The USD side of the trade on line 4.",
    });
    expect(tx(at(lines, 4))).toMatchObject({
      kind: "buy",
      asset: "BTC",
      quantityMinor: 1_000_000n,
      valueUsdCents: 45_117n,
      feeUsdCents: 117n,
      occurredAt: new Date("2024-01-09T14:03:21.482Z"),
      dedupeKey: "kraken:id:LD4DAB-P4QTZ-ZFWO2Q",
    });
  });

  it("reads staking, a withdrawal with its fee, and a sale for USD less the fee", () => {
    expect(tx(at(lines, 5))).toMatchObject({ kind: "reward", asset: "ETH", quantityMinor: 850_000n });
    expect(tx(at(lines, 6))).toMatchObject({ kind: "send", asset: "BTC", quantityMinor: 205_000n });
    expect(tx(at(lines, 12))).toMatchObject({
      kind: "sell",
      asset: "ETH",
      quantityMinor: 100_000_000n,
      valueUsdCents: 32_969n,
    });
  });

  it("marks the repeated txid, DOGE, an internal transfer and a bad time", () => {
    expect(at(lines, 7)).toMatchObject({ status: "duplicate", message: "The same transaction as line 4." });
    expect(at(lines, 8)).toEqual({
      line: 8,
      status: "error",
      message: "DOGE is not an asset Coinlens prices yet.",
    });
    expect(at(lines, 10)).toMatchObject({
      status: "ignored",
      message: expect.stringContaining("between your own Kraken wallets"),
    });
    expect(at(lines, 11)).toMatchObject({
      status: "error",
      message: "The time “not a time” is not a date and time.",
    });
  });
});

describe("Binance transaction history", () => {
  const lines = read("binance", "binance-transaction-history.csv");

  it("reads deposits, the two sides of a trade and its fee, without a price", () => {
    expect(tx(at(lines, 2))).toMatchObject({ kind: "receive", asset: "USDT", quantityMinor: 1_000_000_000n });
    expect(tx(at(lines, 3))).toMatchObject({
      kind: "sell",
      asset: "USDT",
      quantityMinor: 500_000_000n,
      valueUsdCents: null,
    });
    expect(tx(at(lines, 4))).toMatchObject({
      kind: "buy",
      asset: "BNB",
      quantityMinor: 165_000_000n,
      valueUsdCents: null,
    });
    expect(tx(at(lines, 5))).toMatchObject({
      kind: "send",
      asset: "BNB",
      quantityMinor: 123_750n,
      note: "Binance fee paid in BNB",
    });
  });

  it("keeps two identical interest lines as two transactions with numbered keys", () => {
    const a = tx(at(lines, 6)).dedupeKey;
    const b = tx(at(lines, 7)).dedupeKey;
    expect(a).toMatch(/^binance:hash:[0-9a-f]{64}:1$/);
    expect(b).toBe(a.replace(/:1$/, ":2"));
  });

  it("leaves internal moves out and marks PEPE, a date without time and too many decimals", () => {
    expect(at(lines, 8)).toMatchObject({ status: "ignored" });
    expect(at(lines, 9)).toEqual({
      line: 9,
      status: "error",
      message: "PEPE is not an asset Coinlens prices yet.",
    });
    expect(tx(at(lines, 10))).toMatchObject({ kind: "send", asset: "BNB", quantityMinor: 50_000_000n });
    expect(at(lines, 11)).toMatchObject({
      status: "error",
      message: "The time “2024-02-12” is not a date and time.",
    });
    expect(at(lines, 12)).toMatchObject({
      status: "error",
      message: "USDT amounts have at most 6 decimals.",
    });
  });

  it("gives the same keys when the same file is read again", () => {
    const again = read("binance", "binance-transaction-history.csv");
    expect(again.map((l) => (l.status === "transaction" ? l.tx.dedupeKey : l.status))).toEqual(
      lines.map((l) => (l.status === "transaction" ? l.tx.dedupeKey : l.status)),
    );
  });
});

describe("limits", () => {
  it("refuses a file over 1 MB and an empty file", () => {
    expect(parseImportFile("kraken", "x".repeat(1_000_001))).toMatchObject({
      ok: false,
      message: expect.stringContaining("1 MB"),
    });
    expect(parseImportFile("kraken", "  \n")).toEqual({ ok: false, message: "The file is empty." });
  });
});

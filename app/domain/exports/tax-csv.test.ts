import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coinTrackerCsv, koinlyCsv } from "./tax-csv.ts";
import { csvCell, type TaxSource, taxRowOf } from "./tax-rows.ts";

// One of each kind of movement, oldest first. The expected files were written by hand.
const sources: TaxSource[] = [
  {
    id: 1n,
    type: "deposit",
    asset: "BTC",
    amount: 50_000_000n, // 0.5 BTC
    counterAsset: null,
    counterAmount: null,
    swapFeeMinor: null,
    references: { txid: "abc123", depositId: "7" },
    createdAt: new Date("2026-01-02T03:04:05Z"),
  },
  {
    id: 2n,
    type: "swap",
    asset: "BTC",
    amount: 10_000_000n, // 0.1 BTC given
    counterAsset: "USDT",
    counterAmount: 6_000_000_000n, // 6,000 USDT credited after the fee
    swapFeeMinor: 3_000_000n, // 3 USDT fee → 6,003 USDT gross received
    references: { quote: "q1" },
    createdAt: new Date("2026-02-03T04:05:06Z"),
  },
  {
    id: 3n,
    type: "reward",
    asset: "SOL",
    amount: 250_000_000n, // 0.25 SOL
    counterAsset: null,
    counterAmount: null,
    swapFeeMinor: null,
    references: { stake: "9" },
    createdAt: new Date("2026-03-04T05:06:07Z"),
  },
  {
    id: 4n,
    type: "withdrawal",
    asset: "BTC",
    amount: 20_000_000n, // 0.2 BTC
    counterAsset: null,
    counterAmount: null,
    swapFeeMinor: null,
    // A reference a spreadsheet would run as a formula: written with a leading quote, and quoted.
    references: { txid: '=HYPERLINK("x")' },
    createdAt: new Date("2026-04-05T06:07:08Z"),
  },
  {
    id: 5n,
    type: "membership",
    asset: "USDT",
    amount: 10_000_000n, // 10 USDT
    counterAsset: null,
    counterAmount: null,
    swapFeeMinor: null,
    references: { plan: "Pro", period: "Monthly" },
    createdAt: new Date("2026-05-06T07:08:09Z"),
  },
  {
    id: 6n,
    type: "membership",
    asset: "USDT",
    amount: 10_000_000n,
    counterAsset: null,
    counterAmount: null,
    swapFeeMinor: null,
    references: { refund: "CL-000001" },
    createdAt: new Date("2026-06-07T08:09:10Z"),
  },
];

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/exports/${name}`, import.meta.url), "utf8");
const lf = (text: string) => text.replace(/\r\n/g, "\n");

describe("tax CSV exports", () => {
  const rows = sources.map(taxRowOf);

  it("Koinly universal CSV matches the hand-written file (CRLF line ends)", () => {
    const csv = koinlyCsv(rows);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(lf(csv)).toBe(fixture("koinly.csv"));
  });

  it("CoinTracker CSV matches the hand-written file", () => {
    expect(lf(coinTrackerCsv(rows))).toBe(fixture("cointracker.csv"));
  });

  it("an empty history is the header line alone", () => {
    expect(koinlyCsv([])).toBe(
      "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\r\n",
    );
    expect(coinTrackerCsv([])).toBe(
      "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\r\n",
    );
  });

  it("escapes quotes, commas, line breaks and formula starts", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("a swap without a fee lists the amount credited and no fee", () => {
    const row = taxRowOf({ ...(sources[1] as TaxSource), swapFeeMinor: 0n });
    expect(row.received).toEqual({ asset: "USDT", amountMinor: 6_000_000_000n });
    expect(row.fee).toBeNull();
  });
});

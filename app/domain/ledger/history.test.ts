import { describe, expect, it } from "vitest";
import {
  activeStakeUntil,
  historyRowJson,
  historySearchParams,
  historyToCsv,
  isFiltered,
  operationNote,
  parseHistoryQuery,
  periodStart,
} from "./history.ts";

describe("history query", () => {
  it("reads filters and page from the URL, ignoring unknown values", () => {
    expect(
      parseHistoryQuery(new URLSearchParams("period=7d&type=swap&status=failed&account=demo&page=3")),
    ).toEqual({
      filter: { period: "7d", type: "swap", status: "failed", account: "demo" },
      page: 3,
    });
    expect(parseHistoryQuery(new URLSearchParams("period=1y&type=x&status=&account=mt5&page=-2"))).toEqual({
      filter: { period: "total", type: undefined, status: undefined, account: undefined },
      page: 1,
    });
  });

  it("writes only non-default values, so Clear gives a clean URL", () => {
    expect(historySearchParams({ period: "total" }).toString()).toBe("");
    const params = historySearchParams({ period: "30d", type: "deposit", account: "real" }, 2);
    expect(params.toString()).toBe("period=30d&type=deposit&account=real&page=2");
    expect(parseHistoryQuery(params)).toEqual({
      filter: { period: "30d", type: "deposit", status: undefined, account: "real" },
      page: 2,
    });
  });

  it("computes period starts in UTC", () => {
    const now = new Date("2026-05-31T12:00:00Z");
    expect(periodStart("total", now)).toBeUndefined();
    expect(periodStart("3d", now)?.toISOString()).toBe("2026-05-28T12:00:00.000Z");
    expect(periodStart("7d", now)?.toISOString()).toBe("2026-05-24T12:00:00.000Z");
    expect(periodStart("30d", now)?.toISOString()).toBe("2026-05-01T12:00:00.000Z");
    expect(periodStart("3m", now)?.toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(periodStart("3m", new Date("2026-06-15T08:00:00Z"))?.toISOString()).toBe(
      "2026-03-15T08:00:00.000Z",
    );
  });
});

describe("historyToCsv", () => {
  it("writes exact amounts, labels and references, quoted, formulas neutralised", () => {
    const csv = historyToCsv([
      {
        id: 1n,
        ledger: "real",
        type: "swap",
        status: "completed",
        asset: "USD",
        amount: 1_234_56n,
        counterAsset: "BTC",
        counterAmount: 1_000n,
        references: { quote: '=HYPERLINK("x")' },
        createdAt: new Date("2026-01-02T03:04:05Z"),
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      '"Date","Type","Amount","Currency","Status","Account","Received","Received currency","Reference"',
      '"2026-01-02T03:04:05.000Z","Swap","1234.56","USD","Completed","Real","0.00001","BTC","quote: =HYPERLINK(""x"")"',
      "",
    ]);
    const formula = historyToCsv([
      {
        id: 2n,
        ledger: "demo",
        type: "deposit",
        status: "pending",
        asset: "BTC",
        amount: 5n,
        counterAsset: null,
        counterAmount: null,
        references: {},
        createdAt: new Date("2026-01-02T03:04:05Z"),
      },
    ]);
    expect(formula).toContain('"Deposit","0.00000005","BTC","Pending","Demo","","",""');
  });
});

describe("historyRowJson", () => {
  it("writes amounts as exact text and ids and dates as strings", () => {
    const json = historyRowJson({
      id: 7n,
      ledger: "real",
      type: "swap",
      status: "completed",
      asset: "BTC",
      amount: 12_345_678n,
      counterAsset: "ETH",
      counterAmount: 2_000_000_000n,
      references: { quote: "q1" },
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });
    expect(json).toEqual({
      id: "7",
      createdAt: "2026-11-01T10:00:00.000Z",
      account: "real",
      type: "swap",
      status: "completed",
      asset: "BTC",
      amount: "0.12345678",
      amountMinor: "12345678",
      counterAsset: "ETH",
      counterAmount: "2",
      references: { quote: "q1" },
    });
    expect(isFiltered({ period: "total" })).toBe(false);
    expect(isFiltered({ period: "total", account: "demo" })).toBe(true);
    expect(isFiltered({ period: "7d" })).toBe(true);
  });
});

describe("a running stake in the history", () => {
  const stake = {
    type: "stake" as const,
    status: "pending" as const,
    references: { maturity: "2026-12-25T10:00:00.000Z", duration: "1 month" },
  };
  it("reads as active until its maturity, not pending", () => {
    expect(activeStakeUntil(stake)).toBe("2026-12-25T10:00:00.000Z");
  });
  it("only while it runs, only for stakes, only with a readable maturity", () => {
    expect(activeStakeUntil({ ...stake, status: "completed" })).toBeNull();
    expect(activeStakeUntil({ ...stake, type: "deposit" })).toBeNull();
    expect(activeStakeUntil({ ...stake, references: {} })).toBeNull();
    expect(activeStakeUntil({ ...stake, references: { maturity: "soon" } })).toBeNull();
  });
});

describe("operationNote", () => {
  it("says a demo balance reset where the row would otherwise read as a plain Deposit", () => {
    expect(operationNote({ type: "deposit", references: { method: "Demo balance reset" } })).toBe(
      "Demo balance reset",
    );
    expect(operationNote({ type: "deposit", references: { method: "Virtual demo funds" } })).toBeNull();
    expect(operationNote({ type: "swap", references: { method: "Demo balance reset" } })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { validateEntry } from "../ledger/entries.ts";
import { type Balances, DEMO_FUNDING_USD_MINOR } from "../ledger/types.ts";
import { ASSETS } from "../money/assets.ts";
import { DEMO_START_TEXT, demoResetMessages, demoResetPostings, isDemoResetKey } from "./demo-reset.ts";

function balances(values: Partial<Record<string, bigint>> = {}): Balances {
  const out = Object.fromEntries(ASSETS.map((a) => [a, { available: 0n, held: 0n, staked: 0n }])) as Balances;
  for (const [name, value] of Object.entries(values)) {
    const [asset, kind] = name.split(" ") as [keyof Balances, "available" | "held" | "staked"];
    out[asset][kind] = value ?? 0n;
  }
  return out;
}

const entry = (postings: ReturnType<typeof demoResetPostings>) => ({
  idempotencyKey: "k",
  code: "demo.reset" as const,
  ledger: "demo" as const,
  postings,
});

describe("demoResetPostings", () => {
  it("takes every member balance to zero and USD available to 10,000, each difference against demo_funding", () => {
    const postings = demoResetPostings(
      "u1",
      balances({
        "USD available": 250_00n,
        "BTC available": 5_000_000n,
        "USDT staked": 500_000_000n,
        "ETH held": 7n,
      }),
    );
    expect(postings).toEqual([
      {
        account: { userId: "u1", kind: "available", asset: "USD", ledger: "demo" },
        amount: 1_000_000n - 250_00n,
      },
      { account: { userId: "u1", kind: "available", asset: "BTC", ledger: "demo" }, amount: -5_000_000n },
      { account: { userId: "u1", kind: "held", asset: "ETH", ledger: "demo" }, amount: -7n },
      { account: { userId: "u1", kind: "staked", asset: "USDT", ledger: "demo" }, amount: -500_000_000n },
      { account: { system: "demo_funding", asset: "USD", ledger: "demo" }, amount: -(1_000_000n - 250_00n) },
      { account: { system: "demo_funding", asset: "BTC", ledger: "demo" }, amount: 5_000_000n },
      { account: { system: "demo_funding", asset: "ETH", ledger: "demo" }, amount: 7n },
      { account: { system: "demo_funding", asset: "USDT", ledger: "demo" }, amount: 500_000_000n },
    ]);
    // A valid entry: balanced per asset, no account twice, no zero posting.
    expect(() => validateEntry(entry(postings))).not.toThrow();
  });

  it("takes USD above the starting funds back down to them", () => {
    const postings = demoResetPostings("u1", balances({ "USD available": 1_500_000n }));
    expect(postings).toEqual([
      { account: { userId: "u1", kind: "available", asset: "USD", ledger: "demo" }, amount: -500_000n },
      { account: { system: "demo_funding", asset: "USD", ledger: "demo" }, amount: 500_000n },
    ]);
  });

  it("moves nothing between the member's own accounts through demo_funding when they cancel out", () => {
    // 9,900 available and 100 held: held goes to available, demo_funding is not touched.
    const postings = demoResetPostings("u1", balances({ "USD available": 990_000n, "USD held": 10_000n }));
    expect(postings).toEqual([
      { account: { userId: "u1", kind: "available", asset: "USD", ledger: "demo" }, amount: 10_000n },
      { account: { userId: "u1", kind: "held", asset: "USD", ledger: "demo" }, amount: -10_000n },
    ]);
    expect(() => validateEntry(entry(postings))).not.toThrow();
  });

  it("is empty for an account holding exactly the starting funds", () => {
    expect(demoResetPostings("u1", balances({ "USD available": DEMO_FUNDING_USD_MINOR }))).toEqual([]);
  });

  it("can never be posted on the real ledger: every account names the demo ledger", () => {
    const postings = demoResetPostings("u1", balances({ "BTC available": 1n }));
    expect(() => validateEntry({ ...entry(postings), ledger: "real" })).toThrow(
      /real and demo money never meet/,
    );
  });
});

describe("the reset's words and form key", () => {
  it("names the starting funds as 10,000.00 USD and says the real account is not touched", () => {
    expect(DEMO_START_TEXT).toBe("10,000.00 USD");
    expect(demoResetMessages.confirmBody).toBe(
      "Your demo coins and stakes are cleared and your demo account gets 10,000.00 USD of virtual funds again. Your real account is not touched.",
    );
    expect(demoResetMessages.done).toContain("10,000.00 USD");
  });

  it("accepts the UUID a page renders and nothing else", () => {
    expect(isDemoResetKey("3f1c6a56-0d57-4b0e-9a59-6d3f2f6a1c2b")).toBe(true);
    expect(isDemoResetKey("")).toBe(false);
    expect(isDemoResetKey("short")).toBe(false);
    expect(isDemoResetKey("a:b:c:d:e:f")).toBe(false);
    expect(isDemoResetKey("x".repeat(101))).toBe(false);
    expect(isDemoResetKey(undefined)).toBe(false);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildOverview } from "~/domain/portfolio/overview.ts";
import { formatQuantity, formatSignedBps, HoldingsTable } from "./holdings-table.tsx";

// The holdings table of /portfolio with holdings from every source (the browser test's member
// holds on Coinlens only, as no page to add outside holdings is part of this branch's build).

const { rows } = buildOverview([
  {
    asset: "BTC",
    coinlensMinor: 10_000_000n,
    elsewhereMinor: 20_000_000n,
    walletsMinor: 5_000_000n,
    priceUsd: "40000",
    change24hPct: -2.5,
  },
  {
    asset: "TRX",
    coinlensMinor: 0n,
    elsewhereMinor: 1_500_000_000n,
    walletsMinor: 0n,
    priceUsd: null,
    change24hPct: 1,
  },
]);

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("HoldingsTable", () => {
  it("shows a column per source in use, the value in the display currency and an unpriced asset honestly", () => {
    const html = renderToStaticMarkup(
      <HoldingsTable rows={rows} currency="GBP" rates={{ USD: "1", GBP: "0.8" }} hidden={false} />,
    );
    const shown = text(html);
    expect(shown).toContain("On Coinlens Elsewhere Wallets Total quantity Price Value Share 24 h");
    // 0.35 BTC at $40,000 = $14,000 = £11,200; its 24 h move shown with its sign.
    expect(shown).toContain("0.1 0.2 0.05 0.35 £32,000.00 £11,200.00");
    expect(shown).toContain("-2.5%");
    // TRX has no price: listed with its quantity (elsewhere only; again under the name for phones),
    // no value, no share, no 24 h move.
    expect(shown).toContain("TRON TRX 1,500 — 1,500 — 1,500 No price yet Not valued — —");
  });

  it("hides every quantity and amount when balances are hidden, keeping the shares", () => {
    const shown = text(
      renderToStaticMarkup(<HoldingsTable rows={rows} currency="USD" rates={{ USD: "1" }} hidden />),
    );
    expect(shown).not.toContain("0.35");
    expect(shown).not.toContain("$14,000.00");
    expect(shown).toContain("Hidden");
    expect(shown).toContain("100%");
  });
});

describe("formatQuantity and formatSignedBps", () => {
  it("reads like an amount: usual decimals, trimmed, tiny holdings in full", () => {
    expect(formatQuantity(123_456_789n, "BTC")).toBe("1.23456789");
    expect(formatQuantity(1_234_500_000_000n, "ETH")).toBe("1,234.5");
    expect(formatQuantity(1n, "ETH")).toBe("0.000000001");
    expect(formatQuantity(0n, "SOL")).toBe("—");
    expect(formatQuantity(100_000n, "USD")).toBe("1,000.00");
    expect(formatSignedBps(235n)).toBe("+2.35%");
    expect(formatSignedBps(-50n)).toBe("-0.5%");
    expect(formatSignedBps(0n)).toBe("0%");
  });
});

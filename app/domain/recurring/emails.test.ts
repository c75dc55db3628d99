import { describe, expect, it } from "vitest";
import { renderEmail } from "../mail/emails.ts";

const ctx = { brand: "Coinlens", publicUrl: "https://coinlens.test" };

describe("recurring buy e-mails", () => {
  it("a bought run says what was bought for what", () => {
    const mail = renderEmail(
      {
        template: "recurring-buy-run",
        data: {
          name: "Ann",
          outcome: "bought",
          asset: "BTC",
          runOn: "30 Nov 2026",
          paid: "50.00 USD",
          received: "0.0004975 BTC",
          reason: null,
          demo: false,
        },
      },
      ctx,
    );
    expect(mail.subject).toBe("Coinlens: your recurring buy of BTC went through");
    expect(mail.text).toContain("Your recurring buy on 30 Nov 2026 bought 0.0004975 BTC for 50.00 USD.");
    expect(mail.text).toContain("https://coinlens.test/recurring");
  });

  it("a skipped run gives the reason and says no money moved; demo says virtual funds", () => {
    const mail = renderEmail(
      {
        template: "recurring-buy-run",
        data: {
          name: "Ann",
          outcome: "skipped",
          asset: "ETH",
          runOn: "1 Dec 2026",
          paid: "25.00 USDT",
          received: null,
          reason: "Not enough USDT in your demo account: the buy needed 25.00 USDT.",
          demo: true,
        },
      },
      ctx,
    );
    expect(mail.subject).toBe("Coinlens: your recurring buy of ETH was skipped");
    expect(mail.text).toContain(
      "Your recurring buy of ETH for 25.00 USDT on 1 Dec 2026 was skipped in your demo account (virtual funds): Not enough USDT in your demo account: the buy needed 25.00 USDT.",
    );
    expect(mail.text).toContain("No money moved.");
  });
});

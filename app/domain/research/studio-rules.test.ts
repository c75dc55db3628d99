import { describe, expect, it } from "vitest";
import { renderResearchEmail } from "./emails.ts";
import { readEditorForm } from "./studio-form.ts";
import {
  checkPublishAt,
  holdingsSentence,
  mayReview,
  parseList,
  slugFor,
  studioMessages,
} from "./studio-rules.ts";

describe("studio rules", () => {
  it("the holdings disclosure reads as a sentence", () => {
    expect(holdingsSentence([])).toBe("The author holds none of the assets mentioned.");
    expect(holdingsSentence(["BTC"])).toBe("The author holds BTC.");
    expect(holdingsSentence(["BTC", "ETH", "SOL"])).toBe("The author holds BTC, ETH and SOL.");
  });

  it("slugs are lower-case words with a suffix; accents and symbols go", () => {
    expect(slugFor("Solana: the upgrade & fees!", "a1b2")).toBe("solana-the-upgrade-fees-a1b2");
    expect(slugFor("Ça va, Ethereum?", "ff")).toBe("ca-va-ethereum-ff");
    expect(slugFor("***", "00")).toBe("piece-00");
    expect(slugFor("x".repeat(100), "01")).toHaveLength(63);
  });

  it("nobody reviews their own piece; members and support never review", () => {
    expect(mayReview({ id: "a", role: "analyst" }, "a")).toBe(false);
    expect(mayReview({ id: "b", role: "analyst" }, "a")).toBe(true);
    expect(mayReview({ id: "c", role: "admin" }, "a")).toBe(true);
    expect(mayReview({ id: "d", role: "support" }, "a")).toBe(false);
    expect(mayReview({ id: "e", role: "member" }, "a")).toBe(false);
  });

  it("a scheduled time is in the future and within 90 days", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    expect(checkPublishAt(new Date("2026-11-26T10:00:00Z"), now)).toBe(studioMessages.publishAtPast);
    expect(checkPublishAt(new Date("invalid"), now)).toBe(studioMessages.publishAtPast);
    expect(checkPublishAt(new Date("2026-11-26T10:01:00Z"), now)).toBeNull();
    expect(checkPublishAt(new Date("2027-02-25T10:00:00Z"), now)).toBe(studioMessages.publishAtFar);
  });

  it("topics and tags are read once each, in order", () => {
    expect(parseList("DeFi, etf  defi,,macro")).toEqual(["defi", "etf", "macro"]);
    expect(parseList("btc eth BTC", true)).toEqual(["BTC", "ETH"]);
  });

  it("the editor's form: holdings are chosen, not typed; the kind's fields are kept by name", () => {
    const form = new FormData();
    for (const [k, v] of [
      ["title", "T"],
      ["summary", "S"],
      ["body", "B"],
      ["premium", "on"],
      ["assets", "SOL"],
      ["assets", "BTC"],
      ["topics", "defi, etf"],
      ["holdings", "some"],
      ["held", "SOL"],
      ["held", "FAKE"],
      ["pick.asset", "SOL"],
      ["setup.stop", "1"],
    ] as const)
      form.append(k, v);
    const { draft, details } = readEditorForm(form, "pick");
    expect(draft).toEqual({
      title: "T",
      summary: "S",
      body: "B",
      premium: true,
      holdings: "The author holds SOL.",
      assets: ["SOL", "BTC"],
      topics: ["defi", "etf"],
    });
    expect(details).toEqual({ asset: "SOL", held: ["SOL"] });
    const none = new FormData();
    none.set("holdings", "none");
    expect(readEditorForm(none, "report").draft.holdings).toBe(
      "The author holds none of the assets mentioned.",
    );
    // "Some" with nothing ticked is not a disclosure.
    none.set("holdings", "some");
    expect(readEditorForm(none, "report").draft.holdings).toBe("");
  });

  it("research e-mails carry a one-click List-Unsubscribe", () => {
    const ctx = { brand: "Coinlens", publicUrl: "https://coinlens.example" };
    const rendered = renderResearchEmail(
      {
        template: "research-published",
        data: {
          name: "Ada",
          headline: "New pick",
          title: "SOL",
          summary: "Why",
          path: "/research/sol-1",
          reason: "you follow SOL",
          unsubscribePath: "/research/unsubscribe?u=1&k=asset&t=SOL&s=x",
          premium: true,
        },
      },
      ctx,
    );
    expect(rendered.subject).toBe("Coinlens research — New pick: SOL");
    expect(rendered.text).toContain("Read it on https://coinlens.example/research/sol-1");
    expect(rendered.headers).toEqual({
      "List-Unsubscribe": "<https://coinlens.example/research/unsubscribe?u=1&k=asset&t=SOL&s=x>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

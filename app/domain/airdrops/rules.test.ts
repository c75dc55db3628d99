import { describe, expect, it } from "vitest";
import { renderAirdropEmail } from "./emails.ts";
import { effectiveStatus, estimatedValueOf, isHttpsUrl, UNKNOWN_VALUE } from "./rules.ts";

describe("airdrop rules", () => {
  it("only absolute https links with a host and no credentials", () => {
    expect(isHttpsUrl("https://lumen.example.org/a?b=1")).toBe(true);
    for (const bad of [
      "http://x.example",
      "javascript:alert(1)",
      "//x.example",
      "/airdrops",
      "https://u:p@x.example",
      "ftp://x",
      "",
    ])
      expect(isHttpsUrl(bad)).toBe(false);
  });

  it("a passed deadline ends an airdrop; none keeps the stored status", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(effectiveStatus("active", new Date("2026-11-20T12:00:00Z"), now)).toBe("ended");
    expect(effectiveStatus("upcoming", new Date("2026-11-21T00:00:00Z"), now)).toBe("upcoming");
    expect(effectiveStatus("upcoming", null, now)).toBe("upcoming");
  });

  it("an estimate shows only with an https source", () => {
    expect(estimatedValueOf("$200", "https://news.example.org/x")).toEqual({
      text: "$200",
      source: "https://news.example.org/x",
    });
    expect(estimatedValueOf("$200", null)).toEqual({ text: UNKNOWN_VALUE, source: null });
    expect(estimatedValueOf("$200", "http://news.example.org/x")).toEqual({
      text: UNKNOWN_VALUE,
      source: null,
    });
  });

  it("the reminder names the deadline, the tasks left, the checklist and the seed-phrase warning", () => {
    const { subject, text } = renderAirdropEmail(
      {
        template: "airdrop-deadline-reminder",
        data: {
          project: "Lumen Bridge",
          deadline: "2026-11-21T12:00:00.000Z",
          tasksDone: 1,
          tasksTotal: 3,
          isSample: false,
        },
      },
      { brand: "Coinlens", publicUrl: "https://coinlens.example" },
    );
    expect(subject).toBe("Lumen Bridge: the airdrop closes 21 Nov 2026, 12:00 UTC");
    expect(text).toContain("You have ticked 1 of 3 tasks; 2 left.");
    expect(text).toContain("https://coinlens.example/airdrops");
    expect(text).toContain("never ask for your seed phrase");
    expect(text).not.toContain("sample");
  });
});

import { describe, expect, it } from "vitest";
import { defaultBrokers, isSafeBrokerUrl } from "./brokers.server.ts";

describe("brokers", () => {
  it("accepts only https links", () => {
    expect(isSafeBrokerUrl("https://www.kraken.com/")).toBe(true);
    expect(isSafeBrokerUrl("http://www.kraken.com/")).toBe(false);
    expect(isSafeBrokerUrl("javascript:alert(1)")).toBe(false);
    expect(isSafeBrokerUrl("not a url")).toBe(false);
  });

  it("seeds four brokers with https links and local images, none marked affiliate", () => {
    expect(defaultBrokers).toHaveLength(4);
    for (const b of defaultBrokers) {
      expect(isSafeBrokerUrl(b.url)).toBe(true);
      expect(b.imageUrl).toMatch(/^\/images\/brokers\/\w+\.svg$/);
      expect(b.affiliate).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  earnFormMessages as m,
  parseAprPercent,
  parseBrokerForm,
  parseFundingForm,
  parseProductForm,
  parseSpreadForm,
  productFormDefaults,
} from "./admin-forms.ts";

const product = { apr: "6.5", minimumUsd: "100", perMemberMaximum: "5", totalCapacity: "100", enabled: "on" };
const broker = {
  name: "Bitpanda",
  url: "https://www.bitpanda.com/",
  imageUrl: "",
  priceText: "Card, SEPA",
  sortOrder: "5",
  affiliate: "on",
};

describe("product terms form", () => {
  it("reads the APR as exact basis points, never through a float", () => {
    expect(parseAprPercent("6.5")).toBe(650);
    expect(parseAprPercent("0.07")).toBe(7);
    expect(parseAprPercent("12")).toBe(1200);
    expect(parseAprPercent("4.35 %")).toBe(435);
    for (const bad of ["", "6.555", "-1", "1e2", "6,5", "abc", "1000"])
      expect(parseAprPercent(bad)).toBeNull();
  });

  it("returns bigint minor units of the product's asset and USD", () => {
    expect(parseProductForm("BTC", product)).toEqual({
      ok: true,
      value: {
        aprBps: 650,
        minimumUsdMinor: 10_000n,
        perMemberMaximumMinor: 500_000_000n,
        totalCapacityMinor: 10_000_000_000n,
        enabled: true,
      },
    });
    const closed = parseProductForm("BTC", { ...product, enabled: null });
    expect(closed.ok && closed.value.enabled).toBe(false);
  });

  it("gives one clear message per wrong field", () => {
    expect(
      parseProductForm("BTC", {
        apr: "101",
        minimumUsd: "0",
        perMemberMaximum: "0.000000001",
        totalCapacity: "",
      }),
    ).toEqual({
      ok: false,
      errors: {
        apr: m.aprTooHigh,
        minimumUsd: m.minimumPositive,
        perMemberMaximum: "BTC amounts have at most 8 decimals.",
        totalCapacity: "Enter an amount such as 10 or 0.5.",
      },
    });
    expect(parseProductForm("USDT", { ...product, apr: "six" })).toEqual({
      ok: false,
      errors: { apr: m.aprFormat },
    });
    expect(parseProductForm("USDT", { ...product, perMemberMaximum: "-5" })).toEqual({
      ok: false,
      errors: { perMemberMaximum: m.maximumPositive },
    });
    expect(parseProductForm("USDT", { ...product, perMemberMaximum: "200", totalCapacity: "100" })).toEqual({
      ok: false,
      errors: { totalCapacity: m.capacityBelowMaximum },
    });
  });

  it("its defaults read back to the same terms", () => {
    const terms = {
      aprBps: 725,
      minimumUsdMinor: 12_550n,
      perMemberMaximumMinor: 123_456_789n,
      totalCapacityMinor: 9_876_543_210n,
    };
    const text = productFormDefaults("ETH", terms);
    expect(text).toEqual({
      apr: "7.25",
      minimumUsd: "125.5",
      perMemberMaximum: "0.123456789",
      totalCapacity: "9.87654321",
    });
    expect(parseProductForm("ETH", { ...text, enabled: "on" })).toEqual({
      ok: true,
      value: { ...terms, enabled: true },
    });
  });
});

describe("funding form", () => {
  it("funds a pool or a treasury in minor units", () => {
    expect(parseFundingForm("pool", { ledger: "demo", asset: "SOL", amount: "2.5" })).toEqual({
      ok: true,
      value: { target: "pool", ledger: "demo", asset: "SOL", amountMinor: 2_500_000_000n },
    });
    expect(parseFundingForm("treasury", { ledger: "real", asset: "USD", amount: "10" })).toEqual({
      ok: true,
      value: { target: "treasury", ledger: "real", asset: "USD", amountMinor: 1000n },
    });
  });

  it("refuses USD for a rewards pool, zero, and unknown ledgers or assets", () => {
    expect(parseFundingForm("pool", { ledger: "real", asset: "USD", amount: "10" })).toEqual({
      ok: false,
      errors: { asset: m.poolAsset },
    });
    expect(parseFundingForm("pool", { ledger: "real", asset: "BTC", amount: "0" })).toEqual({
      ok: false,
      errors: { amount: "The amount must be greater than zero." },
    });
    expect(parseFundingForm("treasury", { ledger: "paper", asset: "DOGE", amount: "1" })).toEqual({
      ok: false,
      errors: { ledger: m.ledger, asset: m.asset },
    });
  });
});

describe("spread form", () => {
  it("takes whole basis points from 0 to 1000", () => {
    expect(parseSpreadForm({ spreadBps: "0" })).toEqual({ ok: true, value: 0 });
    expect(parseSpreadForm({ spreadBps: " 75 " })).toEqual({ ok: true, value: 75 });
    for (const bad of ["1001", "-1", "2.5", "", "1e3"]) {
      expect(parseSpreadForm({ spreadBps: bad })).toEqual({ ok: false, errors: { spreadBps: m.spread } });
    }
  });
});

describe("broker form", () => {
  it("accepts an https link, a local image or none, and the checkboxes", () => {
    expect(parseBrokerForm(broker)).toEqual({
      ok: true,
      value: {
        name: "Bitpanda",
        url: "https://www.bitpanda.com/",
        imageUrl: "",
        priceText: "Card, SEPA",
        sortOrder: 5,
        affiliate: true,
        enabled: false,
      },
    });
    const withImage = parseBrokerForm({ ...broker, imageUrl: "/images/brokers/kraken.svg", enabled: "on" });
    expect(withImage.ok && withImage.value).toMatchObject({
      imageUrl: "/images/brokers/kraken.svg",
      enabled: true,
    });
  });

  it("refuses unsafe links and images from elsewhere, with a message per field", () => {
    const result = parseBrokerForm({
      name: "",
      url: "javascript:alert(1)",
      imageUrl: "https://evil.example/logo.png",
      priceText: "x".repeat(81),
      sortOrder: "1000",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: m.brokerName,
        url: m.brokerUrl,
        imageUrl: m.brokerImage,
        priceText: m.brokerPriceText,
        sortOrder: m.brokerOrder,
      },
    });
    for (const url of ["http://www.kraken.com/", "https://localhost/", "https://user:pw@kraken.com/"]) {
      expect(parseBrokerForm({ ...broker, url })).toEqual({ ok: false, errors: { url: m.brokerUrl } });
    }
    for (const imageUrl of ["/images/../secrets.svg", "//evil.example/a.svg", "/images/a.gif"]) {
      expect(parseBrokerForm({ ...broker, imageUrl })).toEqual({
        ok: false,
        errors: { imageUrl: m.brokerImage },
      });
    }
  });
});

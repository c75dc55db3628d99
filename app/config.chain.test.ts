import { describe, expect, it } from "vitest";
import { TEST_ROOT, TEST_XPUBS } from "../tests/chain-keys.ts";
import { productionBasics } from "../tests/config.ts";
import { parseConfig } from "./config.server.ts";

const root = TEST_ROOT;
const BTC_XPUB = TEST_XPUBS.btc;
const TRON_XPUB = TEST_XPUBS.tron;

const production = productionBasics;

describe("deposit keys in the configuration", () => {
  it("development: deposits on, no keys needed (generated later), TRON on the test network", () => {
    const result = parseConfig({});
    expect(result.ok && result.config.payments).toMatchObject({
      depositsEnabled: true,
      btcXpub: undefined,
      tronXpub: undefined,
      tronNetwork: "testnet",
      btcConfirmations: 3,
      ngnPerUsd: "1458.65",
    });
  });

  it("production refuses to start with deposits enabled and no keys", () => {
    const result = parseConfig({ ...production, DEPOSITS_ENABLED: "true" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.split(":")[0])).toEqual(["BTC_XPUB", "TRON_XPUB"]);
  });

  it("production starts with deposits enabled and both public keys", () => {
    const result = parseConfig({ ...production, DEPOSITS_ENABLED: "true", BTC_XPUB, TRON_XPUB });
    expect(result.ok && result.config.payments.depositsEnabled).toBe(true);
    expect(result.ok && result.config.payments.tronNetwork).toBe("mainnet");
  });

  it("production keeps deposits off unless enabled, so it starts without keys", () => {
    const result = parseConfig(production);
    expect(result.ok && result.config.payments.depositsEnabled).toBe(false);
  });

  it("refuses a private key or a key at the wrong depth, in any environment", () => {
    const result = parseConfig({
      BTC_XPUB: root.derive("m/84'/0'/0'").privateExtendedKey,
      TRON_XPUB: root.derive("m/44'/195'").publicExtendedKey,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatch(/^BTC_XPUB: This is a private key/);
    expect(result.problems[1]).toMatch(/^TRON_XPUB: .*depth 2/);
  });
});

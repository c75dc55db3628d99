import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server.ts";

const seed = pbkdf2(
  sha512,
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "mnemonic",
  { c: 2048, dkLen: 64 },
);
const root = HDKey.fromMasterSeed(seed);
const BTC_XPUB = root.derive("m/84'/0'/0'").publicExtendedKey;
const TRON_XPUB = root.derive("m/44'/195'/0'").publicExtendedKey;

const production = {
  APP_ENV: "production",
  SESSION_SECRET: "x".repeat(48),
  PUBLIC_URL: "https://coinlens.example",
  MARKET_DATA: "live",
  CHAIN_WATCHER: "live",
};

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

import { createECDH } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { TEST_ROOT, TEST_SEED } from "../../../tests/chain-keys.ts";
import { btcDeriver, p2wpkhAddress, tronAddressFromPublicKey, tronDeriver } from "./addresses.ts";
import { convertExtendedPublicKey, parseExtendedPublicKey } from "./extended-key.ts";
import { decompressPublicKey } from "./secp256k1.ts";

const base58check = createBase58check(sha256);

// The BIP84 test mnemonic's seed and master key (tests/chain-keys.ts).
const SEED = TEST_SEED;
const ROOT = TEST_ROOT;

// Published in BIP84 (https://github.com/bitcoin/bips/blob/master/bip-0084.mediawiki#test-vectors).
const BIP84_ACCOUNT_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const BIP84_RECEIVE_0 = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const BIP84_RECEIVE_1 = "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g";

// Published for the same mnemonic at m/44'/195'/0'/0/0 and /1 (Ian Coleman's BIP39 tool, the
// Ledger TRON app's test script and several wallet libraries agree).
const TRON_0 = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRON_1 = "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK";

describe("BTC BIP84 derivation", () => {
  const accountXpub = ROOT.derive("m/84'/0'/0'").publicExtendedKey;

  it("the account key derived from the test mnemonic is the published BIP84 zpub", () => {
    expect(convertExtendedPublicKey(accountXpub, "zpub")).toBe(BIP84_ACCOUNT_ZPUB);
    expect(convertExtendedPublicKey(BIP84_ACCOUNT_ZPUB, "xpub")).toBe(accountXpub);
  });

  it("zpub input yields the published receive addresses 0 and 1", () => {
    const deriver = btcDeriver(BIP84_ACCOUNT_ZPUB);
    expect(deriver.network).toBe("mainnet");
    expect(deriver.derive(0)).toBe(BIP84_RECEIVE_0);
    expect(deriver.derive(1)).toBe(BIP84_RECEIVE_1);
  });

  it("xpub input of the same key yields the same addresses", () => {
    expect(accountXpub.startsWith("xpub")).toBe(true);
    const deriver = btcDeriver(accountXpub);
    expect(deriver.derive(0)).toBe(BIP84_RECEIVE_0);
    expect(deriver.derive(1)).toBe(BIP84_RECEIVE_1);
  });

  it("addresses 0..19 match an independent derivation from the private key path", () => {
    const deriver = btcDeriver(BIP84_ACCOUNT_ZPUB);
    for (let i = 0; i < 20; i++) {
      const child = ROOT.derive(`m/84'/0'/0'/0/${i}`);
      expect(deriver.derive(i)).toBe(p2wpkhAddress(child.publicKey as Uint8Array, "mainnet"));
    }
  });

  it("tpub and vpub give testnet (tb1) addresses", () => {
    const testRoot = HDKey.fromMasterSeed(SEED, { private: 0x04358394, public: 0x043587cf });
    const tpub = testRoot.derive("m/84'/1'/0'").publicExtendedKey;
    expect(tpub.startsWith("tpub")).toBe(true);
    const vpub = convertExtendedPublicKey(tpub, "vpub");
    expect(vpub.startsWith("vpub")).toBe(true);
    const expected0 = p2wpkhAddress(testRoot.derive("m/84'/1'/0'/0/0").publicKey as Uint8Array, "testnet");
    expect(expected0.startsWith("tb1q")).toBe(true);
    expect(btcDeriver(tpub).derive(0)).toBe(expected0);
    expect(btcDeriver(vpub).derive(0)).toBe(expected0);
    expect(btcDeriver(vpub).network).toBe("testnet");
    // BIP84 publishes m/84'/1'/0'/0/0 for this mnemonic on testnet as well.
    expect(expected0).toBe("tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
  });

  it("refuses private keys, non-account depths and garbage", () => {
    expect(() => parseExtendedPublicKey(ROOT.derive("m/84'/0'/0'").privateExtendedKey)).toThrow(
      /private key/,
    );
    expect(() => btcDeriver(ROOT.derive("m/84'/0'").publicExtendedKey)).toThrow(/depth 2/);
    expect(() => btcDeriver("xpub123")).toThrow(/extended key/);
    const flipped = `${BIP84_ACCOUNT_ZPUB.slice(0, -1)}${BIP84_ACCOUNT_ZPUB.endsWith("s") ? "t" : "s"}`;
    expect(() => btcDeriver(flipped)).toThrow(/checksum/);
  });

  it("rejects indexes outside the non-hardened range", () => {
    const deriver = btcDeriver(BIP84_ACCOUNT_ZPUB);
    expect(() => deriver.derive(-1)).toThrow(RangeError);
    expect(() => deriver.derive(2 ** 31)).toThrow(RangeError);
    expect(() => deriver.derive(1.5)).toThrow(RangeError);
  });
});

describe("TRON BIP44 coin 195 derivation", () => {
  const accountXpub = ROOT.derive("m/44'/195'/0'").publicExtendedKey;

  function independentTronAddress(path: string): string {
    // Uncompressed public key from node:crypto (OpenSSL), not from our own decompression.
    const ecdh = createECDH("secp256k1");
    ecdh.setPrivateKey(ROOT.derive(path).privateKey as Uint8Array);
    const uncompressed = new Uint8Array(ecdh.getPublicKey());
    const hash = keccak_256(uncompressed.subarray(1));
    return base58check.encode(new Uint8Array([0x41, ...hash.subarray(12)]));
  }

  it("the account xpub yields the published addresses for index 0 and 1", () => {
    const deriver = tronDeriver(accountXpub);
    expect(deriver.derive(0)).toBe(TRON_0);
    expect(deriver.derive(1)).toBe(TRON_1);
  });

  it("addresses 0..19 match an independent derivation from the private key path", () => {
    const deriver = tronDeriver(accountXpub);
    for (let i = 0; i < 20; i++) {
      expect(deriver.derive(i)).toBe(independentTronAddress(`m/44'/195'/0'/0/${i}`));
    }
  });

  it("point decompression agrees with OpenSSL for both parities", () => {
    for (let i = 0; i < 12; i++) {
      const child = ROOT.derive(`m/44'/195'/0'/0/${i}`);
      const ecdh = createECDH("secp256k1");
      ecdh.setPrivateKey(child.privateKey as Uint8Array);
      expect(Buffer.from(decompressPublicKey(child.publicKey as Uint8Array))).toEqual(ecdh.getPublicKey());
      expect(tronAddressFromPublicKey(new Uint8Array(ecdh.getPublicKey()))).toBe(
        tronAddressFromPublicKey(child.publicKey as Uint8Array),
      );
    }
    expect(() => decompressPublicKey(new Uint8Array(33))).toThrow();
  });
});

describe("bech32 helpers used by the fixtures below", () => {
  it("round-trips a segwit v0 program", () => {
    const words = [0, ...bech32.toWords(new Uint8Array(20))];
    expect(bech32.decode(bech32.encode("bc", words)).words).toEqual(words);
    expect(bech32m.encode("bc", [1, ...bech32m.toWords(new Uint8Array(32))]).startsWith("bc1p")).toBe(true);
  });
});

import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { validateBic, validateBtcAddress, validateIban, validateTronAddress } from "./validate.ts";

const base58check = createBase58check(sha256);
const hash20 = new Uint8Array(20).fill(7);
const hash32 = new Uint8Array(32).fill(9);

function flipLastChar(address: string): string {
  const last = address.at(-1) as string;
  return address.slice(0, -1) + (last === "q" ? "p" : last === "Q" ? "P" : last === "2" ? "3" : "q");
}

describe("validateBtcAddress", () => {
  // [address, network, expected type]
  const valid: [string, "mainnet" | "testnet", string][] = [
    ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "mainnet", "p2wpkh"],
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "mainnet", "p2wpkh"],
    ["bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "mainnet", "p2wsh"],
    ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "testnet", "p2wsh"],
    ["tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl", "testnet", "p2wpkh"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "mainnet", "p2tr"],
    ["1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA", "mainnet", "p2pkh"],
    ["3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "mainnet", "p2sh"],
    [base58check.encode(new Uint8Array([0x6f, ...hash20])), "testnet", "p2pkh"],
    [base58check.encode(new Uint8Array([0xc4, ...hash20])), "testnet", "p2sh"],
    [bech32m.encode("tb", [1, ...bech32m.toWords(hash32)]), "testnet", "p2tr"],
    ["  bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu  ", "mainnet", "p2wpkh"],
  ];
  it.each(valid)("accepts %s on %s as %s", (address, network, type) => {
    expect(validateBtcAddress(address, network)).toMatchObject({ ok: true, type });
  });

  // [address, network, expected reason]
  const invalid: [string, "mainnet" | "testnet", string][] = [
    ["", "mainnet", "blank"],
    ["   ", "mainnet", "blank"],
    // wrong network, both directions and both encodings
    ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "testnet", "wrong_network"],
    ["tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl", "mainnet", "wrong_network"],
    ["1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA", "testnet", "wrong_network"],
    [base58check.encode(new Uint8Array([0x6f, ...hash20])), "mainnet", "wrong_network"],
    [base58check.encode(new Uint8Array([0xc4, ...hash20])), "mainnet", "wrong_network"],
    // typos: checksum must catch them
    [flipLastChar("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"), "mainnet", "checksum"],
    [flipLastChar("1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA"), "mainnet", "checksum"],
    [flipLastChar("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"), "mainnet", "checksum"],
    // BIP350: v0 with bech32m, v1 with bech32 are invalid
    [bech32m.encode("bc", [0, ...bech32m.toWords(hash20)]), "mainnet", "checksum"],
    [bech32.encode("bc", [1, ...bech32.toWords(hash32)]), "mainnet", "checksum"],
    // mixed case is invalid bech32
    ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306FYU", "mainnet", "format"],
    // v0 program of a wrong length
    [bech32.encode("bc", [0, ...bech32.toWords(new Uint8Array(25))]), "mainnet", "format"],
    // future witness version: valid encoding, refused so funds are not lost
    [bech32m.encode("bc", [2, ...bech32m.toWords(hash32)]), "mainnet", "unsupported"],
    // other chains and nonsense
    ["TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", "mainnet", "format"],
    ["0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "mainnet", "format"],
    ["ltc1qg82tsd4qv6wq9hjskv0y9z2w2xeuj7z8ry8c6p", "mainnet", "format"],
    [base58check.encode(new Uint8Array([0x30, ...hash20])), "mainnet", "format"],
    ["hello", "mainnet", "format"],
  ];
  it.each(invalid)("rejects %s on %s (%s)", (address, network, reason) => {
    const result = validateBtcAddress(address, network);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message.length).toBeGreaterThan(5);
    }
  });
});

describe("validateTronAddress", () => {
  it.each([
    "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
    "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK",
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    base58check.encode(new Uint8Array([0x41, ...hash20])),
  ])("accepts %s", (address) => {
    expect(validateTronAddress(address)).toEqual({ ok: true, type: "tron" });
  });

  it.each([
    ["", "blank"],
    [flipLastChar("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"), "checksum"],
    ["TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh", "checksum"],
    // base58check-valid but not the 0x41 prefix (does not start with T)
    [base58check.encode(new Uint8Array([0xa0, ...hash20])), "format"],
    ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "format"],
    ["0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "format"],
    ["1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA", "format"],
    ["TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYd", "format"],
    ["TUEZSdKsoDHQMeZwihtdoBiN46zxhGWY0H", "format"],
  ])("rejects %s (%s)", (address, reason) => {
    expect(validateTronAddress(address)).toMatchObject({ ok: false, reason });
  });
});

describe("validateIban", () => {
  it.each([
    ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", "GB"],
    ["DE89370400440532013000", "DE89370400440532013000", "DE"],
    ["fr14 2004 1010 0505 0001 3m02 606", "FR1420041010050500013M02606", "FR"],
    ["NL91ABNA0417164300", "NL91ABNA0417164300", "NL"],
    ["CH9300762011623852957", "CH9300762011623852957", "CH"],
  ])("accepts %s", (input, iban, country) => {
    expect(validateIban(input)).toEqual({ ok: true, iban, country });
  });

  it.each([
    ["GB82WEST12345698765431", "checksum"],
    ["DE89370400440532013001", "checksum"],
    ["DE8937040044053201300", "length"],
    ["GB82WEST123456987654321", "length"],
    ["XX82WEST12345698765432", "country"],
    ["1234567890", "format"],
    ["", "format"],
  ])("rejects %s (%s)", (input, reason) => {
    expect(validateIban(input)).toMatchObject({ ok: false, reason });
  });
});

describe("validateBic", () => {
  it.each(["DEUTDEFF", "deutdeff500", "NWBK GB 2L"])("accepts %s", (bic) => {
    expect(validateBic(bic).ok).toBe(true);
  });
  it.each(["DEUTDEF", "DEUT1EFF", "DEUTDEFF50", "DEUTDEFF5000"])("rejects %s", (bic) => {
    expect(validateBic(bic).ok).toBe(false);
  });
});

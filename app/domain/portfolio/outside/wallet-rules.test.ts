import { describe, expect, it } from "vitest";
import { TEST_ROOT } from "../../../../tests/chain-keys.ts";
import { convertExtendedPublicKey } from "../../chain/extended-key.ts";
import { walletTargetOf, xpubDeriver } from "./wallet-rules.ts";

const account = (path: string) => TEST_ROOT.derive(path).publicExtendedKey;

describe("watch-only wallet keys", () => {
  it("derives the published first addresses of the BIP44, BIP49 and BIP84 test vectors", () => {
    const bip44 = account("m/44'/0'/0'");
    const bip49 = convertExtendedPublicKey(account("m/49'/0'/0'"), "ypub");
    const bip84 = convertExtendedPublicKey(account("m/84'/0'/0'"), "zpub");
    expect(xpubDeriver(bip44, "mainnet")(0, 0)).toBe("1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA");
    expect(xpubDeriver(bip49, "mainnet")(0, 0)).toBe("37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf");
    expect(xpubDeriver(bip84, "mainnet")(0, 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    expect(xpubDeriver(bip84, "mainnet")(1, 0)).toBe("bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el");
  });

  it("says why a key or an address is refused, beside the field", () => {
    const bip84 = convertExtendedPublicKey(account("m/84'/0'/0'"), "zpub");
    expect(walletTargetOf("btc-xpub", bip84, "testnet")).toEqual({
      ok: false,
      message: "This is a mainnet key; Coinlens watches Bitcoin testnet in this environment.",
    });
    expect(
      walletTargetOf("btc-xpub", TEST_ROOT.derive("m/84'/0'").publicExtendedKey, "mainnet"),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("depth 2"),
    });
    expect(
      walletTargetOf("btc-xpub", TEST_ROOT.derive("m/84'/0'/0'").privateExtendedKey, "mainnet"),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("private key"),
    });
    expect(walletTargetOf("btc-address", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "testnet")).toEqual({
      ok: false,
      message: "This address is not on Bitcoin testnet.",
    });
    expect(walletTargetOf("tron-address", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh", "mainnet")).toMatchObject({
      ok: false,
    });
    expect(walletTargetOf("btc-address", "BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU", "mainnet")).toEqual({
      ok: true,
      target: {
        chain: "bitcoin",
        kind: "address",
        value: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
        asset: "BTC",
      },
    });
    expect(walletTargetOf("tron-address", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", "testnet")).toMatchObject({
      ok: true,
      target: { chain: "tron", asset: "USDT" },
    });
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseExtendedPublicKey } from "./extended-key.ts";
import { loadChainKeys } from "./keys.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-keys-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dev = (dataDir: string) =>
  ({ dataDir, isProduction: false, payments: { tronNetwork: "testnet" } }) as const;

describe("development chain keys", () => {
  it("are generated once, on test networks, and reused on the next start", () => {
    const dataDir = tempDir();
    const first = loadChainKeys(dev(dataDir));
    expect(first.source).toBe("development");
    expect(first.testNetwork).toBe(true);
    expect(first.btcXpub.startsWith("tpub")).toBe(true);
    expect(first.btc.derive(0)).toMatch(/^tb1q/);
    expect(first.tron.derive(0)).toMatch(/^T/);
    const second = loadChainKeys(dev(dataDir));
    expect(second.btc.derive(5)).toBe(first.btc.derive(5));
    expect(second.tron.derive(5)).toBe(first.tron.derive(5));
  });

  it("the file the server reads holds public keys only; the private file is owner-only", () => {
    const dataDir = tempDir();
    loadChainKeys(dev(dataDir));
    const publicFile = JSON.parse(readFileSync(path.join(dataDir, "chain-keys", "public.json"), "utf8"));
    expect(Object.keys(publicFile).sort()).toEqual(["btcXpub", "createdAt", "tronXpub"]);
    expect(() => parseExtendedPublicKey(publicFile.btcXpub)).not.toThrow();
    expect(() => parseExtendedPublicKey(publicFile.tronXpub)).not.toThrow();
    // No extended private key (xprv/tprv/zprv… prefixes) and no seed words among the values. Only
    // the prefix is checked: a random base58 key can hold "prv" or "seed" anywhere else by chance.
    for (const value of Object.values(publicFile) as string[]) {
      expect(value).not.toMatch(/^[a-z]prv/);
      expect(value.split(" ").length).toBe(1);
    }
    const mode = statSync(path.join(dataDir, "chain-keys", "dev-wallet-PRIVATE.json")).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it("production never generates keys", () => {
    expect(() =>
      loadChainKeys({ dataDir: tempDir(), isProduction: true, payments: { tronNetwork: "mainnet" } }),
    ).toThrow(/required in production/);
  });
});

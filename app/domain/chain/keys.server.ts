// The extended PUBLIC keys deposit addresses derive from (ADR 0051).
// Configured keys win. Without them (development, tests) a test-network key pair is generated
// once under DATA_DIR: the public keys go to chain-keys/public.json, which is all the server ever
// reads; the seed goes to chain-keys/dev-wallet-PRIVATE.json only so a developer can import it
// into a testnet wallet. No code path here or elsewhere reads that file back.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HDKey } from "@scure/bip32";
import { type AddressDeriver, btcDeriver, tronDeriver } from "./addresses.ts";
import type { ChainNetwork } from "./extended-key.ts";

export interface ChainKeys {
  btc: AddressDeriver;
  tron: AddressDeriver;
  btcXpub: string;
  tronXpub: string;
  /** True when any deposit chain is a test network: every deposit page must say so. */
  testNetwork: boolean;
  source: "configured" | "development";
}

export interface ChainKeyConfig {
  dataDir: string;
  isProduction: boolean;
  payments: { btcXpub?: string; tronXpub?: string; tronNetwork: ChainNetwork };
}

const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

interface PublicKeyFile {
  btcXpub: string;
  tronXpub: string;
  createdAt: string;
}

/** Generates a development key pair; returns the public half and writes the private half aside. */
export function generateDevelopmentKeys(dir: string): PublicKeyFile {
  const seed = randomBytes(64);
  const root = HDKey.fromMasterSeed(seed, TESTNET_VERSIONS);
  const btcAccount = root.derive("m/84'/1'/0'");
  const tronAccount = root.derive("m/44'/195'/0'");
  const keys: PublicKeyFile = {
    btcXpub: btcAccount.publicExtendedKey,
    tronXpub: tronAccount.publicExtendedKey,
    createdAt: new Date().toISOString(),
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(
    path.join(dir, "dev-wallet-PRIVATE.json"),
    `${JSON.stringify(
      {
        warning:
          "Development test-network keys. Never used for real funds. The Coinlens server never reads this file.",
        seedHex: Buffer.from(seed).toString("hex"),
        btcAccountTprv: btcAccount.privateExtendedKey,
        tronAccountTprv: tronAccount.privateExtendedKey,
      },
      null,
      2,
    )}\n`,
    { mode: 0o600 },
  );
  return keys;
}

function readOrCreateDevelopmentKeys(dataDir: string): PublicKeyFile {
  const dir = path.join(dataDir, "chain-keys");
  const file = path.join(dir, "public.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PublicKeyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const keys = generateDevelopmentKeys(dir);
  try {
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { flag: "wx", mode: 0o644 });
    return keys;
  } catch (error) {
    // Another process won the race: use its keys so addresses stay stable.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      return JSON.parse(readFileSync(file, "utf8")) as PublicKeyFile;
    }
    throw error;
  }
}

export function loadChainKeys(config: ChainKeyConfig): ChainKeys {
  const { btcXpub, tronXpub } = config.payments;
  if (btcXpub && tronXpub) {
    const btc = btcDeriver(btcXpub);
    const tron = { ...tronDeriver(tronXpub), network: config.payments.tronNetwork };
    return {
      btc,
      tron,
      btcXpub,
      tronXpub,
      testNetwork: btc.network === "testnet" || tron.network === "testnet",
      source: "configured",
    };
  }
  if (config.isProduction) {
    throw new Error(
      "BTC_XPUB and TRON_XPUB are required in production; development keys are never generated there.",
    );
  }
  const dev = readOrCreateDevelopmentKeys(config.dataDir);
  const btc = btcDeriver(btcXpub ?? dev.btcXpub);
  const tron = { ...tronDeriver(tronXpub ?? dev.tronXpub), network: "testnet" as const };
  return {
    btc,
    tron,
    btcXpub: btcXpub ?? dev.btcXpub,
    tronXpub: tronXpub ?? dev.tronXpub,
    testNetwork: true,
    source: "development",
  };
}

// Process-wide state (ADR 0064): the deposit keys, derived once per configuration.
let cached: { key: string; keys: ChainKeys } | undefined;

/** Memoised per configuration: derivation needs no I/O after the first call. */
export function getChainKeys(config: ChainKeyConfig): ChainKeys {
  const key = `${config.dataDir}|${config.payments.btcXpub ?? ""}|${config.payments.tronXpub ?? ""}`;
  if (cached?.key !== key) cached = { key, keys: loadChainKeys(config) };
  return cached.keys;
}

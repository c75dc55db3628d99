// Extended public keys: which network and script type a serialised key is for, and the HDKey
// behind it. The server accepts PUBLIC keys only; a private extended key is refused with a clear
// message so it is never loaded by accident (ADR 0050).

import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { deepFreeze } from "../freeze.ts";

export type ChainNetwork = "mainnet" | "testnet";

export interface ExtendedKeyVersion {
  prefix: string;
  version: number;
  network: ChainNetwork;
  isPrivate: boolean;
}

// SLIP-0132 version bytes. Only the script type matters to the key serialisation, not to the
// derivation: a BIP84 account key is the same key whether written as xpub or zpub.
export const EXTENDED_KEY_VERSIONS: readonly ExtendedKeyVersion[] = deepFreeze([
  { prefix: "xpub", version: 0x0488b21e, network: "mainnet", isPrivate: false },
  { prefix: "ypub", version: 0x049d7cb2, network: "mainnet", isPrivate: false },
  { prefix: "zpub", version: 0x04b24746, network: "mainnet", isPrivate: false },
  { prefix: "tpub", version: 0x043587cf, network: "testnet", isPrivate: false },
  { prefix: "upub", version: 0x044a5262, network: "testnet", isPrivate: false },
  { prefix: "vpub", version: 0x045f1cf6, network: "testnet", isPrivate: false },
  { prefix: "xprv", version: 0x0488ade4, network: "mainnet", isPrivate: true },
  { prefix: "yprv", version: 0x049d7878, network: "mainnet", isPrivate: true },
  { prefix: "zprv", version: 0x04b2430c, network: "mainnet", isPrivate: true },
  { prefix: "tprv", version: 0x04358394, network: "testnet", isPrivate: true },
  { prefix: "uprv", version: 0x044a4e28, network: "testnet", isPrivate: true },
  { prefix: "vprv", version: 0x045f18bc, network: "testnet", isPrivate: true },
]);

const base58check = createBase58check(sha256);

export class ExtendedKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExtendedKeyError";
  }
}

export interface ParsedExtendedPublicKey {
  key: HDKey;
  prefix: string;
  network: ChainNetwork;
  depth: number;
}

/**
 * Reads an account-level extended public key (xpub, ypub, zpub, tpub, upub, vpub).
 * Throws ExtendedKeyError for private keys, bad checksums and unknown version bytes.
 */
export function parseExtendedPublicKey(text: string): ParsedExtendedPublicKey {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(trimmed);
  } catch {
    throw new ExtendedKeyError("Not a valid extended key (bad base58 or checksum).");
  }
  if (bytes.length !== 78) throw new ExtendedKeyError("An extended key is 78 bytes long.");
  const version = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const known = EXTENDED_KEY_VERSIONS.find((v) => v.version === version);
  if (!known) throw new ExtendedKeyError("Unknown extended key version.");
  if (known.isPrivate) {
    throw new ExtendedKeyError(
      `This is a private key (${known.prefix}). Configure the extended PUBLIC key; the server never holds private keys.`,
    );
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed, { public: version, private: privateVersionFor(version) });
  } catch (error) {
    throw new ExtendedKeyError(`Not a valid extended public key: ${(error as Error).message}`);
  }
  return { key, prefix: known.prefix, network: known.network, depth: key.depth };
}

function privateVersionFor(publicVersion: number): number {
  const index = EXTENDED_KEY_VERSIONS.findIndex((v) => v.version === publicVersion);
  return EXTENDED_KEY_VERSIONS[index + 6]?.version ?? 0x0488ade4;
}

/** Re-serialises an extended public key with another prefix (e.g. xpub → zpub); same key. */
export function convertExtendedPublicKey(text: string, toPrefix: string): string {
  const target = EXTENDED_KEY_VERSIONS.find((v) => v.prefix === toPrefix && !v.isPrivate);
  if (!target) throw new ExtendedKeyError(`Unknown public key prefix: ${toPrefix}`);
  parseExtendedPublicKey(text);
  const bytes = base58check.decode(text.trim());
  const copy = new Uint8Array(bytes);
  new DataView(copy.buffer).setUint32(0, target.version);
  return base58check.encode(copy);
}

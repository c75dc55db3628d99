// Deposit address derivation from the operator's account-level extended public keys.
//   BTC: BIP84 native segwit, account key m/84'/0'/0' (or m/84'/1'/0' on test networks),
//        receive address i at …/0/i, P2WPKH bech32 (bc1… / tb1…).
//   TRON: BIP44 coin 195, account key m/44'/195'/0', address i at …/0/i:
//        keccak256(uncompressed pubkey without 0x04)[12..] prefixed with 0x41, base58check (T…).

import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32, createBase58check } from "@scure/base";
import type { HDKey } from "@scure/bip32";
import { type ChainNetwork, ExtendedKeyError, parseExtendedPublicKey } from "./extended-key.ts";
import { decompressPublicKey } from "./secp256k1.ts";

const base58check = createBase58check(sha256);

/** Receive chain (0) of an account key; change (1) is never handed out for deposits. */
const RECEIVE_CHAIN = 0;
/** BIP32 non-hardened indexes run up to 2^31 − 1. */
export const MAX_ADDRESS_INDEX = 0x7fffffff;

function assertIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) {
    throw new RangeError(`Address index out of range: ${index}`);
  }
}

function childPublicKey(account: HDKey, index: number): Uint8Array {
  assertIndex(index);
  const child = account.deriveChild(RECEIVE_CHAIN).deriveChild(index);
  if (!child.publicKey) throw new ExtendedKeyError("Derivation produced no public key.");
  return child.publicKey;
}

export function btcHrp(network: ChainNetwork): "bc" | "tb" {
  return network === "mainnet" ? "bc" : "tb";
}

/** P2WPKH (segwit v0) address of a compressed public key. */
export function p2wpkhAddress(publicKey: Uint8Array, network: ChainNetwork): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode(btcHrp(network), [0, ...bech32.toWords(program)]);
}

/** TRON address of a secp256k1 public key (compressed or uncompressed). */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = publicKey.length === 65 ? publicKey : decompressPublicKey(publicKey);
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(hash.subarray(12), 1);
  return base58check.encode(payload);
}

export interface AddressDeriver {
  /** The network the key belongs to (BTC: from its prefix; TRON: as configured). */
  network: ChainNetwork;
  derive(index: number): string;
}

/**
 * BTC deriver from an account-level xpub/zpub (mainnet) or tpub/vpub (test networks).
 * The address network follows the key's prefix, so a test key can never yield a mainnet address.
 */
export function btcDeriver(extendedPublicKey: string): AddressDeriver {
  const parsed = parseExtendedPublicKey(extendedPublicKey);
  if (parsed.depth !== 3) {
    throw new ExtendedKeyError(
      `The BTC key must be the account key at m/84'/0'/0' (depth 3); this one has depth ${parsed.depth}.`,
    );
  }
  return {
    network: parsed.network,
    derive: (index) => p2wpkhAddress(childPublicKey(parsed.key, index), parsed.network),
  };
}

/** TRON deriver from an account-level xpub at m/44'/195'/0'. TRON addresses look the same on every network. */
export function tronDeriver(extendedPublicKey: string): AddressDeriver {
  const parsed = parseExtendedPublicKey(extendedPublicKey);
  if (parsed.depth !== 3) {
    throw new ExtendedKeyError(
      `The TRON key must be the account key at m/44'/195'/0' (depth 3); this one has depth ${parsed.depth}.`,
    );
  }
  return {
    network: parsed.network,
    derive: (index) => tronAddressFromPublicKey(childPublicKey(parsed.key, index)),
  };
}

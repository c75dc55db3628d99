// Watch-only wallets: the form's rules and words, and the addresses an extended public key
// stands for. Pure. xpub/tpub keys are read as legacy P2PKH (BIP44), ypub/upub as P2SH-wrapped
// segwit (BIP49), zpub/vpub as native segwit (BIP84), the way wallets export them (SLIP-0132).
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { p2wpkhAddress } from "../../chain/addresses.ts";
import { type ChainNetwork, ExtendedKeyError, parseExtendedPublicKey } from "../../chain/extended-key.ts";
import { validateBtcAddress, validateTronAddress } from "../../chain/validate.ts";
import { z } from "../../zod.ts";

const base58check = createBase58check(sha256);

export const WALLET_TYPES = Object.freeze(["btc-address", "btc-xpub", "tron-address"] as const);
export type WalletType = (typeof WALLET_TYPES)[number];

export const WALLET_TYPE_LABELS: Readonly<Record<WalletType, string>> = Object.freeze({
  "btc-address": "Bitcoin address",
  "btc-xpub": "Bitcoin wallet key (xpub, ypub or zpub)",
  "tron-address": "TRON address (its USDT)",
});

/** Addresses scanned past the last used one on each chain of an xpub (BIP44's gap limit). */
export const XPUB_GAP_LIMIT = 20;
/** Never more than this many addresses per chain of one key, however many are used. */
export const XPUB_MAX_ADDRESSES = 200;
export const MAX_WALLETS = 20;

export const walletMessages = Object.freeze({
  type: "Choose what to watch.",
  label: "Name the wallet (1 to 40 characters).",
  duplicate: "You already watch this wallet.",
  tooMany: `You can watch up to ${MAX_WALLETS} wallets.`,
  xpubBlank: "Enter the wallet's extended public key.",
});

export const walletFormSchema = z.object({
  type: z.enum(WALLET_TYPES, { message: walletMessages.type }),
  label: z.string().trim().min(1, walletMessages.label).max(40, walletMessages.label),
  value: z.string().trim().max(200, "That is too long for an address or a key."),
});

export interface WalletTarget {
  chain: "bitcoin" | "tron";
  kind: "address" | "xpub";
  value: string;
  asset: "BTC" | "USDT";
}

/** Checks the address or key for `type`; the message goes beside the field. */
export function walletTargetOf(
  type: WalletType,
  value: string,
  network: ChainNetwork,
): { ok: true; target: WalletTarget } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (type === "tron-address") {
    const check = validateTronAddress(trimmed);
    if (!check.ok) return { ok: false, message: check.message };
    return { ok: true, target: { chain: "tron", kind: "address", value: trimmed, asset: "USDT" } };
  }
  if (type === "btc-address") {
    const check = validateBtcAddress(trimmed, network);
    if (!check.ok) return { ok: false, message: check.message };
    // Bech32 is case-insensitive: one spelling, so the same address is never watched twice.
    const canonical = /^(bc|tb|bcrt)1/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
    return { ok: true, target: { chain: "bitcoin", kind: "address", value: canonical, asset: "BTC" } };
  }
  if (!trimmed) return { ok: false, message: walletMessages.xpubBlank };
  try {
    xpubDeriver(trimmed, network);
  } catch (error) {
    if (error instanceof ExtendedKeyError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, target: { chain: "bitcoin", kind: "xpub", value: trimmed, asset: "BTC" } };
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

function base58Address(version: number, hash: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = version;
  payload.set(hash, 1);
  return base58check.encode(payload);
}

/** The address at `change`/`index` below an account-level extended public key. */
export function xpubDeriver(text: string, network: ChainNetwork): (change: 0 | 1, index: number) => string {
  const parsed = parseExtendedPublicKey(text);
  if (parsed.network !== network) {
    throw new ExtendedKeyError(
      network === "mainnet"
        ? "This is a test-network key; Coinlens watches Bitcoin mainnet here."
        : "This is a mainnet key; Coinlens watches Bitcoin testnet in this environment.",
    );
  }
  if (parsed.depth !== 3) {
    throw new ExtendedKeyError(
      `Enter the account key your wallet exports (depth 3, like m/84'/0'/0'); this one has depth ${parsed.depth}.`,
    );
  }
  const testnet = network === "testnet";
  const type =
    parsed.prefix[0] === "z" || parsed.prefix[0] === "v"
      ? "p2wpkh"
      : parsed.prefix[0] === "y" || parsed.prefix[0] === "u"
        ? "p2sh-p2wpkh"
        : "p2pkh";
  return (change, index) => {
    const child = parsed.key.deriveChild(change).deriveChild(index);
    if (!child.publicKey) throw new ExtendedKeyError("Derivation produced no public key.");
    if (type === "p2wpkh") return p2wpkhAddress(child.publicKey, network);
    if (type === "p2pkh") return base58Address(testnet ? 0x6f : 0x00, hash160(child.publicKey));
    const redeemScript = new Uint8Array([0x00, 0x14, ...hash160(child.publicKey)]);
    return base58Address(testnet ? 0xc4 : 0x05, hash160(redeemScript));
  };
}

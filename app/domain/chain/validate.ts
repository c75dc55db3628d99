// Withdrawal destination checks: checksum and network, never just "non-blank".
// Pure: used by the browser (inline errors) and the server (the action checks again).

import { sha256 } from "@noble/hashes/sha2.js";
import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import type { ChainNetwork } from "./extended-key.ts";

const base58check = createBase58check(sha256);

export type AddressCheck<T extends string = string> =
  | { ok: true; type: T; network?: ChainNetwork }
  | { ok: false; reason: "blank" | "format" | "checksum" | "wrong_network" | "unsupported"; message: string };

export type BtcAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr";

const BASE58_VERSIONS: Record<number, { type: BtcAddressType; network: ChainNetwork }> = {
  0: { type: "p2pkh", network: "mainnet" },
  5: { type: "p2sh", network: "mainnet" },
  111: { type: "p2pkh", network: "testnet" },
  196: { type: "p2sh", network: "testnet" },
};

const NETWORK_LABEL: Record<ChainNetwork, string> = {
  mainnet: "Bitcoin mainnet",
  testnet: "Bitcoin testnet",
};

function wrongNetwork(expected: ChainNetwork): AddressCheck<BtcAddressType> {
  return {
    ok: false,
    reason: "wrong_network",
    message: `This address is not on ${NETWORK_LABEL[expected]}.`,
  };
}

const INVALID_BTC: AddressCheck<BtcAddressType> = Object.freeze({
  ok: false,
  reason: "format",
  message: "Enter a valid Bitcoin address.",
});

/** Validates a BTC address (bech32 v0, bech32m v1 taproot, base58 P2PKH/P2SH) for `network`. */
export function validateBtcAddress(input: string, network: ChainNetwork): AddressCheck<BtcAddressType> {
  const address = input.trim();
  if (!address) return { ok: false, reason: "blank", message: "Enter the wallet address." };
  const lower = address.toLowerCase();
  if (/^(bc|tb|bcrt)1/.test(lower)) return validateSegwit(address, network);
  return validateBase58Btc(address, network);
}

function validateSegwit(address: string, network: ChainNetwork): AddressCheck<BtcAddressType> {
  // BIP173: all lower or all upper case.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return INVALID_BTC;
  const lower = address.toLowerCase();
  const hrp = lower.slice(0, lower.lastIndexOf("1"));
  let words: number[];
  let usedBech32m = false;
  const v0 = bech32.decodeUnsafe(lower, 90);
  if (v0) {
    words = v0.words;
  } else {
    const v1 = bech32m.decodeUnsafe(lower, 90);
    if (!v1)
      return {
        ok: false,
        reason: "checksum",
        message: "This Bitcoin address has a typo (checksum mismatch).",
      };
    words = v1.words;
    usedBech32m = true;
  }
  if (words.length < 1) return INVALID_BTC;
  const version = words[0] as number;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(words.slice(1));
  } catch {
    return INVALID_BTC;
  }
  // BIP350: version 0 uses bech32, versions 1–16 use bech32m; the other encoding is invalid.
  if ((version === 0) === usedBech32m) {
    return { ok: false, reason: "checksum", message: "This Bitcoin address has a typo (checksum mismatch)." };
  }
  let type: BtcAddressType;
  if (version === 0 && program.length === 20) type = "p2wpkh";
  else if (version === 0 && program.length === 32) type = "p2wsh";
  else if (version === 1 && program.length === 32) type = "p2tr";
  else if (version > 16 || program.length < 2 || program.length > 40 || version === 0) return INVALID_BTC;
  else {
    // Valid by BIP350 but a future witness version: funds sent there could be lost.
    return { ok: false, reason: "unsupported", message: "This address type is not supported." };
  }
  const expectedHrp = network === "mainnet" ? "bc" : "tb";
  if (hrp !== expectedHrp) return wrongNetwork(network);
  return { ok: true, type, network };
}

function validateBase58Btc(address: string, network: ChainNetwork): AddressCheck<BtcAddressType> {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return INVALID_BTC;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    try {
      base58.decode(address);
    } catch {
      return INVALID_BTC;
    }
    return { ok: false, reason: "checksum", message: "This Bitcoin address has a typo (checksum mismatch)." };
  }
  if (payload.length !== 21) return INVALID_BTC;
  const kind = BASE58_VERSIONS[payload[0] as number];
  if (!kind) return INVALID_BTC;
  if (kind.network !== network) return wrongNetwork(network);
  return { ok: true, type: kind.type, network };
}

/** Validates a TRON address: base58check, 21 bytes, 0x41 prefix (T…). Same on mainnet and testnets. */
export function validateTronAddress(input: string): AddressCheck<"tron"> {
  const address = input.trim();
  if (!address) return { ok: false, reason: "blank", message: "Enter the wallet address." };
  const invalid: AddressCheck<"tron"> = {
    ok: false,
    reason: "format",
    message: "Enter a valid TRON (TRC20) address starting with T.",
  };
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return invalid;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return { ok: false, reason: "checksum", message: "This TRON address has a typo (checksum mismatch)." };
  }
  if (payload.length !== 21 || payload[0] !== 0x41) return invalid;
  return { ok: true, type: "tron" };
}

/** IBAN lengths per country (ISO 13616 registry) for the countries members most often use. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze({
  AD: 24,
  AE: 23,
  AT: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  UA: 29,
});

export type IbanCheck =
  | { ok: true; iban: string; country: string }
  | { ok: false; reason: "format" | "country" | "length" | "checksum"; message: string };

/** Normalises (spaces removed, upper case) and validates an IBAN: country, length and mod-97 check. */
export function validateIban(input: string): IbanCheck {
  const iban = input.replace(/[\s-]/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) {
    return { ok: false, reason: "format", message: "Enter a valid IBAN." };
  }
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) {
    return {
      ok: false,
      reason: "country",
      message: "IBANs from this country are not supported; enter the account number instead.",
    };
  }
  if (iban.length !== length) {
    return { ok: false, reason: "length", message: `A ${country} IBAN has ${length} characters.` };
  }
  if (ibanMod97(iban) !== 1) {
    return { ok: false, reason: "checksum", message: "This IBAN has a typo (check digits do not match)." };
  }
  return { ok: true, iban, country };
}

function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export function validateBic(input: string): { ok: true; bic: string } | { ok: false; message: string } {
  const bic = input.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    return { ok: false, message: "Enter a valid SWIFT/BIC code (8 or 11 characters)." };
  }
  return { ok: true, bic };
}

import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { HDKey } from "@scure/bip32";

// The BIP84 test mnemonic's keys, whose addresses BIP84 and the TRON wallets publish: tests derive
// deposit addresses from them and compare with the published ones. Never a real wallet.

export const TEST_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/** BIP39 seed of the mnemonic (empty passphrase): PBKDF2-HMAC-SHA512, 2048 rounds. */
export const TEST_SEED = pbkdf2(sha512, TEST_MNEMONIC, "mnemonic", { c: 2048, dkLen: 64 });

/** The master key (mainnet version bytes). */
export const TEST_ROOT = HDKey.fromMasterSeed(TEST_SEED);

/** The account public keys a deployment configures: BIP84 account 0 and TRON's m/44'/195'/0'. */
export const TEST_XPUBS = Object.freeze({
  btc: TEST_ROOT.derive("m/84'/0'/0'").publicExtendedKey,
  tron: TEST_ROOT.derive("m/44'/195'/0'").publicExtendedKey,
});

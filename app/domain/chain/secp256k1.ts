// Point decompression on secp256k1: the one curve operation a watch-only server needs.
// BIP32 public keys are 33-byte compressed points; TRON hashes the 64-byte uncompressed form.
// Pure bigint arithmetic, no private keys involved.

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

function bytesToBigint(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function bigintTo32Bytes(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** 33-byte compressed point (0x02/0x03 ‖ x) → 65-byte uncompressed point (0x04 ‖ x ‖ y). */
export function decompressPublicKey(compressed: Uint8Array): Uint8Array {
  if (compressed.length !== 33 || (compressed[0] !== 0x02 && compressed[0] !== 0x03)) {
    throw new Error("Expected a 33-byte compressed secp256k1 public key.");
  }
  const x = bytesToBigint(compressed.subarray(1));
  if (x >= P) throw new Error("Public key x coordinate is out of range.");
  const ySquared = (modPow(x, 3n, P) + 7n) % P;
  // P ≡ 3 (mod 4), so a square root is ySquared^((P+1)/4).
  let y = modPow(ySquared, (P + 1n) / 4n, P);
  if ((y * y) % P !== ySquared) throw new Error("Public key is not a point on secp256k1.");
  const wantOdd = compressed[0] === 0x03;
  if ((y & 1n) === 1n) {
    if (!wantOdd) y = P - y;
  } else if (wantOdd) {
    y = P - y;
  }
  const out = new Uint8Array(65);
  out[0] = 0x04;
  out.set(compressed.subarray(1), 1);
  out.set(bigintTo32Bytes(y), 33);
  return out;
}

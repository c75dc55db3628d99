// A local stand-in for a browser's push service (ADR 0079): an HTTPS server on 127.0.0.1 with a
// test-only certificate (tests/fixtures/push-service), recording every request, answering with the
// status a test sets per path. With it, web-push runs for real: VAPID signing and aes128gcm.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

const fixtures = path.join(import.meta.dirname, "fixtures", "push-service");
const cert = readFileSync(path.join(fixtures, "cert.pem"));
const key = readFileSync(path.join(fixtures, "key.pem"));

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  url: string;
  /** Trusts the test certificate: give it to webPushSender. */
  agent: Agent;
  requests: PushRequest[];
  /** The status each path answers (default 201), e.g. answers.set('/push/gone', 410). */
  answers: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const requests: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? "") ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    url: `https://127.0.0.1:${port}`,
    agent,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as node:crypto makes them. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: auth.toString("base64url"),
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291, RFC 8188) as the browser would. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, Buffer.from(keys.auth, "base64url"), info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (padded[end - 1] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end - 1).toString("utf8");
}

/** Checks the VAPID JWT in an Authorization header against the public key it names; returns its claims. */
export function verifyVapid(authorization: string): { aud: string; exp: number; sub: string; k: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, payload, signature] = match[1].split(".");
  if (!header || !payload || !signature) throw new Error("not a JWT");
  const point = Buffer.from(match[2], "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  return {
    ...(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      aud: string;
      exp: number;
      sub: string;
    }),
    k: match[2],
  };
}

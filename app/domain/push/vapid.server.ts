// The VAPID key pair this server signs Web Push requests with (ADR 0079). Configured keys win.
// Without them, development and test servers generate a pair once under DATA_DIR
// (push-keys/vapid.json, readable only by its owner) so subscriptions survive a restart; a
// production server without keys has push switched off. The private key is never logged.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  source: "configured" | "development";
}

export interface VapidConfig {
  dataDir: string;
  isProduction: boolean;
  push: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string };
}

function readOrCreate(dataDir: string): { publicKey: string; privateKey: string } {
  const dir = path.join(dataDir, "push-keys");
  const file = path.join(dir, "vapid.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { flag: "wx", mode: 0o600 });
    return keys;
  } catch (error) {
    // Another process wrote it first: use its pair, so every subscription stays valid.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  }
}

/** The keys, or null when push is off (production without configured keys). */
export function resolveVapidKeys(config: VapidConfig): VapidKeys | null {
  const { publicKey, privateKey, subject } = config.push;
  if (publicKey && privateKey) return { publicKey, privateKey, subject, source: "configured" };
  if (config.isProduction) return null;
  return { ...readOrCreate(config.dataDir), subject, source: "development" };
}

import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config.server.ts";
import { applicationServerKey, pushSubscriptionSchema } from "./push.ts";
import { resolveVapidKeys } from "./vapid.server.ts";

const subject = "mailto:support@coinlens.invalid";

describe("VAPID keys", () => {
  it("development: a pair is generated once under DATA_DIR (owner-only) and read back after a restart", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vapid-"));
    const first = resolveVapidKeys({ dataDir, isProduction: false, push: { subject } });
    const again = resolveVapidKeys({ dataDir, isProduction: false, push: { subject } });
    expect(first).toMatchObject({ source: "development", subject });
    expect(again).toEqual(first);
    const file = path.join(dataDir, "push-keys", "vapid.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).publicKey).toBe(first?.publicKey);
    expect(applicationServerKey(first?.publicKey ?? "")).toHaveLength(65);
  });

  it("configured keys win; production without keys has push off", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vapid-"));
    const push = { publicKey: "P".repeat(87), privateKey: "k".repeat(43), subject };
    expect(resolveVapidKeys({ dataDir, isProduction: true, push })).toEqual({
      ...push,
      source: "configured",
    });
    expect(resolveVapidKeys({ dataDir, isProduction: true, push: { subject } })).toBeNull();
  });

  it("config: both keys or neither, of the right shape, and a mailto:/https: subject", () => {
    const problems = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? [] : result.problems;
    };
    expect(problems({ VAPID_PUBLIC_KEY: "P".repeat(87) })).toEqual([
      expect.stringContaining("VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both"),
    ]);
    expect(problems({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "k".repeat(43) })).toEqual([
      expect.stringContaining("VAPID_PUBLIC_KEY: must be"),
    ]);
    expect(problems({ VAPID_SUBJECT: "http://example.com" })).toEqual([
      expect.stringContaining("VAPID_SUBJECT"),
    ]);
    const ok = parseConfig({ VAPID_SUBJECT: "https://coinlens.example/contact" });
    expect(ok.ok && ok.config.push.subject).toBe("https://coinlens.example/contact");
    const fallback = parseConfig({ SUPPORT_EMAIL: "help@coinlens.example" });
    expect(fallback.ok && fallback.config.push.subject).toBe("mailto:help@coinlens.example");
  });
});

describe("the subscription a browser sends", () => {
  const keys = { p256dh: `B${"a".repeat(86)}`, auth: "c".repeat(22) };
  it("accepts an https push address with P-256 keys", () => {
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/fcm/send/x", ...keys })
        .success,
    ).toBe(true);
  });
  it("refuses plain http, junk keys and missing fields", () => {
    expect(pushSubscriptionSchema.safeParse({ endpoint: "http://push.example/x", ...keys }).success).toBe(
      false,
    );
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: "https://push.example/x", p256dh: "x", auth: keys.auth })
        .success,
    ).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint: "https://push.example/x" }).success).toBe(false);
  });
});

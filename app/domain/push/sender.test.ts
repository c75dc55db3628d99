// The real web-push sender against a local stand-in push service: a real VAPID-signed, aes128gcm
// encrypted request, which the test decrypts with the browser-side keys it made (ADR 0079).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import {
  browserKeys,
  decryptPush,
  type PushService,
  startPushService,
  verifyVapid,
} from "../../../tests/push-service.ts";
import { PUSH_TTL_SECONDS, webPushSender } from "./sender.server.ts";
import type { VapidKeys } from "./vapid.server.ts";

let service: PushService;
const vapid: VapidKeys = {
  ...webpush.generateVAPIDKeys(),
  subject: "mailto:support@coinlens.invalid",
  source: "development",
};

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

describe("webPushSender", () => {
  it("sends a real encrypted Web Push: VAPID authorization, aes128gcm, TTL; the browser's keys decrypt it", async () => {
    const keys = browserKeys();
    const sender = webPushSender(vapid, { agent: service.agent });
    const outcome = await sender.send(
      { endpoint: `${service.url}/push/device-1`, p256dh: keys.p256dh, auth: keys.auth },
      {
        title: "BTC is above $101,000.00: now $101,500.25",
        body: "Information, not advice.",
        link: "/alerts",
      },
    );
    expect(outcome).toEqual({ ok: true, status: 201 });
    const request = service.requests.find((r) => r.path === "/push/device-1");
    if (!request) throw new Error("no request reached the push service");
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request.headers["content-type"]).toBe("application/octet-stream");
    const claims = verifyVapid(String(request.headers.authorization));
    expect(claims.k).toBe(vapid.publicKey);
    expect(claims.aud).toBe(service.url);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // The body is ciphertext: the title is not in it, and only the browser's keys open it.
    expect(request.body.includes(Buffer.from("BTC is above"))).toBe(false);
    expect(JSON.parse(decryptPush(request.body, keys))).toEqual({
      title: "BTC is above $101,000.00: now $101,500.25",
      body: "Information, not advice.",
      link: "/alerts",
    });
    expect(() => decryptPush(request.body, browserKeys())).toThrow();
  });

  it("404 and 410 say the device is gone; 429, 500 and a refused connection are worth retrying", async () => {
    const keys = browserKeys();
    const sender = webPushSender(vapid, { agent: service.agent });
    const message = { title: "t", body: "", link: "/alerts" };
    const at = (p: string) => ({ endpoint: `${service.url}${p}`, p256dh: keys.p256dh, auth: keys.auth });
    service.answers.set("/push/gone", 410);
    service.answers.set("/push/unknown", 404);
    service.answers.set("/push/busy", 429);
    service.answers.set("/push/broken", 500);
    expect(await sender.send(at("/push/gone"), message)).toEqual({ ok: false, gone: true, status: 410 });
    expect(await sender.send(at("/push/unknown"), message)).toEqual({ ok: false, gone: true, status: 404 });
    expect(await sender.send(at("/push/busy"), message)).toMatchObject({
      ok: false,
      gone: false,
      status: 429,
    });
    expect(await sender.send(at("/push/broken"), message)).toMatchObject({
      ok: false,
      gone: false,
      status: 500,
    });
    const refused = await sender.send(
      { endpoint: "https://127.0.0.1:1/push/nobody", p256dh: keys.p256dh, auth: keys.auth },
      message,
    );
    expect(refused).toMatchObject({ ok: false, gone: false, status: null });
  });
});

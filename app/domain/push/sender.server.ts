// Sending one Web Push (ADR 0079) behind a small interface: the real sender is the web-push
// package (VAPID-signed, payload encrypted aes128gcm for the subscription's keys); tests use it
// for real against a local HTTPS server standing in for the push service.
import type { Agent } from "node:https";
import webpush from "web-push";
import type { PushMessage } from "./push.ts";
import type { VapidKeys } from "./vapid.server.ts";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** The push service says the subscription no longer exists (404 or 410): never try it again. */
  | { ok: false; gone: true; status: number }
  /** Anything else (a network error, 429, 5xx): worth retrying later. */
  | { ok: false; gone: false; status: number | null; reason: string };

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** How long a push service keeps an undelivered alert for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export function webPushSender(
  keys: VapidKeys,
  options: { agent?: Agent; timeoutMs?: number } = {},
): PushSender {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    async send(target, message) {
      try {
        const response = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: "aes128gcm",
            urgency: "high",
            timeout: options.timeoutMs ?? 15_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { ok: true, status: response.statusCode };
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410)
            return { ok: false, gone: true, status: error.statusCode };
          return {
            ok: false,
            gone: false,
            status: error.statusCode,
            reason: `push service answered ${error.statusCode}`,
          };
        }
        return { ok: false, gone: false, status: null, reason: (error as Error).message || "push failed" };
      }
    },
  };
}

// Web Push (ADR 0079), the parts the browser and the server share: the subscription a browser
// sends when the member turns notifications on for one device, and the words the card uses.
import { z } from "../zod.ts";

/** What PushSubscription.toJSON() gives, plus the intent; checked again on the server. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2000, "The browser gave an address that is too long.")
    .pipe(z.url({ protocol: /^https$/, message: "The browser gave a push address that is not https." })),
  p256dh: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "The browser gave a key that is not a P-256 public key."),
  auth: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, "The browser gave an authentication secret of the wrong size."),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** What a push says: the notification's title and body, and the same-site path it opens. */
export interface PushMessage {
  title: string;
  body: string;
  link: string;
}

export type PushAnswer = { ok: true; message: string } | { ok: false; error: string };

/** The URL-safe base64 VAPID public key as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

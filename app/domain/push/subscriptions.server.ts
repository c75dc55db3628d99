// A member's Web Push devices (ADR 0079): one row per browser subscription (its endpoint is
// unique), opted into per device. A browser that subscribes again (new keys, or another member
// signed in on it) updates the one row: the endpoint belongs to whoever subscribed it last.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { pushSubscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueSealed, PUSH_KEY_PREFIX, type PushHandler } from "../mail/outbox.server.ts";
import type { PushMessage, PushSubscriptionInput } from "./push.ts";
import type { PushSender } from "./sender.server.ts";

/** Saves this device's subscription for the member (moving it from whoever had it). */
export async function savePushSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  const agent = userAgent ? userAgent.slice(0, 300) : null;
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, userAgent: agent })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: agent,
        goneAt: null,
        createdAt: sql`now()`,
      },
    });
}

/** Removes one of the member's devices (by its endpoint); false when it was not theirs. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** How many devices can receive the member's pushes (not gone). */
export async function pushDeviceCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.goneAt)));
  return Number(row?.n ?? 0);
}

interface PushJob {
  userId: string;
  subscriptionId: string;
  message: PushMessage;
}

/**
 * Queues one push per device of the member, in the transaction of the event (the notification
 * keyed `notificationKey`). Each message's key is (notification, device): a replayed event queues
 * nothing new and a retried delivery never reaches a device twice. Returns how many were queued.
 */
export async function enqueuePushes(
  tx: Db,
  input: { userId: string; notificationKey: string; message: PushMessage },
): Promise<number> {
  if (!/^\/(?!\/)/.test(input.message.link)) throw new RangeError("A push links within the site.");
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, input.userId), isNull(pushSubscriptions.goneAt)))
    .orderBy(pushSubscriptions.id);
  let queued = 0;
  for (const device of devices) {
    const job: PushJob = {
      userId: input.userId,
      subscriptionId: device.id.toString(),
      message: input.message,
    };
    const key = `${PUSH_KEY_PREFIX}${input.notificationKey}:device:${device.id}`;
    if (await enqueueSealed(tx, key, JSON.stringify(job))) queued++;
  }
  return queued;
}

/**
 * The outbox's push step. A device removed, gone, or now signed in to by another member since the
 * push was queued is skipped (never sent to someone else); 404/410 marks the device gone; any
 * other failure throws, so the outbox retries it with its backoff.
 */
export function pushHandler(sender: PushSender): PushHandler {
  return async (db, plain) => {
    const job = JSON.parse(plain) as PushJob;
    const [device] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, BigInt(job.subscriptionId)));
    if (!device || device.userId !== job.userId)
      return { sent: false, note: "skipped: the device was removed" };
    if (device.goneAt) return { sent: false, note: "skipped: the device is gone" };
    const outcome = await sender.send(device, job.message);
    if (outcome.ok) return { sent: true };
    if (outcome.gone) {
      await db
        .update(pushSubscriptions)
        .set({ goneAt: sql`now()` })
        .where(and(eq(pushSubscriptions.id, device.id), isNull(pushSubscriptions.goneAt)));
      return { sent: false, note: `gone: the push service answered ${outcome.status}` };
    }
    throw new Error(outcome.reason);
  };
}

// Web Push for price alerts (ADR 0079), through the outbox, against a local stand-in push service
// (web-push runs for real): queued with the alert's notification, one per device and never twice,
// 410 marks a device gone, other failures retry with the outbox's backoff, devices are per member.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { outbox, pushSubscriptions } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { testMailContext } from "../../../tests/mailbox.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { browserKeys, decryptPush, type PushService, startPushService } from "../../../tests/push-service.ts";
import type { Db } from "../../db/client.server.ts";
import { createAlert } from "../alerts/alerts.server.ts";
import { alertFormSchema } from "../alerts/rules.ts";
import { runAlerts } from "../alerts/run.server.ts";
import { createOutboxMailer } from "../mail/mailer.server.ts";
import { backoffSeconds, deliverOutbox } from "../mail/outbox.server.ts";
import { pushAction } from "./actions.server.ts";
import { webPushSender } from "./sender.server.ts";
import {
  deletePushSubscription,
  pushDeviceCount,
  pushHandler,
  savePushSubscription,
} from "./subscriptions.server.ts";
import type { VapidKeys } from "./vapid.server.ts";

const t = setupTestDatabase();
const stale = { staleSeconds: 600 };
let service: PushService;
const vapid: VapidKeys = {
  ...webpush.generateVAPIDKeys(),
  subject: "mailto:support@coinlens.invalid",
  source: "development",
};
let seq = 0;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

/** A device: keys made like a browser's, its endpoint on the stand-in service. */
async function device(db: Db, userId: string, name: string) {
  const keys = browserKeys();
  const endpoint = `${service.url}/push/${name}-${++seq}`;
  await savePushSubscription(db, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, "Test browser");
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  if (!row) throw new Error("not saved");
  return { keys, endpoint, id: row.id, path: new URL(endpoint).pathname };
}

/** An 'above' alert with push on, then BTC moved through it: the pass fires it. */
async function fireAlert(db: Db, userId: string, now: Date, push = "on") {
  await setPrices(db, now, { BTC: "100000" });
  const input = alertFormSchema.parse({ symbol: "BTC", kind: "above", threshold: "101000", push });
  const created = await createAlert(db, userId, input, { ...stale, now });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  const later = new Date(now.getTime() + 60_000);
  await setPrices(db, later, { BTC: "101500.25" });
  const pass = await runAlerts(db, { ...stale, now: later });
  expect(pass.fired.map((f) => f.id)).toContain(created.id);
  return { alertId: created.id, at: later };
}

const deliver = (db: Db, now = new Date(), limit = 100) =>
  deliverOutbox(db, createOutboxMailer(db), testMailContext, {
    now,
    limit,
    push: pushHandler(webPushSender(vapid, { agent: service.agent })),
  });

const requestsTo = (path: string) => service.requests.filter((r) => r.path === path);

describe("Web Push for price alerts", () => {
  it("an alert with push on queues one push per device of its member, delivered once each, decryptable", async () => {
    const member = await addMember(t.db, "push-fires");
    const other = await addMember(t.db, "push-other");
    const phone = await device(t.db, member, "phone");
    const laptop = await device(t.db, member, "laptop");
    const othersPhone = await device(t.db, other, "other");
    const { alertId, at } = await fireAlert(t.db, member, new Date());
    const queued = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.messageKey, `push:alert:${alertId}:1:%`));
    expect(queued.map((r) => r.messageKey).sort()).toEqual(
      [`push:alert:${alertId}:1:device:${laptop.id}`, `push:alert:${alertId}:1:device:${phone.id}`].sort(),
    );
    await deliver(t.db, at);
    await deliver(t.db, new Date(at.getTime() + 3_600_000));
    expect(requestsTo(phone.path)).toHaveLength(1);
    expect(requestsTo(laptop.path)).toHaveLength(1);
    expect(requestsTo(othersPhone.path)).toHaveLength(0);
    const [request] = requestsTo(phone.path);
    expect(JSON.parse(decryptPush(request?.body ?? Buffer.alloc(0), phone.keys))).toEqual({
      title: "BTC is above $101,000.00: now $101,500.25",
      body: "Sample data: this is not a live market price.",
      link: "/alerts",
    });
    const rows = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.messageKey, `push:alert:${alertId}:%`));
    expect(rows.every((r) => r.deliveredAt !== null && r.payload === null)).toBe(true);
  });

  it("an alert with push off, or a member with no device, queues no push", async () => {
    const member = await addMember(t.db, "push-off");
    await device(t.db, member, "off");
    const off = await fireAlert(t.db, member, new Date(), "");
    const none = await addMember(t.db, "push-none");
    const noDevice = await fireAlert(t.db, none, new Date());
    for (const id of [off.alertId, noDevice.alertId]) {
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(like(outbox.messageKey, `push:alert:${id}:%`)),
      ).toEqual([]);
    }
  });

  it("410 from the push service marks the device gone: no retry, no later pushes, not counted", async () => {
    const member = await addMember(t.db, "push-gone");
    const gone = await device(t.db, member, "gone");
    service.answers.set(gone.path, 410);
    expect(await pushDeviceCount(t.db, member)).toBe(1);
    const { alertId, at } = await fireAlert(t.db, member, new Date());
    await deliver(t.db, at);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.messageKey, `push:alert:${alertId}:1:device:${gone.id}`));
    expect(row?.deliveredAt).not.toBeNull();
    expect(row?.lastError).toBe("gone: the push service answered 410");
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id));
    expect(sub?.goneAt).not.toBeNull();
    expect(await pushDeviceCount(t.db, member)).toBe(0);
    await deliver(t.db, new Date(at.getTime() + 3_600_000));
    expect(requestsTo(gone.path)).toHaveLength(1);
  });

  it("a 500 is retried after the outbox's backoff, then delivered once", async () => {
    const member = await addMember(t.db, "push-retry");
    const flaky = await device(t.db, member, "flaky");
    service.answers.set(flaky.path, 500);
    const { alertId, at } = await fireAlert(t.db, member, new Date());
    const key = `push:alert:${alertId}:1:device:${flaky.id}`;
    expect(await deliver(t.db, at)).toMatchObject({ retried: 1 });
    const [waiting] = await t.db.select().from(outbox).where(eq(outbox.messageKey, key));
    expect(waiting?.lastError).toBe("push service answered 500");
    expect(waiting?.availableAt.getTime()).toBe(at.getTime() + backoffSeconds(1) * 1000);
    await deliver(t.db, new Date(at.getTime() + 1000));
    expect(requestsTo(flaky.path)).toHaveLength(1);
    service.answers.delete(flaky.path);
    await deliver(t.db, new Date(at.getTime() + backoffSeconds(1) * 1000));
    expect(requestsTo(flaky.path)).toHaveLength(2);
    const [done] = await t.db.select().from(outbox).where(eq(outbox.messageKey, key));
    expect([done?.deliveredAt !== null, done?.attempts, done?.lastError]).toEqual([true, 2, null]);
  });

  it("the same endpoint subscribed by another member moves to them; a push queued for the first is not sent to it", async () => {
    const first = await addMember(t.db, "push-first");
    const second = await addMember(t.db, "push-second");
    const shared = await device(t.db, first, "shared");
    const { alertId, at } = await fireAlert(t.db, first, new Date());
    const keys = browserKeys();
    await savePushSubscription(
      t.db,
      second,
      { endpoint: shared.endpoint, p256dh: keys.p256dh, auth: keys.auth },
      null,
    );
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((r) => [r.id, r.userId, r.p256dh])).toEqual([[shared.id, second, keys.p256dh]]);
    await deliver(t.db, at);
    expect(requestsTo(shared.path)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.messageKey, `push:alert:${alertId}:%`));
    expect(row?.lastError).toBe("skipped: the device was removed");
    // Only its member can remove a device.
    expect(await deletePushSubscription(t.db, first, shared.endpoint)).toBe(false);
    expect(await deletePushSubscription(t.db, second, shared.endpoint)).toBe(true);
    expect(await pushDeviceCount(t.db, second)).toBe(0);
  });

  it("POST /alerts/push's workflow: saves a valid subscription, refuses a bad one and changes nothing", async () => {
    const member = await addMember(t.db, "push-action");
    const keys = browserKeys();
    const form = (values: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(values)) f.set(k, v);
      return f;
    };
    const endpoint = "https://push.example.test/send/abc";
    expect(
      await pushAction(
        t.db,
        member,
        form({
          intent: "subscribe",
          endpoint: "http://push.example.test/x",
          p256dh: keys.p256dh,
          auth: keys.auth,
        }),
        null,
      ),
    ).toEqual({
      ok: false,
      error: "The browser gave a push address that is not https.",
    });
    expect(await pushDeviceCount(t.db, member)).toBe(0);
    expect(
      await pushAction(
        t.db,
        member,
        form({ intent: "subscribe", endpoint, p256dh: keys.p256dh, auth: keys.auth }),
        "UA",
      ),
    ).toEqual({
      ok: true,
      message: "Notifications are on for this device.",
    });
    expect(await pushDeviceCount(t.db, member)).toBe(1);
    expect(await pushAction(t.db, member, form({ intent: "unsubscribe", endpoint }), null)).toMatchObject({
      ok: true,
    });
    expect(await pushDeviceCount(t.db, member)).toBe(0);
  });
});

describe.runIf(onPostgres)("PostgreSQL: two servers delivering at once", () => {
  it("two outbox workers draining the same pushes reach each device exactly once", async () => {
    const member = await addMember(t.db, "push-race");
    const devices = [];
    for (let i = 0; i < 6; i++) devices.push(await device(t.db, member, "race"));
    const { at } = await fireAlert(t.db, member, new Date());
    const drain = async () => {
      for (let i = 0; i < 4; i++) await deliver(t.db, at, 2);
    };
    await Promise.all([drain(), drain()]);
    for (const d of devices) expect(requestsTo(d.path)).toHaveLength(1);
  });
});

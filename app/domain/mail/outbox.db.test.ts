// The transactional outbox (ADR 0056): queued with the change or not at all, delivered at least
// once, kept once by key, retried with backoff, shared by several workers.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devMailbox } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { testMailContext } from "../../../tests/mailbox.ts";

import { queryRows, withTx } from "../../db/client.server.ts";
import type { Email } from "./emails.ts";
import { createOutboxMailer, type Mailer, type MailMessage } from "./mailer.server.ts";
import {
  backoffSeconds,
  deliverOutbox,
  enqueueEmail,
  MAX_ATTEMPTS,
  openPayload,
  outboxBacklog,
  sealPayload,
} from "./outbox.server.ts";
import { startOutboxWorker } from "./outbox-worker.server.ts";

const t = setupTestDatabase();
const ctx = testMailContext;
let seq = 0;
const key = (name = "test") => `${name}:${++seq}:${Math.random().toString(36).slice(2)}`;

function resetEmail(to: string, token = "tok-secret-123"): Email {
  return { to, template: "reset-password", data: { token } };
}

function recording(options: { failTimes?: number } = {}) {
  const sent: MailMessage[] = [];
  let failures = options.failTimes ?? 0;
  const mailer: Mailer = {
    kind: "outbox",
    async send(message) {
      if (failures > 0) {
        failures--;
        throw new Error("SMTP 451 try again later");
      }
      sent.push(message);
    },
  };
  return { mailer, sent };
}

async function row(messageKey: string) {
  const [r] = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select payload, attempts, available_at, delivered_at, failed_at, last_error, locked_until
        from outbox where message_key = ${messageKey}`,
  );
  return r;
}

/** Delivers everything due at `now`. */
async function deliverAt(mailer: Mailer, now = new Date()) {
  await deliverOutbox(t.db, mailer, ctx, { now, limit: 1000 });
}

describe("queued with the change", () => {
  it("a message queued in a transaction that rolls back is never sent; a committed one is sent once", async () => {
    const to = `rollback-${++seq}@example.test`;
    const lost = key("lost");
    await expect(
      withTx(t.db, async (tx) => {
        await enqueueEmail(tx, lost, resetEmail(to));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await row(lost)).toBeUndefined();

    const kept = key("kept");
    await withTx(t.db, async (tx) => {
      await enqueueEmail(tx, kept, resetEmail(to));
    });
    const { mailer, sent } = recording();
    await deliverAt(mailer);
    await deliverAt(mailer);
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    expect(sent.find((m) => m.to === to)?.key).toBe(kept);
  });

  it("the same key queues once: a replayed change cannot send its message twice", async () => {
    const to = `dup-${++seq}@example.test`;
    const k = key();
    expect(await enqueueEmail(t.db, k, resetEmail(to))).toBe(true);
    expect(await enqueueEmail(t.db, k, resetEmail(to, "another"))).toBe(false);
    const { mailer, sent } = recording();
    await deliverAt(mailer);
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
  });

  it("the payload is sealed at rest and dropped once delivered; the key stays as the record", async () => {
    const to = `sealed-${++seq}@example.test`;
    const k = key();
    await enqueueEmail(t.db, k, resetEmail(to, "very-secret-token"));
    const queued = await row(k);
    expect(String(queued?.payload)).not.toContain("very-secret-token");
    expect(String(queued?.payload)).not.toContain(to);
    const { mailer, sent } = recording();
    await deliverAt(mailer);
    expect(sent.find((m) => m.to === to)?.text).toContain("very-secret-token");
    expect(await row(k)).toMatchObject({ payload: null, last_error: null });
    expect((await row(k))?.delivered_at).not.toBeNull();
  });

  it("sealing round-trips, and another secret cannot open it", () => {
    const sealed = sealPayload('{"a":1}', "s".repeat(40));
    expect(openPayload(sealed, "s".repeat(40))).toBe('{"a":1}');
    expect(() => openPayload(sealed, "t".repeat(40))).toThrow();
  });
});

describe("delivery", () => {
  it("a failed send is retried with backoff, then delivered", async () => {
    const to = `retry-${++seq}@example.test`;
    const k = key();
    const start = new Date(Date.now() + 1000);
    await enqueueEmail(t.db, k, resetEmail(to), { availableAt: start });
    const { mailer, sent } = recording({ failTimes: 2 });
    await deliverAt(mailer, start);
    expect(await row(k)).toMatchObject({
      attempts: 1,
      last_error: "SMTP 451 try again later",
      locked_until: null,
    });
    const firstRetry = new Date((await row(k))?.available_at as string);
    expect(firstRetry.getTime() - start.getTime()).toBe(backoffSeconds(1) * 1000);
    // Not before its time.
    await deliverAt(mailer, new Date(firstRetry.getTime() - 1));
    expect((await row(k))?.attempts).toBe(1);
    await deliverAt(mailer, firstRetry);
    expect((await row(k))?.attempts).toBe(2);
    const secondRetry = new Date((await row(k))?.available_at as string);
    expect(secondRetry.getTime() - firstRetry.getTime()).toBe(backoffSeconds(2) * 1000);
    await deliverAt(mailer, secondRetry);
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    expect((await row(k))?.delivered_at).not.toBeNull();
  });

  it(`after ${MAX_ATTEMPTS} failed attempts the message is given up and kept for an operator`, async () => {
    const to = `giveup-${++seq}@example.test`;
    const k = key();
    let now = new Date(Date.now() + 1000);
    await enqueueEmail(t.db, k, resetEmail(to), { availableAt: now });
    const { mailer } = recording({ failTimes: 1000 });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      await deliverAt(mailer, now);
      now = new Date(now.getTime() + 3_600_000);
    }
    const r = await row(k);
    expect(r?.attempts).toBe(MAX_ATTEMPTS);
    expect(r?.failed_at).not.toBeNull();
    expect(r?.payload).not.toBeNull();
  });

  it("a message that cannot be opened (SESSION_SECRET changed) is given up at once, not retried", async () => {
    const to = `unreadable-${++seq}@example.test`;
    const k = key();
    await enqueueEmail(t.db, k, resetEmail(to), { secret: "an-old-secret-".repeat(3) });
    const { mailer, sent } = recording();
    await deliverAt(mailer);
    expect(sent.filter((m) => m.to === to)).toHaveLength(0);
    expect(await row(k)).toMatchObject({ attempts: 1 });
    expect((await row(k))?.failed_at).not.toBeNull();
    expect(String((await row(k))?.last_error)).toMatch(/cannot read the message/);
  });

  it("a worker that died after sending, before recording it: the lease runs out, it is sent again, the mailbox keeps one", async () => {
    const to = `crash-${++seq}@example.test`;
    const k = key();
    const start = new Date(Date.now() + 1000);
    await enqueueEmail(t.db, k, resetEmail(to), { availableAt: start });
    // Worker A hands the message to the mailbox, then its process dies before it can record it.
    const dies: Mailer = {
      kind: "outbox",
      async send(message) {
        await createOutboxMailer(t.db).send(message);
        throw new Error("process killed");
      },
    };
    await deliverOutbox(t.db, dies, ctx, { now: start });
    // Make the failure look like a crash: the claim is still held, nothing recorded.
    await t.db.execute(
      sql`update outbox set locked_until = ${new Date(start.getTime() + 60_000).toISOString()}::timestamptz,
            available_at = ${start.toISOString()}::timestamptz, last_error = null where message_key = ${k}`,
    );
    const mailbox = createOutboxMailer(t.db);
    // Worker B, while the lease holds: nothing.
    await deliverOutbox(t.db, mailbox, ctx, { now: new Date(start.getTime() + 30_000) });
    expect((await row(k))?.delivered_at).toBeNull();
    // After it: delivered again — at least once — and the mailbox holds it once, by key.
    await deliverOutbox(t.db, mailbox, ctx, { now: new Date(start.getTime() + 61_000) });
    expect((await row(k))?.delivered_at).not.toBeNull();
    const inbox = await t.db.select().from(devMailbox).where(sql`${devMailbox.to} = ${to}`);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.messageKey).toBe(k);
  });

  it("the backlog counts what waits and what was given up", async () => {
    const before = await outboxBacklog(t.db);
    await enqueueEmail(t.db, key(), resetEmail(`backlog-${++seq}@example.test`));
    expect((await outboxBacklog(t.db)).pending).toBe(before.pending + 1);
  });
});

describe("the worker", () => {
  it("delivers a committed message without waiting for its timer (the commit signals it)", async () => {
    const to = `worker-${++seq}@example.test`;
    const { mailer, sent } = recording();
    const worker = await startOutboxWorker(t.database, mailer, ctx, {
      sweepMs: 3_600_000,
      url: onPostgres ? currentUrl() : undefined,
    });
    try {
      // The start-up pass drains whatever earlier tests left.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await withTx(t.db, async (tx) => {
        await enqueueEmail(tx, key("signal"), resetEmail(to));
      });
      const deadline = Date.now() + 5_000;
      while (!sent.some((m) => m.to === to) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});

/** The test database's own URL (the worker's LISTEN needs a dedicated connection). */
function currentUrl(): string {
  const pool = t.database.pool as unknown as { options: { connectionString: string } };
  return pool.options.connectionString;
}

describe.runIf(onPostgres)("PostgreSQL: several workers", () => {
  it("three workers draining 60 messages at once send each exactly once", async () => {
    const keys = new Set<string>();
    const to = `many-${++seq}@example.test`;
    for (let i = 0; i < 60; i++) {
      const k = key("many");
      keys.add(k);
      await enqueueEmail(t.db, k, resetEmail(to));
    }
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: "outbox",
      async send(m) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(m);
      },
    };
    const drain = async () => {
      for (let i = 0; i < 10; i++) await deliverOutbox(t.db, mailer, ctx, { limit: 7 });
    };
    await Promise.all([drain(), drain(), drain()]);
    const mine = sent.filter((m) => m.key && keys.has(m.key));
    expect(mine).toHaveLength(60);
    expect(new Set(mine.map((m) => m.key)).size).toBe(60);
  });
});

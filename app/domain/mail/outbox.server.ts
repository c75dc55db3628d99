// The transactional outbox (ADR 0056). Every e-mail that follows a state change is queued HERE,
// in the same transaction as the change: the change and its message commit together or not at
// all. A worker on every app server delivers due messages afterwards:
//
//   - claimed in a short transaction with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so
//     several servers share the queue and a message is never sent by two of them at once, and no
//     transaction stays open while SMTP talks (PGlite runs one transaction at a time);
//   - retried with exponential backoff, then given up (`failed_at`, logged) after MAX_ATTEMPTS;
//   - at least once: a worker that dies after sending but before recording it leaves the lease to
//     run out, and the message is sent again. Each message carries its key (`message_key`, which
//     names the change, e.g. 'withdrawal:42:status:approved'): the same change never queues a
//     second message, the development mailbox keeps one copy per key, and SMTP gets a Message-ID
//     derived from the key, so a receiving mail system can drop the duplicate.
//
// Payloads are sealed (AES-256-GCM, key derived from SESSION_SECRET): a message can hold a
// one-time link whose token the database otherwise keeps only as a hash. Once delivered, the
// payload is dropped; the row stays as the delivery record.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { currentOriginId, log, withLogFields } from "../../log.server.ts";
import type { MailContext } from "./context.ts";
import { type Email, isTemplateName, renderEmail } from "./emails.ts";
import type { Mailer } from "./mailer.server.ts";

/** Signalled (pg_notify) in the enqueuing transaction: PostgreSQL delivers it only on commit. */
export const OUTBOX_CHANNEL = "coinlens_outbox";
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 60;

// ---------------------------------------------------------------------------------------------
// Sealing

// Process-wide state (ADR 0064): derived keys by secret, a pure cache (the secret is the config's).
const derivedKeys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "coinlens-outbox", "outbox payload v1", 32));
    derivedKeys.set(secret, key);
  }
  return key;
}

export function sealPayload(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Throws when the payload was sealed with another secret or altered. */
export function openPayload(sealed: string, secret: string): string {
  if (!sealed.startsWith("v1.")) throw new Error("unknown payload format");
  const raw = Buffer.from(sealed.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

const defaultSecret = () => getConfig().sessionSecret;

// ---------------------------------------------------------------------------------------------
// Queueing

/**
 * Queues an e-mail. Call it with the transaction that makes the change the e-mail reports, so
 * both commit or neither does. A key already queued queues nothing (returns false): a retried
 * request or a replayed job cannot send the same message twice.
 */
export async function enqueueEmail(
  db: Db,
  key: string,
  email: Email,
  options: { secret?: string; availableAt?: Date; requestId?: string } = {},
): Promise<boolean> {
  return enqueueSealed(db, key, JSON.stringify(email), options);
}

/** Keys of Web Push messages (ADR 0079): 'push:<notification key>:<subscription id>'. */
export const PUSH_KEY_PREFIX = "push:";

/**
 * Queues any message under its key (sealed). Web Push messages share the queue with e-mail; the
 * row's kind says which it is (migration 0029), and the worker routes by the key's prefix.
 */
export async function enqueueSealed(
  db: Db,
  key: string,
  plain: string,
  options: { secret?: string; availableAt?: Date; requestId?: string } = {},
): Promise<boolean> {
  if (!key || key.length > 300) throw new RangeError("An outbox message needs a key of 1 to 300 characters.");
  const payload = sealPayload(plain, options.secret ?? defaultSecret());
  // The request or job run that queues it (ADR 0089): its delivery is logged under that id.
  const requestId = (options.requestId ?? currentOriginId())?.slice(0, 100) || null;
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`insert into outbox (kind, message_key, payload, available_at, request_id)
        values (${key.startsWith(PUSH_KEY_PREFIX) ? "push" : "email"}, ${key}, ${payload}, ${(options.availableAt ?? new Date()).toISOString()}::timestamptz, ${requestId})
        on conflict (message_key) do nothing returning id`,
  );
  if (rows.length > 0) await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return rows.length > 0;
}

/**
 * Delivers one Web Push message (its opened payload). Resolves with what happened when there is
 * nothing more to do ('sent', or 'gone'/'skipped' with why); throws to be retried with backoff.
 */
export type PushHandler = (db: Db, plain: string) => Promise<{ sent: true } | { sent: false; note: string }>;

// ---------------------------------------------------------------------------------------------
// Delivering

export interface DeliveryResult {
  delivered: number;
  retried: number;
  failed: number;
}

/** Seconds to wait before attempt n+1 after n failed attempts: 10 s, 20 s, 40 s … at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface ClaimedRow {
  id: string | number;
  message_key: string;
  payload: string | null;
  attempts: number;
  request_id: string | null;
}

/**
 * One delivery pass: claims up to `limit` due messages and hands each to `transport`. `now` is
 * injectable so tests can run a lease or a backoff out. Safe to run on every server at once.
 */
export async function deliverOutbox(
  db: Db,
  transport: Mailer,
  ctx: MailContext,
  options: { now?: Date; limit?: number; leaseSeconds?: number; secret?: string; push?: PushHandler } = {},
): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const nowText = now.toISOString();
  const lease = new Date(now.getTime() + (options.leaseSeconds ?? LEASE_SECONDS) * 1000).toISOString();
  const claimed = await queryRows<ClaimedRow>(
    db,
    sql`update outbox set locked_until = ${lease}::timestamptz, attempts = attempts + 1
        where id in (
          select id from outbox
          where delivered_at is null and failed_at is null and available_at <= ${nowText}::timestamptz
            and (locked_until is null or locked_until <= ${nowText}::timestamptz)
          order by available_at, id
          limit ${options.limit ?? 20}
          for update skip locked)
        returning id::text as id, message_key, payload, attempts, request_id`,
  );
  // UPDATE … RETURNING keeps no order: send in queue order (ids only grow).
  claimed.sort((a, b) => Number(BigInt(String(a.id)) - BigInt(String(b.id))));
  const result: DeliveryResult = { delivered: 0, retried: 0, failed: 0 };
  const secret = options.secret ?? defaultSecret();
  for (const row of claimed) {
    // Every line about this message carries the id of the request (or job run) that queued it.
    const outcome = await withLogFields(row.request_id ? { requestId: row.request_id } : {}, () =>
      deliverRow(db, row, { transport, ctx, now, secret, push: options.push }),
    );
    result[outcome]++;
  }
  return result;
}

async function deliverRow(
  db: Db,
  row: ClaimedRow,
  env: { transport: Mailer; ctx: MailContext; now: Date; secret: string; push: PushHandler | undefined },
): Promise<keyof DeliveryResult> {
  const id = String(row.id);
  const attempts = Number(row.attempts);
  let send: () => Promise<string | null>;
  try {
    const plain = openPayload(row.payload ?? "", env.secret);
    send = row.message_key.startsWith(PUSH_KEY_PREFIX)
      ? pushSend(db, plain, env.push)
      : emailSend(plain, env.transport, env.ctx, row.message_key);
  } catch (error) {
    // Unreadable (SESSION_SECRET changed, or a template this version no longer has): retrying
    // cannot help. Given up at once and left for an operator.
    await giveUp(db, id, row.message_key, `cannot read the message: ${(error as Error).message}`);
    return "failed";
  }
  let note: string | null;
  try {
    note = await send();
  } catch (error) {
    const reason = (error as Error).message?.slice(0, 500) || "delivery failed";
    if (attempts >= MAX_ATTEMPTS) {
      await giveUp(db, id, row.message_key, reason);
      return "failed";
    }
    const retryAt = new Date(env.now.getTime() + backoffSeconds(attempts) * 1000).toISOString();
    await db.execute(
      sql`update outbox set locked_until = null, last_error = ${reason}, available_at = ${retryAt}::timestamptz
          where id = ${id}::bigint and delivered_at is null`,
    );
    log.warn("outbox delivery failed; will retry", { key: row.message_key, attempts, error: reason });
    return "retried";
  }
  await db.execute(
    sql`update outbox set delivered_at = now(), payload = null, locked_until = null, last_error = ${note}
        where id = ${id}::bigint and delivered_at is null`,
  );
  log.info("outbox message delivered", { key: row.message_key, attempts, ...(note ? { note } : {}) });
  return "delivered";
}

/** An e-mail's send step; throws at once (given up) when the message cannot be read. */
function emailSend(plain: string, transport: Mailer, ctx: MailContext, key: string) {
  const email = JSON.parse(plain) as Email;
  if (!isTemplateName(email.template)) throw new Error(`unknown template ${email.template}`);
  return async () => {
    const rendered = renderEmail(email, ctx);
    await transport.send({ to: email.to, ...rendered, key });
    return null;
  };
}

/** A push's send step: 'sent', or delivered with a note (the device is gone), or throws to retry. */
function pushSend(db: Db, plain: string, handler: PushHandler | undefined) {
  if (!handler) throw new Error("Web Push is not configured on this server");
  return async () => {
    const outcome = await handler(db, plain);
    return outcome.sent ? null : outcome.note;
  };
}

async function giveUp(db: Db, id: string, key: string, reason: string) {
  await db.execute(
    sql`update outbox set failed_at = now(), locked_until = null, last_error = ${reason}
        where id = ${id}::bigint and delivered_at is null`,
  );
  log.error("outbox message given up", { key, error: reason });
}

/** What is waiting, for the operator and for tests (never the payloads). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; failed: number }> {
  const [row] = await queryRows<{ pending: number | string; failed: number | string }>(
    db,
    sql`select count(*) filter (where delivered_at is null and failed_at is null)::int as pending,
               count(*) filter (where failed_at is not null)::int as failed
        from outbox`,
  );
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

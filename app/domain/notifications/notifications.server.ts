// The notification centre (ADR 0075): one row per event, named by its key, written in the
// transaction that made the event. A second writer of the same event (another server, a retry)
// hits the unique key and writes nothing, so the member is told once. Each new row is announced
// on the member's live stream (ADR 0069), delivered when the transaction commits.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";

export interface NewNotification {
  userId: string;
  /** Names the event: 'alert:12:3', 'deposit:45:credited'. One notification per key, ever. */
  key: string;
  kind: string;
  title: string;
  body?: string;
  /** A same-site path ('/alerts'). */
  link?: string;
  /** The transaction already announces the change with its own live event (and toast). */
  quiet?: boolean;
}

/** Notifications the bell lists. */
export const NOTIFICATION_LIST_SIZE = 20;

/** Writes the notification unless its key exists; true when this call wrote it. Use the event's transaction. */
export async function notify(tx: Db, input: NewNotification): Promise<boolean> {
  if (input.link && !/^\/(?!\/)/.test(input.link))
    throw new RangeError("A notification links within the site.");
  const rows = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      key: input.key,
      kind: input.kind,
      title: input.title,
      body: input.body ?? "",
      link: input.link ?? null,
    })
    .onConflictDoNothing({ target: notifications.key })
    .returning({ id: notifications.id });
  const row = rows[0];
  if (!row) return false;
  await publishAccountEvent(tx, input.userId, {
    kind: "notification",
    id: row.id.toString(),
    status: "new",
    title: input.title,
    quiet: input.quiet ?? false,
  });
  return true;
}

export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

/** The member's newest notifications and how many are unread: what the header's bell shows. */
export async function notificationCentre(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_SIZE);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    unread: Number(unread?.n ?? 0),
    items: rows.map(
      (r): NotificationItem => ({
        id: r.id.toString(),
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        createdAt: r.createdAt.toISOString(),
        read: r.readAt !== null,
      }),
    ),
  };
}
export type NotificationCentre = Awaited<ReturnType<typeof notificationCentre>>;

/** Marks the member's unread notifications read (only theirs); returns how many. */
export async function markAllNotificationsRead(db: Db, userId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks one of the member's notifications read; another member's id changes nothing. */
export async function markNotificationRead(db: Db, userId: string, id: bigint, now = new Date()) {
  await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
}

// Support tickets, staff's side (issue 20, ADR 0080): the queue, a ticket's whole thread with
// internal notes, replies (e-mailed to the member, never a note), assignment, status, canned
// replies and the queue's timings. Routes call these only after the permission check.
import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { supportCannedReplies, supportMessages, supportTickets, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { notify } from "../notifications/notifications.server.ts";
import { hasPermission } from "../payments/permissions.ts";
import { median, nextStatus, type SupportCategory, type SupportStatus, ticketNumber } from "./rules.ts";
import {
  checkFiles,
  insertAttachments,
  linkedOperation,
  type SupportResult,
  threadOf,
  type UploadedFile,
} from "./tickets.server.ts";

export interface QueueFilter {
  status: SupportStatus | "active" | "all";
  category: SupportCategory | "all";
  assigned: "me" | "unassigned" | "all";
  q: string;
}

export async function listQueue(db: Db, input: { staffId: string; filter: QueueFilter }) {
  const f = input.filter;
  const where: (SQL | undefined)[] = [
    f.status === "all"
      ? undefined
      : f.status === "active"
        ? inArray(supportTickets.status, ["open", "waiting"])
        : eq(supportTickets.status, f.status),
    f.category === "all" ? undefined : eq(supportTickets.category, f.category),
    f.assigned === "me"
      ? eq(supportTickets.assigneeId, input.staffId)
      : f.assigned === "unassigned"
        ? isNull(supportTickets.assigneeId)
        : undefined,
  ];
  const q = f.q.trim();
  if (q) {
    const number = /^#?(\d{1,18})$/.exec(q)?.[1];
    where.push(
      number
        ? eq(supportTickets.id, BigInt(number))
        : or(
            ilike(supportTickets.subject, `%${escapeLike(q)}%`),
            ilike(supportTickets.email, `%${escapeLike(q)}%`),
          ),
    );
  }
  const assignee = sql<
    string | null
  >`(select u.email from users u where u.id = ${supportTickets.assigneeId})`;
  return (
    db
      .select({
        id: supportTickets.id,
        subject: supportTickets.subject,
        category: supportTickets.category,
        status: supportTickets.status,
        email: supportTickets.email,
        source: supportTickets.source,
        assignee,
        createdAt: supportTickets.createdAt,
        updatedAt: supportTickets.updatedAt,
        firstResponseAt: supportTickets.firstResponseAt,
        resolvedAt: supportTickets.resolvedAt,
        rating: supportTickets.rating,
      })
      .from(supportTickets)
      .where(and(...where))
      // Oldest waiting first among active tickets is how a queue is worked; the rest newest first.
      .orderBy(
        sql`case when ${supportTickets.status} = 'open' then 0 else 1 end`,
        desc(supportTickets.updatedAt),
      )
      .limit(200)
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Median first-response and resolution times of the last 30 days' tickets, and counts by status. */
export async function queueMetrics(db: Db, now: Date) {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const rows = await db
    .select({
      createdAt: supportTickets.createdAt,
      firstResponseAt: supportTickets.firstResponseAt,
      resolvedAt: supportTickets.resolvedAt,
      rating: supportTickets.rating,
    })
    .from(supportTickets)
    .where(gte(supportTickets.createdAt, since));
  const counts = await db
    .select({ status: supportTickets.status, n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .groupBy(supportTickets.status);
  const firsts = rows
    .filter((r) => r.firstResponseAt)
    .map((r) => (r.firstResponseAt as Date).getTime() - r.createdAt.getTime());
  const resolutions = rows
    .filter((r) => r.resolvedAt)
    .map((r) => (r.resolvedAt as Date).getTime() - r.createdAt.getTime());
  const ratings = rows.map((r) => r.rating).filter((r): r is number => r !== null);
  return {
    medianFirstResponseMs: median(firsts),
    medianResolutionMs: median(resolutions),
    averageRating: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
    ratings: ratings.length,
    counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Partial<
      Record<SupportStatus, number>
    >,
  };
}

export async function getTicketForStaff(db: Db, ticketId: bigint) {
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!ticket) return null;
  const [member] = ticket.userId
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, ticket.userId))
    : [];
  const operation = await linkedOperation(db, ticket);
  const messages = await threadOf(db, ticketId, { internal: true });
  const authorIds = [...new Set(messages.map((m) => m.authorId).filter((a): a is string => a !== null))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
    : [];
  return {
    ticket,
    member: member ?? null,
    operation,
    messages: messages.map((m) => ({
      ...m,
      authorName: authors.find((a) => a.id === m.authorId)?.name ?? null,
    })),
  };
}

/**
 * Staff write in a ticket. A reply hands the turn to the member, is e-mailed to them (and shown in
 * their notification centre), and is the first response if none came before; an internal note is
 * for staff only and changes nothing else. All in one transaction with its e-mail.
 */
export async function writeAsStaff(
  db: Db,
  input: {
    staffId: string;
    ticketId: bigint;
    message: string;
    internal: boolean;
    files: readonly UploadedFile[];
    now: Date;
  },
): Promise<SupportResult> {
  const files = checkFiles(input.files);
  if (!Array.isArray(files)) return { ok: false, field: "files", message: files.message };
  const event = input.internal ? "internal-note" : "staff-reply";
  const outcome = await withTx(db, async (tx) => {
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, input.ticketId))
      .for("update");
    if (!ticket) return "missing" as const;
    const status = nextStatus(ticket.status, event);
    if (status === null) return "closed" as const;
    const [message] = await tx
      .insert(supportMessages)
      .values({
        ticketId: ticket.id,
        authorId: input.staffId,
        authorKind: "staff",
        body: input.message,
        internal: input.internal,
        createdAt: input.now,
      })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error("message not created");
    await insertAttachments(tx, ticket.id, message.id, files);
    if (input.internal) return "ok" as const;
    await tx
      .update(supportTickets)
      .set({
        status,
        updatedAt: input.now,
        resolvedAt: null,
        firstResponseAt: ticket.firstResponseAt ?? input.now,
        // Whoever answers an unassigned ticket takes it.
        assigneeId: ticket.assigneeId ?? input.staffId,
      })
      .where(eq(supportTickets.id, ticket.id));
    const number = ticketNumber(ticket.id);
    await enqueueEmail(tx, `support:${ticket.id}:message:${message.id}`, {
      to: ticket.email,
      template: "support-reply",
      data: {
        number,
        subject: ticket.subject,
        ticketId: ticket.id.toString(),
        member: ticket.userId !== null,
        reply: input.message,
      },
    });
    if (ticket.userId) {
      await notify(tx, {
        userId: ticket.userId,
        key: `support:${ticket.id}:message:${message.id}`,
        kind: "support",
        title: `Support replied to ${number}`,
        body: ticket.subject,
        link: `/support/${ticket.id}`,
      });
    }
    return "ok" as const;
  });
  if (outcome === "missing") return { ok: false, field: "form", message: "This ticket no longer exists." };
  if (outcome === "closed")
    return { ok: false, field: "form", message: "This ticket is closed. Reopen it first." };
  return { ok: true, ticketId: input.ticketId.toString() };
}

/** Staff who may be assigned: everyone whose role reads tickets. */
export async function assignableStaff(db: Db) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ["support", "admin"]), isNotNull(users.email)));
  return rows.filter((r) => hasPermission(r.role, "reply:ticket:any"));
}

export async function assignTicket(
  db: Db,
  input: { ticketId: bigint; assigneeId: string | null; now: Date },
) {
  if (input.assigneeId !== null) {
    const staff = await assignableStaff(db);
    if (!staff.some((s) => s.id === input.assigneeId)) return false;
  }
  const rows = await db
    .update(supportTickets)
    .set({ assigneeId: input.assigneeId, updatedAt: input.now })
    .where(eq(supportTickets.id, input.ticketId))
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

/** Resolve, close or reopen, each only from a status it follows (a conditional update). */
export async function setTicketStatus(
  db: Db,
  input: { ticketId: bigint; event: "resolve" | "close" | "reopen"; now: Date },
) {
  const from: SupportStatus[] =
    input.event === "resolve"
      ? ["open", "waiting"]
      : input.event === "close"
        ? ["open", "waiting", "resolved"]
        : ["resolved"];
  const to = nextStatus(from[0] as SupportStatus, input.event) as SupportStatus;
  const rows = await db
    .update(supportTickets)
    .set({
      status: to,
      updatedAt: input.now,
      ...(input.event === "resolve" ? { resolvedAt: input.now } : {}),
      ...(input.event === "close" ? { closedAt: input.now } : {}),
      ...(input.event === "reopen" ? { resolvedAt: null } : {}),
    })
    .where(and(eq(supportTickets.id, input.ticketId), inArray(supportTickets.status, from)))
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

export async function listCannedReplies(db: Db) {
  return db.select().from(supportCannedReplies).orderBy(supportCannedReplies.title);
}

export async function createCannedReply(db: Db, input: { title: string; body: string; staffId: string }) {
  await db
    .insert(supportCannedReplies)
    .values({ title: input.title, body: input.body, createdBy: input.staffId });
}

export async function deleteCannedReply(db: Db, id: bigint) {
  await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id));
}

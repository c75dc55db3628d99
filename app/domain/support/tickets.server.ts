// Support tickets, the member's side (issue 20, ADR 0080). Every read and write is keyed by the
// member's id, so a ticket, its messages and attachments are theirs alone; staff's side is in
// staff.server.ts. A ticket, its first message, its files and its e-mail commit together.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  ledgerOperations,
  supportAttachments,
  supportMessages,
  supportTickets,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import {
  attachmentMessages,
  checkAttachment,
  MAX_ATTACHMENTS_PER_MESSAGE,
  safeFileName,
} from "./attachments.ts";
import { type NewTicketInput, nextStatus, type SupportStatus, ticketNumber } from "./rules.ts";

/** Tickets a member may open an hour: plenty for a person, a wall for a script. */
export const ticketsPerHour: Readonly<Window> = Object.freeze({ limit: 10, windowMs: 60 * 60_000 });
/** Replies (and files) a member may send an hour. */
export const repliesPerHour: Readonly<Window> = Object.freeze({ limit: 60, windowMs: 60 * 60_000 });

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export type SupportResult =
  | { ok: true; ticketId: string }
  | { ok: false; field: "files" | "operationId" | "form"; message: string };

interface CheckedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Every file checked before anything is written: one bad file refuses the whole message. */
export function checkFiles(files: readonly UploadedFile[]): CheckedFile[] | { message: string } {
  const real = files.filter((f) => f.bytes.length > 0 || f.name !== "");
  if (real.length > MAX_ATTACHMENTS_PER_MESSAGE) return { message: attachmentMessages.tooMany };
  const checked: CheckedFile[] = [];
  for (const file of real) {
    const result = checkAttachment(file.bytes);
    if (!result.ok) return { message: `${safeFileName(file.name, "file")}: ${result.message}` };
    checked.push({
      fileName: safeFileName(file.name, result.ext),
      contentType: result.type,
      bytes: file.bytes,
    });
  }
  return checked;
}

export async function insertAttachments(
  tx: Db,
  ticketId: bigint,
  messageId: bigint,
  files: readonly CheckedFile[],
) {
  if (files.length === 0) return;
  await tx.insert(supportAttachments).values(
    files.map((f) => ({
      ticketId,
      messageId,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.bytes.length,
      sha256: createHash("sha256").update(f.bytes).digest("hex"),
      bytes: f.bytes,
    })),
  );
}

/** What a ticket shows of an operation. */
const OPERATION_COLUMNS = {
  id: ledgerOperations.id,
  type: ledgerOperations.type,
  asset: ledgerOperations.asset,
  amount: ledgerOperations.amount,
  status: ledgerOperations.status,
  createdAt: ledgerOperations.createdAt,
};

/** The operation a ticket is about: always one of the ticket's own member's (none for a visitor). */
export async function linkedOperation(db: Db, ticket: { operationId: bigint | null; userId: string | null }) {
  if (ticket.operationId === null || ticket.userId === null) return null;
  const [row] = await db
    .select(OPERATION_COLUMNS)
    .from(ledgerOperations)
    .where(and(eq(ledgerOperations.id, ticket.operationId), eq(ledgerOperations.userId, ticket.userId)));
  return row ?? null;
}

/** The member's recent operations, to say which one a ticket is about. */
export async function operationsToLink(db: Db, userId: string) {
  const rows = await db
    .select(OPERATION_COLUMNS)
    .from(ledgerOperations)
    .where(and(eq(ledgerOperations.userId, userId), eq(ledgerOperations.ledger, "real")))
    .orderBy(desc(ledgerOperations.createdAt), desc(ledgerOperations.id))
    .limit(25);
  return rows;
}

export async function openTicket(
  db: Db,
  input: {
    userId: string;
    email: string;
    ticket: NewTicketInput;
    files: readonly UploadedFile[];
    clock: Clock;
  },
): Promise<SupportResult> {
  const files = checkFiles(input.files);
  if (!Array.isArray(files)) return { ok: false, field: "files", message: files.message };
  if (input.ticket.operationId !== null) {
    const own = await db
      .select({ id: ledgerOperations.id })
      .from(ledgerOperations)
      .where(
        and(eq(ledgerOperations.id, input.ticket.operationId), eq(ledgerOperations.userId, input.userId)),
      );
    if (own.length === 0)
      return { ok: false, field: "operationId", message: "Choose one of your own transactions, or none." };
  }
  const decision = await consume(db, `support-ticket:${input.userId}`, ticketsPerHour, input.clock);
  if (!decision.allowed) {
    return {
      ok: false,
      field: "form",
      message: "You have opened many requests in the last hour. Please try again later.",
    };
  }
  const now = input.clock.now();
  const id = await withTx(db, async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: input.userId,
        email: input.email,
        category: input.ticket.category,
        subject: input.ticket.subject,
        source: "app",
        operationId: input.ticket.operationId,
        fromPath: input.ticket.fromPath,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: supportTickets.id });
    if (!ticket) throw new Error("ticket not created");
    const [message] = await tx
      .insert(supportMessages)
      .values({
        ticketId: ticket.id,
        authorId: input.userId,
        authorKind: "member",
        body: input.ticket.message,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error("message not created");
    await insertAttachments(tx, ticket.id, message.id, files);
    await enqueueEmail(tx, `support:${ticket.id}:received`, {
      to: input.email,
      template: "support-ticket-received",
      data: {
        number: ticketNumber(ticket.id),
        subject: input.ticket.subject,
        ticketId: ticket.id.toString(),
        member: true,
      },
    });
    return ticket.id;
  });
  return { ok: true, ticketId: id.toString() };
}

export async function listMyTickets(db: Db, userId: string) {
  return db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      category: supportTickets.category,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(100);
}

/** The thread as a member sees it: never staff's internal notes or their files. */
export async function threadOf(db: Db, ticketId: bigint, options: { internal: boolean }) {
  const messages = await db
    .select({
      id: supportMessages.id,
      authorKind: supportMessages.authorKind,
      authorId: supportMessages.authorId,
      body: supportMessages.body,
      internal: supportMessages.internal,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        options.internal ? undefined : eq(supportMessages.internal, false),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const ids = messages.map((m) => m.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            id: supportAttachments.id,
            messageId: supportAttachments.messageId,
            fileName: supportAttachments.fileName,
            contentType: supportAttachments.contentType,
            size: supportAttachments.size,
          })
          .from(supportAttachments)
          .where(inArray(supportAttachments.messageId, ids))
          .orderBy(asc(supportAttachments.id));
  return messages.map((m) => ({ ...m, files: files.filter((f) => f.messageId === m.id) }));
}

export async function getMyTicket(db: Db, userId: string, ticketId: bigint) {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId)));
  if (!ticket) return null;
  return {
    ticket,
    operation: await linkedOperation(db, ticket),
    messages: await threadOf(db, ticketId, { internal: false }),
  };
}

/** The member answers: the ticket is theirs and not closed; it becomes open (staff's turn). */
export async function replyAsMember(
  db: Db,
  input: { userId: string; ticketId: bigint; message: string; files: readonly UploadedFile[]; clock: Clock },
): Promise<SupportResult> {
  const files = checkFiles(input.files);
  if (!Array.isArray(files)) return { ok: false, field: "files", message: files.message };
  const decision = await consume(db, `support-reply:${input.userId}`, repliesPerHour, input.clock);
  if (!decision.allowed)
    return {
      ok: false,
      field: "form",
      message: "You have sent many replies in the last hour. Please try again later.",
    };
  const now = input.clock.now();
  const done = await withTx(db, async (tx) => {
    // The conditional update is the gate: the member's own ticket, not closed.
    const moved = await tx
      .update(supportTickets)
      .set({ status: nextStatus("open", "member-reply") as SupportStatus, updatedAt: now, resolvedAt: null })
      .where(
        and(
          eq(supportTickets.id, input.ticketId),
          eq(supportTickets.userId, input.userId),
          ne(supportTickets.status, "closed"),
        ),
      )
      .returning({ id: supportTickets.id });
    if (moved.length === 0) return false;
    const [message] = await tx
      .insert(supportMessages)
      .values({
        ticketId: input.ticketId,
        authorId: input.userId,
        authorKind: "member",
        body: input.message,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error("message not created");
    await insertAttachments(tx, input.ticketId, message.id, files);
    return true;
  });
  if (!done)
    return {
      ok: false,
      field: "form",
      message: "This request is closed. Open a new one if you still need help.",
    };
  return { ok: true, ticketId: input.ticketId.toString() };
}

/** "This solved it": the member resolves their own open or waiting ticket. */
export async function resolveAsMember(
  db: Db,
  input: { userId: string; ticketId: bigint; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(supportTickets)
    .set({ status: "resolved", resolvedAt: input.now, updatedAt: input.now })
    .where(
      and(
        eq(supportTickets.id, input.ticketId),
        eq(supportTickets.userId, input.userId),
        inArray(supportTickets.status, ["open", "waiting"]),
      ),
    )
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

/** A rating, once, after the ticket is resolved or closed. */
export async function rateTicket(
  db: Db,
  input: { userId: string; ticketId: bigint; rating: number; comment: string | undefined },
): Promise<boolean> {
  const rows = await db
    .update(supportTickets)
    .set({ rating: input.rating, ratingComment: input.comment || null })
    .where(
      and(
        eq(supportTickets.id, input.ticketId),
        eq(supportTickets.userId, input.userId),
        inArray(supportTickets.status, ["resolved", "closed"]),
        isNull(supportTickets.rating),
      ),
    )
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

/**
 * An attachment for whoever asks: the ticket's member (never a file on an internal note), or staff
 * allowed to read every ticket. Anyone else gets null — the same answer as a file that does not exist.
 */
export async function attachmentFor(db: Db, input: { id: bigint; userId: string; staff: boolean }) {
  const [row] = await db
    .select({
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      bytes: supportAttachments.bytes,
      owner: supportTickets.userId,
      internal: supportMessages.internal,
    })
    .from(supportAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportAttachments.ticketId))
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .where(eq(supportAttachments.id, input.id));
  if (!row) return null;
  if (input.staff || (row.owner === input.userId && !row.internal)) {
    return { fileName: row.fileName, contentType: row.contentType, bytes: row.bytes };
  }
  return null;
}

/** Tickets the member has where it is their turn: for the Help button's badge. */
export async function waitingOnMember(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), eq(supportTickets.status, "waiting")));
  return Number(row?.n ?? 0);
}

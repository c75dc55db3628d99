// A visitor's message from /contact becomes a ticket in support's queue (issue 20, ADR 0080),
// answered by e-mail; the sender gets a copy with the ticket's number. Called inside the contact
// request's own transaction, so the message, the ticket and both e-mails commit together.
import { supportMessages, supportTickets } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { ticketNumber } from "./rules.ts";

export async function openVisitorTicket(
  tx: Db,
  input: { email: string; subject: string; message: string; now: Date },
): Promise<bigint> {
  const [ticket] = await tx
    .insert(supportTickets)
    .values({
      userId: null,
      email: input.email,
      category: "other",
      subject: input.subject.slice(0, 120),
      source: "contact",
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: supportTickets.id });
  if (!ticket) throw new Error("ticket not created");
  await tx.insert(supportMessages).values({
    ticketId: ticket.id,
    authorId: null,
    authorKind: "visitor",
    body: input.message,
    createdAt: input.now,
  });
  await enqueueEmail(tx, `support:${ticket.id}:received`, {
    to: input.email,
    template: "support-ticket-received",
    data: {
      number: ticketNumber(ticket.id),
      subject: input.subject,
      ticketId: ticket.id.toString(),
      member: false,
    },
  });
  return ticket.id;
}

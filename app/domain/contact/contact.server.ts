import { randomUUID } from "node:crypto";
import { contactRequests } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { openVisitorTicket } from "../support/visitor.server.ts";
import type { ContactInput } from "./schema.ts";

/** Messages one address may send per hour: plenty for a person, useless for a spammer. */
export const contactPerIp: Readonly<Window> = Object.freeze({ limit: 5, windowMs: 60 * 60_000 });

export type ContactResult = { ok: true; id: string | null } | { ok: false; retryAfterSeconds: number };

export interface ContactContext {
  ip: string | undefined;
  /** Where support mail goes; unset means the request is only stored. */
  supportEmail: string | undefined;
  clock: Clock;
  /** True when the honeypot was filled: the sender is told it worked, nothing is stored or sent. */
  isSpam?: boolean;
}

/**
 * Stores a contact request and queues its e-mail to support. Limited per address in the database, so
 * every app server counts the same; a spam-trap hit looks like success to the bot.
 */
export async function submitContactRequest(
  db: Db,
  input: ContactInput,
  context: ContactContext,
): Promise<ContactResult> {
  const decision = await consume(db, `contact:${context.ip ?? "unknown"}`, contactPerIp, context.clock);
  if (!decision.allowed) return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
  if (context.isSpam) return { ok: true, id: null };

  const id = randomUUID();
  // The request, its ticket in support's queue (ADR 0080), the sender's copy with the ticket's
  // number and the e-mail to support commit together (the outbox, ADR 0056).
  await withTx(db, async (tx) => {
    const now = context.clock.now();
    await tx.insert(contactRequests).values({ id, ...input, ip: context.ip ?? null, createdAt: now });
    await openVisitorTicket(tx, { email: input.email, subject: input.subject, message: input.message, now });
    if (context.supportEmail) {
      await enqueueEmail(tx, `contact:${id}`, {
        to: context.supportEmail,
        template: "contact-message",
        data: { from: input.email, subject: input.subject, message: input.message, reference: id },
      });
    }
  });
  return { ok: true, id };
}

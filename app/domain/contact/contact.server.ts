import { randomUUID } from "node:crypto";
import { contactRequests } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import type { ContactInput } from "./schema.ts";

/** Messages one address may send per hour: plenty for a person, useless for a spammer. */
export const contactPerIp: Readonly<Window> = Object.freeze({ limit: 5, windowMs: 60 * 60_000 });

export type ContactResult = { ok: true; id: string | null } | { ok: false; retryAfterSeconds: number };

export interface ContactContext {
  ip: string | undefined;
  brandName: string;
  /** Where support mail goes; unset means the request is only stored. */
  supportEmail: string | undefined;
  mailer: Mailer;
  clock: Clock;
  /** True when the honeypot was filled: the sender is told it worked, nothing is stored or sent. */
  isSpam?: boolean;
}

/**
 * Stores a contact request and e-mails it to support. Limited per address in the database, so
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
  await db
    .insert(contactRequests)
    .values({ id, ...input, ip: context.ip ?? null, createdAt: context.clock.now() });
  if (context.supportEmail) {
    await context.mailer.send({
      to: context.supportEmail,
      subject: `[${context.brandName} contact] ${input.subject}`,
      text: [
        `From: ${input.email}`,
        `Reference: ${id}`,
        "",
        input.message,
        "",
        "Reply to the sender's address above; this message was sent from the website's contact form.",
      ].join("\n"),
    });
  }
  return { ok: true, id };
}

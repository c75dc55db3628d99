import { createHash, randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { devMailbox } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe); the development mailbox keeps them in its text. */
  headers?: Record<string, string>;
  /** The outbox message key: the same key is the same message (a redelivery is kept once). */
  key?: string;
}

/**
 * Where e-mail goes: SMTP in a real deployment, the development mailbox otherwise. Only the outbox
 * worker calls `send` (ADR 0056); everything else queues with enqueueEmail.
 */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** A Message-ID that is the same for every delivery of one outbox message. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "coinlens.invalid";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send({ key, ...message }) {
      await transport.sendMail({ from, ...message, ...(key ? { messageId: messageIdFor(key, from) } : {}) });
    },
  };
}

/** Development and tests: every message is kept in `dev_mailbox`, readable at /dev/outbox. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db
        .insert(devMailbox)
        .values({
          id: randomUUID(),
          messageKey: message.key ?? null,
          to: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        })
        .onConflictDoNothing({ target: devMailbox.messageKey });
    },
  };
}

export function createMailer(db: Db, config: { smtpUrl?: string | undefined; mailFrom: string }): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}

export async function listOutbox(db: Db, options: { to?: string; limit?: number } = {}) {
  const query = db
    .select()
    .from(devMailbox)
    .orderBy(desc(devMailbox.createdAt))
    .limit(options.limit ?? 50);
  return options.to ? query.where(eq(devMailbox.to, options.to.toLowerCase())) : query;
}

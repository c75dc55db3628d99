import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { outboxMessages } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where e-mail goes: SMTP in a real deployment, the outbox table otherwise. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Development and tests: every message is kept in `outbox_messages`, readable at /dev/outbox. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(outboxMessages).values({
        id: randomUUID(),
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}

export function createMailer(db: Db, config: { smtpUrl?: string | undefined; mailFrom: string }): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}

export async function listOutbox(db: Db, options: { to?: string; limit?: number } = {}) {
  const query = db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(options.limit ?? 50);
  return options.to ? query.where(eq(outboxMessages.to, options.to.toLowerCase())) : query;
}

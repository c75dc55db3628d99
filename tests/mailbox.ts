import { asc, eq } from "drizzle-orm";
import type { Db } from "../app/db/client.server.ts";
import type { MailContext } from "../app/domain/mail/context.ts";
import { createOutboxMailer, type Mailer, type MailMessage } from "../app/domain/mail/mailer.server.ts";
import { deliverOutbox } from "../app/domain/mail/outbox.server.ts";
import { devMailbox } from "../db/schema/index.ts";

/** The words of test e-mails: the default brand, links to the development address. */
export const testMailContext: MailContext = Object.freeze({
  brand: "Coinlens",
  publicUrl: "http://localhost:3000",
});

/** Delivers everything queued to the development mailbox, as the outbox worker would. */
export async function deliverMail(db: Db, ctx: MailContext = testMailContext) {
  return deliverOutbox(db, createOutboxMailer(db), ctx, { limit: 10_000 });
}

/** Delivers what is queued, then the mail one address has received, oldest first. */
export async function mailTo(db: Db, email: string) {
  await deliverMail(db);
  return db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.to, email.toLowerCase()))
    .orderBy(asc(devMailbox.createdAt));
}

/** A transport that keeps what it is handed, for tests that read the words without the mailbox. */
export function recordingTransport() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = { kind: "outbox", send: async (m) => void sent.push(m) };
  return { mailer, sent };
}

/** Delivers what is queued through a recording transport and returns what it was handed. */
export async function deliverRecorded(db: Db, ctx: MailContext = testMailContext) {
  const { mailer, sent } = recordingTransport();
  await deliverOutbox(db, mailer, ctx, { limit: 10_000 });
  return sent;
}

// The contact form's message to support (pure), rendered when the outbox delivers it.
import type { MailContext } from "../mail/context.ts";

export type ContactEmail = {
  template: "contact-message";
  data: { from: string; subject: string; message: string; reference: string };
};

export function renderContactEmail(email: ContactEmail, ctx: MailContext) {
  const { from, subject, message, reference } = email.data;
  return {
    subject: `[${ctx.brand} contact] ${subject}`,
    text: [
      `From: ${from}`,
      `Reference: ${reference}`,
      "",
      message,
      "",
      "Reply to the sender's address above; this message was sent from the website's contact form.",
    ].join("\n"),
  };
}

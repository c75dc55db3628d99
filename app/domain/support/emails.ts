// Support's e-mails (pure), rendered when the outbox delivers them (ADR 0056, 0080). A member's
// e-mail links the ticket; a visitor (from /contact) cannot sign in, so theirs carries the reply.
import type { MailContext } from "../mail/context.ts";

export type SupportEmail =
  | {
      template: "support-ticket-received";
      data: { number: string; subject: string; ticketId: string; member: boolean };
    }
  | {
      template: "support-reply";
      data: { number: string; subject: string; ticketId: string; member: boolean; reply: string };
    };

export function renderSupportEmail(email: SupportEmail, ctx: MailContext) {
  const { number, subject, ticketId, member } = email.data;
  const link = `${ctx.publicUrl}/support/${ticketId}`;
  if (email.template === "support-ticket-received") {
    return {
      subject: `${ctx.brand} support: we have your request ${number}`,
      text: [
        `We have your request ${number}, “${subject}”.`,
        "",
        member
          ? `Follow it and add to it at ${link}`
          : `We will answer at this address. To add something, send the contact form again and mention ${number}.`,
        "",
        `${ctx.brand} support will never ask for your password, two-factor codes or seed phrase.`,
      ].join("\n"),
    };
  }
  return {
    subject: `${ctx.brand} support replied to ${number}: ${subject}`,
    text: member
      ? [
          `${ctx.brand} support replied to your request ${number}, “${subject}”.`,
          "",
          `Read the reply and answer at ${link}`,
          "",
          `${ctx.brand} support will never ask for your password, two-factor codes or seed phrase.`,
        ].join("\n")
      : [
          `${ctx.brand} support replied to your request ${number}, “${subject}”:`,
          "",
          email.data.reply,
          "",
          `To answer, send the contact form again and mention ${number}.`,
          "",
          `${ctx.brand} support will never ask for your password, two-factor codes or seed phrase.`,
        ].join("\n"),
  };
}

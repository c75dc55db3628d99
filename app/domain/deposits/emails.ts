// The deposit e-mails' words (pure): the data is captured when the deposit changes, in the same
// transaction (the outbox, ADR 0056); the words are rendered when the message is delivered.
import type { MailContext } from "../mail/context.ts";

export type DepositEmail =
  | {
      template: "deposit-credited";
      /** `amount` is already formatted with its asset ("0.5 BTC"). */
      data: { name: string; amount: string; reference: string };
    }
  | {
      template: "deposit-detected";
      data: { name: string; amount: string; confirmations: number; required: number; reference: string };
    }
  | {
      template: "deposit-rejected";
      /** `amount` null: nothing was seen (an announcement rejected before any payment). */
      data: { name: string; amount: string | null; reason: string; reference: string };
    };

export function renderDepositEmail(email: DepositEmail, ctx: MailContext) {
  const { brand } = ctx;
  switch (email.template) {
    case "deposit-credited": {
      const { name, amount, reference } = email.data;
      return {
        subject: `${brand}: your deposit of ${amount} has been credited`,
        text: [
          `Hello ${name},`,
          "",
          `Your deposit of ${amount} has arrived and is now in your available balance.`,
          `Reference: ${reference}`,
          "",
          `If you did not expect this, contact ${brand} support.`,
        ].join("\n"),
      };
    }
    case "deposit-detected": {
      const { name, amount, confirmations, required, reference } = email.data;
      return {
        subject: `${brand}: we have seen your deposit of ${amount}`,
        text: [
          `Hello ${name},`,
          "",
          `Your deposit of ${amount} is on the network and waiting for confirmations (${confirmations} of ${required}).`,
          `We credit it to your available balance after ${required} confirmations and e-mail you when we do.`,
          `Reference: ${reference}`,
          "",
          `If you did not expect this, contact ${brand} support.`,
        ].join("\n"),
      };
    }
    case "deposit-rejected": {
      const { name, reason, reference } = email.data;
      const amount = email.data.amount === null ? "" : ` of ${email.data.amount}`;
      return {
        subject: `${brand}: your deposit${amount} has been rejected`,
        text: [
          `Hello ${name},`,
          "",
          `We could not accept your deposit${amount}. Nothing was credited to your balance.`,
          `Reason: ${reason}`,
          `Reference: ${reference}`,
          "",
          `To ask about it, contact ${brand} support and quote the reference above.`,
          // Each address ends its line: a mail client would take trailing punctuation into the link.
          ...(ctx.contactEmail ? [`E-mail: ${ctx.contactEmail}`] : []),
          `Contact form: ${ctx.publicUrl}/contact`,
        ].join("\n"),
      };
    }
  }
}

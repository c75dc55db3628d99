// The card-payment e-mails' words (pure), rendered when the outbox delivers them (ADR 0056). The
// data is captured in the transaction that applied the provider's event.
import type { MailContext } from "../mail/context.ts";

export type CardEmail = {
  template: "membership-card-payment-failed";
  /** `amount` formatted with its currency ("250.00 USD"); `graceUntil` a date in words, UTC. */
  data: { name: string; plan: string; amount: string; graceUntil: string };
};

export function renderCardEmail(email: CardEmail, ctx: MailContext) {
  const { name, plan, amount, graceUntil } = email.data;
  return {
    subject: `${ctx.brand}: your ${plan} renewal payment failed`,
    text: [
      `Hello ${name},`,
      "",
      `We could not take the ${amount} renewal payment for your ${plan} membership from your card.`,
      `Your ${plan} access continues until ${graceUntil} while we try again.`,
      "To keep it, update your card in Settings → Billing:",
      `${ctx.publicUrl}/settings/billing`,
      "",
      `If you do nothing, your membership returns to Standard after ${graceUntil}.`,
      `If you did not expect this, contact ${ctx.brand} support.`,
    ].join("\n"),
  };
}

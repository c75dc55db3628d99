// The refund e-mail's words (pure), rendered when the outbox delivers it (ADR 0056).
import type { MailContext } from "../mail/context.ts";

export type RefundEmail = {
  template: "membership-refund";
  data: { name: string; amount: string; invoice: string; method: string; reason: string };
};

export function renderRefundEmail(email: RefundEmail, ctx: MailContext) {
  const { name, amount, invoice, method, reason } = email.data;
  return {
    subject: `${ctx.brand}: ${amount} refunded (${invoice})`,
    text: [
      `Hello ${name},`,
      "",
      `We have refunded ${amount} of your membership payment ${invoice} to ${method}.`,
      `Reason: ${reason}`,
      "",
      "A card refund can take 5 to 10 business days to show on your statement; a refund to your balance is there now.",
      `Your invoices are in Settings → Billing: ${ctx.publicUrl}/settings/billing`,
      "",
      `If you did not expect this, contact ${ctx.brand} support.`,
    ].join("\n"),
  };
}

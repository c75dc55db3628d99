// The price alert e-mail's words (pure), rendered when the outbox delivers it (ADR 0056).
import type { MailContext } from "../mail/context.ts";

export type AlertEmail = {
  template: "price-alert";
  /** `title` is the notification's own line ("BTC is above $70,000.00: now $70,120.00"). */
  data: { name: string; title: string; sample: boolean };
};

export function renderAlertEmail(email: AlertEmail, ctx: MailContext) {
  const { name, title, sample } = email.data;
  return {
    subject: `${ctx.brand} price alert: ${title}`,
    text: [
      `Hello ${name},`,
      "",
      `${title}.`,
      sample ? "This price is sample data, not a live market price." : "",
      "",
      "This is information, not advice. Prices move quickly; check the current price before you act.",
      "",
      `Manage your alerts on ${ctx.publicUrl}/alerts`,
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  };
}

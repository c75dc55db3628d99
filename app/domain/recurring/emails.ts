// The recurring buy e-mails' words (pure), rendered when the outbox delivers them (ADR 0056).
import type { MailContext } from "../mail/context.ts";

export type RecurringEmail = {
  template: "recurring-buy-run";
  /** Amounts formatted with their asset, the date as "30 Nov 2026"; `demo` for virtual funds. */
  data: {
    name: string;
    outcome: "bought" | "skipped";
    asset: string;
    runOn: string;
    paid: string;
    received: string | null;
    reason: string | null;
    demo: boolean;
  };
};

export function renderRecurringEmail(email: RecurringEmail, ctx: MailContext) {
  const { name, outcome, asset, runOn, paid, received, reason, demo } = email.data;
  const account = demo ? " in your demo account (virtual funds)" : "";
  const lines =
    outcome === "bought"
      ? [`Your recurring buy on ${runOn} bought ${received} for ${paid}${account}.`]
      : [
          `Your recurring buy of ${asset} for ${paid} on ${runOn} was skipped${account}: ${reason}`,
          "No money moved. The plan carries on at its next date.",
        ];
  return {
    subject:
      outcome === "bought"
        ? `${ctx.brand}: your recurring buy of ${asset} went through`
        : `${ctx.brand}: your recurring buy of ${asset} was skipped`,
    text: [
      `Hello ${name},`,
      "",
      ...lines,
      "",
      `See your recurring buys on ${ctx.publicUrl}/recurring`,
      "",
      `If you did not expect this, contact ${ctx.brand} support.`,
    ].join("\n"),
  };
}

// The staking e-mails' words (pure), rendered when the outbox delivers them (ADR 0056).
import type { MailContext } from "../mail/context.ts";

export type StakingEmail = {
  template: "stake-matured";
  /** Amounts formatted with their asset; `demo` for the practice account's virtual funds. */
  data: { name: string; amount: string; reward: string; duration: string; demo: boolean };
};

export function renderStakingEmail(email: StakingEmail, ctx: MailContext) {
  const { name, amount, reward, duration, demo } = email.data;
  return {
    subject: `${ctx.brand}: your ${duration} stake of ${amount} has matured`,
    text: [
      `Hello ${name},`,
      "",
      `Your ${duration} stake of ${amount}${demo ? " in your demo account (virtual funds)" : ""} has matured.`,
      `The ${amount} and the reward of ${reward} are now in your available balance.`,
      "",
      `See it on ${ctx.publicUrl}/stake`,
      "",
      `If you did not expect this, contact ${ctx.brand} support.`,
    ].join("\n"),
  };
}

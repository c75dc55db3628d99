// The referral e-mail's words (pure): queued with the reward's ledger entry (the outbox, ADR 0056),
// rendered when delivered. It names no one: the referrer learns that someone they invited made a
// first deposit, never who.
import type { MailContext } from "../mail/context.ts";

export type ReferralEmail = {
  template: "referral-reward";
  /** `amount` is already formatted with its asset ("5 USDT"). */
  data: { name: string; amount: string };
};

export function renderReferralEmail(email: ReferralEmail, ctx: MailContext) {
  const { brand } = ctx;
  const { name, amount } = email.data;
  return {
    subject: `${brand}: you earned a referral reward of ${amount}`,
    text: [
      `Hello ${name},`,
      "",
      `Someone who joined through your referral link has made their first deposit, so we paid you ${amount}.`,
      "It is in your available balance now. Your referral page shows how many people joined through your link.",
      "",
      `If you did not expect this, contact ${brand} support.`,
    ].join("\n"),
  };
}

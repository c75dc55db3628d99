// What the member reads when asking for, confirming or cancelling a withdrawal. Pure: the pages
// and the workflow (member.server.ts) share the words.
import { deepFreeze } from "../freeze.ts";
import { paymentMessages } from "../payments/schemas.ts";
import type { WithdrawalMethod } from "./types.ts";

export const withdrawalMessages = deepFreeze({
  demo: "Demo accounts cannot withdraw real money.",
  emailUnverified: "Please confirm your e-mail address first. We sent you a link when you signed up.",
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  cancelled: "Your withdrawal was cancelled and the funds are back in your balance.",
  noSuchWithdrawal: "No such withdrawal.",
  linkExpired:
    "This confirmation link has expired. The amount is back in your balance; please make a new request.",
  // Seed §8, verbatim.
  success: {
    btc: paymentMessages.btcWithdrawalSuccess,
    usdt: paymentMessages.usdtWithdrawalSuccess,
    bank: paymentMessages.bankWithdrawalSuccess,
  } satisfies Record<WithdrawalMethod, string>,
});

export function tooManyAttempts(minutes: number): string {
  return `Too many attempts. Please wait ${minutes} minutes and try again.`;
}

/** After an e-mail-confirmed request: what happens next. */
export function emailConfirmDetail(minutes: number): string {
  return `We have e-mailed you a link to confirm it. Open it within ${minutes} minutes: until then the amount is held, and if you do not confirm, the request lapses and the amount returns to your balance.`;
}

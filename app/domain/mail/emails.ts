// Every e-mail the product sends, as data: which template and what it needs. A message is queued
// with its data in the transaction that caused it (outbox.server.ts) and rendered to words only
// when it is delivered, with the deployment's brand and address (MailContext).
import { type AccountDataEmail, renderAccountDataEmail } from "../account-data/emails.ts";
import { type AirdropEmail, renderAirdropEmail } from "../airdrops/emails.ts";
import { type AlertEmail, renderAlertEmail } from "../alerts/emails.ts";
import { type ContactEmail, renderContactEmail } from "../contact/emails.ts";
import { type DepositEmail, renderDepositEmail } from "../deposits/emails.ts";
import { type LiveEventEmail, renderLiveEventEmail } from "../live-events/emails.ts";
import { type CardEmail, renderCardEmail } from "../membership/card-emails.ts";
import { type MembershipEmail, renderMembershipEmail } from "../membership/emails.ts";
import { type ReceiptEmail, renderReceiptEmail } from "../membership/receipts.ts";
import { type RefundEmail, renderRefundEmail } from "../membership/refund-emails.ts";
import { type RecurringEmail, renderRecurringEmail } from "../recurring/emails.ts";
import { type ReferralEmail, renderReferralEmail } from "../referrals/emails.ts";
import { type ResearchEmail, renderResearchEmail } from "../research/emails.ts";
import { renderStakingEmail, type StakingEmail } from "../staking/emails.ts";
import { renderSupportEmail, type SupportEmail } from "../support/emails.ts";
import { renderVerificationEmail, type VerificationEmail } from "../verification/emails.ts";
import { renderWithdrawalEmail, type WithdrawalEmail } from "../withdrawals/emails.ts";
import type { MailContext } from "./context.ts";
import { type AccountEmail, renderAccountEmail } from "./templates.ts";

export type EmailContent =
  | AccountEmail
  | ContactEmail
  | DepositEmail
  | WithdrawalEmail
  | StakingEmail
  | MembershipEmail
  | CardEmail
  | RefundEmail
  | ReceiptEmail
  | ResearchEmail
  | RecurringEmail
  | AlertEmail
  | SupportEmail
  | LiveEventEmail
  | AccountDataEmail
  | ReferralEmail
  | VerificationEmail
  | AirdropEmail;
export type TemplateName = EmailContent["template"];
export type Email = EmailContent & { to: string };

export interface RenderedEmail {
  subject: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe on research e-mails. */
  headers?: Record<string, string>;
}

type Renderer<K extends TemplateName> = (
  email: Extract<EmailContent, { template: K }>,
  ctx: MailContext,
) => RenderedEmail;

/** One renderer per template name: the type makes a new template without words a compile error. */
const RENDERERS: { readonly [K in TemplateName]: Renderer<K> } = Object.freeze({
  "verify-email": renderAccountEmail,
  "reset-password": renderAccountEmail,
  "signup-existing-account": renderAccountEmail,
  "two-factor-disabled": renderAccountEmail,
  "two-factor-enabled": renderAccountEmail,
  "password-changed": renderAccountEmail,
  "contact-message": renderContactEmail,
  "deposit-credited": renderDepositEmail,
  "deposit-detected": renderDepositEmail,
  "deposit-rejected": renderDepositEmail,
  "withdrawal-status": renderWithdrawalEmail,
  "withdrawal-confirm": renderWithdrawalEmail,
  "withdrawal-new-address": renderWithdrawalEmail,
  "stake-matured": renderStakingEmail,
  "membership-renewal-reminder": renderMembershipEmail,
  "membership-past-due": renderMembershipEmail,
  "membership-expired": renderMembershipEmail,
  "membership-cancelled": renderMembershipEmail,
  "membership-price-change": renderMembershipEmail,
  "membership-card-payment-failed": renderCardEmail,
  "membership-refund": renderRefundEmail,
  "membership-receipt": renderReceiptEmail,
  "research-published": renderResearchEmail,
  "research-digest": renderResearchEmail,
  "recurring-buy-run": renderRecurringEmail,
  "price-alert": renderAlertEmail,
  "support-ticket-received": renderSupportEmail,
  "support-reply": renderSupportEmail,
  "live-event-reminder": renderLiveEventEmail,
  "live-event-cancelled": renderLiveEventEmail,
  "data-export-ready": renderAccountDataEmail,
  "account-closed": renderAccountDataEmail,
  "signup-closed-account": renderAccountDataEmail,
  "referral-reward": renderReferralEmail,
  "verification-decided": renderVerificationEmail,
  "airdrop-deadline-reminder": renderAirdropEmail,
});

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(RENDERERS, name);
}

export function renderEmail(email: EmailContent, ctx: MailContext): RenderedEmail {
  const render = RENDERERS[email.template] as (email: EmailContent, ctx: MailContext) => RenderedEmail;
  return render(email, ctx);
}

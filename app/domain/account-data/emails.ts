// The account data e-mails (pure), rendered when the outbox delivers them (ADR 0056, 0086).
import type { MailContext } from "../mail/context.ts";

export type AccountDataEmail =
  | { template: "data-export-ready"; data: { exportId: string; expiresAt: string } }
  | { template: "account-closed"; data: { closedAt: string; anonymiseAfter: string } }
  /** A sign-up with the address of a closed account not yet anonymised (ADR 0086). */
  | { template: "signup-closed-account"; data: { anonymiseAfter: string } };

const day = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function renderAccountDataEmail(email: AccountDataEmail, ctx: MailContext) {
  if (email.template === "data-export-ready") {
    const link = `${ctx.publicUrl}/settings/data/${email.data.exportId}`;
    return {
      subject: `Your ${ctx.brand} data is ready to download`,
      text: [
        `The copy of your ${ctx.brand} data you asked for is ready: one ZIP file with your data as JSON and as CSV files.`,
        "",
        `Download it (you will be asked to sign in) at ${link}`,
        "",
        `The link works until ${day(email.data.expiresAt)}, and only for you, signed in.`,
        "If you did not ask for this, change your password and sign out your other devices in Settings.",
      ].join("\n"),
    };
  }
  if (email.template === "signup-closed-account") {
    return {
      subject: `Someone tried to sign up to ${ctx.brand} with your e-mail`,
      text: [
        "Someone tried to create an account with this e-mail address. The account it belonged to is closed.",
        "",
        `The address can open a new account after ${day(email.data.anonymiseAfter)}, when the closed account's`,
        "records are no longer kept and its name and address are removed.",
        "",
        "If it was not you, no action is needed.",
      ].join("\n"),
    };
  }
  return {
    subject: `Your ${ctx.brand} account is closed`,
    text: [
      `Your ${ctx.brand} account was closed on ${day(email.data.closedAt)} and every device was signed out.`,
      "",
      "What the law requires us to keep (your transactions, the ledger and invoices) is kept until " +
        `${day(email.data.anonymiseAfter)}; then your name and e-mail address are removed for good.`,
      "Until then this address cannot be used to open a new account.",
      "",
      `If you did not close your account, contact ${ctx.brand} support at once.`,
    ].join("\n"),
  };
}

// The account e-mails' words (pure). Links are absolute, built from the deployment's public
// address when the message is delivered; the brand name comes from configuration.

import { formatDateTime } from "../dates.ts";
import type { MailContext } from "./context.ts";

export type AccountEmail =
  /** `token` is the link's secret: sealed in the outbox until delivery, then dropped. */
  | { template: "verify-email"; data: { token: string } }
  | { template: "reset-password"; data: { token: string } }
  | { template: "signup-existing-account"; data: Record<string, never> }
  /** `at`: when it was turned off (ISO 8601), so a late delivery still says when. */
  | { template: "two-factor-disabled"; data: { at: string } };

export function renderAccountEmail(email: AccountEmail, ctx: MailContext) {
  const { brand, publicUrl } = ctx;
  switch (email.template) {
    case "verify-email":
      return {
        subject: `Confirm your e-mail address for ${brand}`,
        text: [
          `Welcome to ${brand}.`,
          "",
          "Please confirm your e-mail address by opening this link (valid for 24 hours):",
          `${publicUrl}/verify-email?token=${encodeURIComponent(email.data.token)}`,
          "",
          "If you did not create an account, you can ignore this message.",
        ].join("\n"),
      };
    case "reset-password":
      return {
        subject: `Reset your ${brand} password`,
        text: [
          "We received a request to reset your password.",
          "",
          "Open this link to choose a new password. It works once and expires in 1 hour:",
          `${publicUrl}/reset-password?token=${encodeURIComponent(email.data.token)}`,
          "",
          "If you did not ask for this, ignore this message; your password stays the same.",
        ].join("\n"),
      };
    case "signup-existing-account":
      return {
        subject: `Someone tried to sign up to ${brand} with your e-mail`,
        text: [
          "Someone tried to create an account with this e-mail address, which already has one.",
          "",
          `If it was you, sign in here: ${publicUrl}/login`,
          `Forgot your password? Reset it here: ${publicUrl}/forgotpassword`,
          "",
          "If it was not you, no action is needed.",
        ].join("\n"),
      };
    case "two-factor-disabled":
      return {
        subject: `Two-factor sign-in was turned off on your ${brand} account`,
        text: [
          `Two-factor sign-in was turned off on your ${brand} account on ${formatDateTime(email.data.at)}.`,
          "Signing in now needs only your password.",
          "",
          "If that was you, there is nothing more to do. You can turn it back on in Settings at any time:",
          `${publicUrl}/settings`,
          "",
          "If it was not you, someone knows your password and had your authenticator app or a recovery",
          "code. Act now:",
          `1. Reset your password (this signs out every device): ${publicUrl}/forgotpassword`,
          "2. Sign in and turn two-factor sign-in back on in Settings, with new recovery codes.",
          `3. Tell ${brand} support, so we can check your account:`,
          // Each address ends its line: a mail client would take trailing punctuation into the link.
          ...(ctx.contactEmail ? [`E-mail: ${ctx.contactEmail}`] : []),
          `Contact form: ${publicUrl}/contact`,
        ].join("\n"),
      };
  }
}

// The account e-mails' words (pure). Links are absolute, built from the deployment's public
// address when the message is delivered; the brand name comes from configuration.

import { formatDateTime } from "../dates.ts";
import type { MailContext } from "./context.ts";

export type AccountEmail =
  /** `token` is the link's secret: sealed in the outbox until delivery, then dropped. */
  /** `next`: the same-site path the link leads on to after confirming (a checkout chosen before sign-up). */
  | { template: "verify-email"; data: { token: string; next?: string } }
  | { template: "reset-password"; data: { token: string } }
  | { template: "signup-existing-account"; data: Record<string, never> }
  /** `at`: when it was turned off (ISO 8601), so a late delivery still says when. */
  | { template: "two-factor-disabled"; data: { at: string } }
  /** `at`: when it was turned on (ISO 8601). */
  | { template: "two-factor-enabled"; data: { at: string } }
  /** `how`: in Settings with the current password, or with a reset link; `at`: when (ISO 8601). */
  | { template: "password-changed"; data: { at: string; how: "changed" | "reset" } };

const whenFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

const when = (iso: string) => `${whenFormat.format(new Date(iso))} UTC`;

/**
 * What a member told of a change to their sign-in does when it was not them: the same words and
 * the same ways out (each address ends its line: a mail client would take trailing punctuation
 * into the link).
 */
function ifItWasNotYou(ctx: MailContext) {
  return [
    "If this wasn't you, reset your password and contact support:",
    `Reset your password (this signs out every device): ${ctx.publicUrl}/forgotpassword`,
    ...(ctx.contactEmail ? [`E-mail ${ctx.brand} support: ${ctx.contactEmail}`] : []),
    `Contact form: ${ctx.publicUrl}/contact`,
  ];
}

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
          `${publicUrl}/verify-email?token=${encodeURIComponent(email.data.token)}${
            email.data.next ? `&next=${encodeURIComponent(email.data.next)}` : ""
          }`,
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
    case "two-factor-enabled":
      return {
        subject: `${brand}: two-factor sign-in was turned on for your account`,
        text: [
          `Two-factor sign-in was turned on for your ${brand} account on ${when(email.data.at)}.`,
          "Signing in now needs your password and a code from your authenticator app (or one of your",
          "recovery codes). Your other devices were signed out.",
          "",
          "If that was you, keep your recovery codes somewhere safe.",
          "",
          ...ifItWasNotYou(ctx),
        ].join("\n"),
      };
    case "password-changed":
      return {
        subject: `Your ${brand} password was changed`,
        text: [
          email.data.how === "reset"
            ? `The password of your ${brand} account was reset with a link e-mailed to this address on ${when(email.data.at)}.`
            : `The password of your ${brand} account was changed in Settings on ${when(email.data.at)}.`,
          email.data.how === "reset"
            ? "Every device signed in to your account was signed out."
            : "Your other devices were signed out.",
          "",
          "If that was you, there is nothing more to do.",
          "",
          ...ifItWasNotYou(ctx),
        ].join("\n"),
      };
  }
}

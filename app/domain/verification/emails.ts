// The member's e-mail when a verification review decides (ADR 0082), rendered at delivery.
import type { MailContext } from "../mail/context.ts";

export type VerificationEmail = {
  template: "verification-decided";
  data: { tier: number; outcome: "approved" | "rejected" | "resubmit"; reason: string | null };
};

export function renderVerificationEmail(email: VerificationEmail, ctx: MailContext) {
  const { tier, outcome, reason } = email.data;
  const link = `${ctx.publicUrl}/settings/verification`;
  if (outcome === "approved") {
    return {
      subject: `${ctx.brand}: your identity is verified (tier ${tier})`,
      text: [
        `Your verification is approved: your account is now tier ${tier}, with higher deposit and withdrawal limits.`,
        "",
        `See your limits at ${link}`,
      ].join("\n"),
    };
  }
  const again = outcome === "resubmit";
  return {
    subject: again
      ? `${ctx.brand}: please send your verification documents again`
      : `${ctx.brand}: we could not verify your identity`,
    text: [
      again
        ? "We need you to send your identity documents again:"
        : "We could not approve your verification:",
      "",
      reason ?? "",
      "",
      again ? `Send them again at ${link}` : `Your limits stay as they are. See ${link}`,
      "",
      `${ctx.brand} will never ask for your password, two-factor codes or seed phrase.`,
    ].join("\n"),
  };
}

/** Plain-text e-mails. Links are absolute; the brand name comes from configuration. */
export function verificationEmail(brand: string, url: string) {
  return {
    subject: `Confirm your e-mail address for ${brand}`,
    text: [
      `Welcome to ${brand}.`,
      "",
      "Please confirm your e-mail address by opening this link (valid for 24 hours):",
      url,
      "",
      "If you did not create an account, you can ignore this message.",
    ].join("\n"),
  };
}

export function passwordResetEmail(brand: string, url: string) {
  return {
    subject: `Reset your ${brand} password`,
    text: [
      "We received a request to reset your password.",
      "",
      "Open this link to choose a new password. It works once and expires in 1 hour:",
      url,
      "",
      "If you did not ask for this, ignore this message; your password stays the same.",
    ].join("\n"),
  };
}

export function existingAccountEmail(brand: string, loginUrl: string, resetUrl: string) {
  return {
    subject: `Someone tried to sign up to ${brand} with your e-mail`,
    text: [
      "Someone tried to create an account with this e-mail address, which already has one.",
      "",
      `If it was you, sign in here: ${loginUrl}`,
      `Forgot your password? Reset it here: ${resetUrl}`,
      "",
      "If it was not you, no action is needed.",
    ].join("\n"),
  };
}

import { firstMessage as firstIssue } from "../forms.ts";
import { z } from "../zod.ts";
import { isCommonPassword } from "./common-passwords.ts";

/**
 * One schema per form, used by the browser (instant feedback) and again by the action. The
 * messages are the seed's (§5), verbatim. The forms show one message at a time, in this order.
 */
export const messages = Object.freeze({
  required: "Please fill out all the required fields",
  invalidEmail: "Invalid email address",
  shortPassword: "Password must be at least 8 characters long",
  commonPassword:
    "This password is too common and has appeared in data breaches. Please choose a different one.",
  unexpected: "An unexpected error occurred. Please try again.",
  /** The same for an unknown address and a wrong password, so nothing is revealed. */
  wrongCredentials: "Wrong e-mail or password.",
  emailSent: "An email has been sent to your inbox!",
  passwordsDiffer: "The two passwords do not match",
  invalidCode: "That code is not valid. Please try again.",
} as const);

/** The seed's pattern: something@something.tld with no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = z.string({ error: messages.required }).trim().min(1, messages.required);
const email = requiredText.max(254, messages.invalidEmail).regex(emailPattern, messages.invalidEmail);
const password = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .min(8, messages.shortPassword)
  .max(256, "Password must be at most 256 characters long");
const newPassword = password.refine((value) => !isCommonPassword(value), messages.commonPassword);

export const signUpSchema = z.object({
  email,
  firstName: requiredText.max(100, "First name must be at most 100 characters"),
  lastName: requiredText.max(100, "Last name must be at most 100 characters"),
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: requiredText })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({ currentPassword: requiredText, password: newPassword, confirmPassword: requiredText })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const secondFactorSchema = z.object({
  method: z.enum(["totp", "recovery"]).default("totp"),
  code: requiredText.max(64, messages.invalidCode),
});

/** Turning two-factor off: the password and a code; each field says what is missing beside it. */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password."),
  code: z
    .string({ error: "Enter a code from your authenticator app or a recovery code." })
    .trim()
    .min(1, "Enter a code from your authenticator app or a recovery code.")
    .max(64, messages.invalidCode),
});

export const profileSchema = z.object({
  firstName: requiredText.max(100, "First name must be at most 100 characters"),
  lastName: requiredText.max(100, "Last name must be at most 100 characters"),
});

const requiredOrder = [messages.required, messages.invalidEmail, messages.shortPassword];

/**
 * The one message a form shows: "required" beats "invalid e-mail" beats "too short", as in the
 * seed, whichever field comes first.
 */
export function firstMessage(error: z.ZodError): string {
  return firstIssue(error, { priority: requiredOrder, fallback: messages.unexpected });
}

/** Longer than any path of ours with its query; longer input is not worth parsing. */
const MAX_REDIRECT_LENGTH = 2048;
const REDIRECT_BASE = "http://redirect.invalid";

/**
 * Only a same-site path may be a redirect destination: never `//evil`, never a URL. The browser
 * reads a Location header with the WHATWG URL parser, which drops tabs and newlines, turns `\`
 * into `/` and collapses `.`, `%2e` and `..` segments, so `/.//evil.example` arrives as
 * `//evil.example`. So the input is resolved with that same parser and the check is made on what
 * it resolves to (same origin, not protocol-relative); the normalised path is what we return.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > MAX_REDIRECT_LENGTH) return fallback;
  // Control characters have no place in a path, and CR/LF in a header is an injection.
  if ([...to].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

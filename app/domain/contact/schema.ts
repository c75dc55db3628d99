import { fieldErrors } from "../forms.ts";
import { z } from "../zod.ts";

/** One schema for the contact form, used in the browser and again in the action. */
export const contactMessages = Object.freeze({
  emailRequired: "Enter your e-mail address",
  emailInvalid: "Enter a valid e-mail address, like name@example.com",
  subjectRequired: "Enter a subject",
  subjectTooLong: "Keep the subject under 200 characters",
  messageRequired: "Enter your message",
  messageTooLong: "Keep the message under 5,000 characters",
} as const);

export const contactSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(254, contactMessages.emailInvalid)
    .pipe(z.email(contactMessages.emailInvalid)),
  subject: z.string().trim().min(1, contactMessages.subjectRequired).max(200, contactMessages.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(5000, contactMessages.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactInput | "form", string>>;

/** The hidden field bots fill in and people never see. */
export const honeypotField = "website";

export function parseContactForm(
  values: Record<string, unknown>,
): { ok: true; data: ContactInput } | { ok: false; fieldErrors: ContactFieldErrors } {
  const parsed = contactSchema.safeParse({
    email: values.email ?? "",
    subject: values.subject ?? "",
    message: values.message ?? "",
  });
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, fieldErrors: fieldErrors<keyof ContactInput>(parsed.error) };
}

/** What a sender over the hourly limit reads, in whole minutes until they may write again. */
export function contactRateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

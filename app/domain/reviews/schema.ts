import { fieldErrors } from "../forms.ts";
import { z } from "../zod.ts";

/** One schema for writing a review, used in the browser and again in the action. */
export const reviewMessages = Object.freeze({
  rating: "Choose a rating from 1 to 5 stars",
  titleRequired: "Give your review a title",
  titleTooLong: "Keep the title under 120 characters",
  bodyTooShort: "Tell us a little more (at least 20 characters)",
  bodyTooLong: "Keep the review under 2,000 characters",
  country: "Choose your country",
  experiencedOn: "Enter the date of your experience (not in the future)",
} as const);

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: reviewMessages.rating })
    .int(reviewMessages.rating)
    .min(1, reviewMessages.rating)
    .max(5, reviewMessages.rating),
  title: z.string().trim().min(1, reviewMessages.titleRequired).max(120, reviewMessages.titleTooLong),
  body: z.string().trim().min(20, reviewMessages.bodyTooShort).max(2000, reviewMessages.bodyTooLong),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, reviewMessages.country),
  experiencedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, reviewMessages.experiencedOn)
    .refine(
      (d) => !Number.isNaN(Date.parse(d)) && d <= new Date().toISOString().slice(0, 10),
      reviewMessages.experiencedOn,
    ),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
export type ReviewFieldErrors = Partial<Record<keyof ReviewInput | "form", string>>;

export function parseReviewForm(
  values: Record<string, unknown>,
): { ok: true; data: ReviewInput } | { ok: false; fieldErrors: ReviewFieldErrors } {
  const parsed = reviewSchema.safeParse({
    rating: values.rating ?? "",
    title: values.title ?? "",
    body: values.body ?? "",
    country: values.country ?? "",
    experiencedOn: values.experiencedOn ?? "",
  });
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, fieldErrors: fieldErrors<keyof ReviewInput>(parsed.error) };
}

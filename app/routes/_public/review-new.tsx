import { useState } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { createReview } from "~/domain/reviews/reviews.server.ts";
import { parseReviewForm, type ReviewFieldErrors } from "~/domain/reviews/schema.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { Field, FieldError, inputClass } from "~/ui/field.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/review-new";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: "Write a review",
    description: "Tell other investors about your experience.",
    path: "/reviews/new",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { name: session.user.name, sent: new URL(args.request.url).searchParams.has("sent") };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const parsed = parseReviewForm(formValues(await args.request.formData()));
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  await createReview(getDb(), { id: session.user.id, name: session.user.name }, parsed.data);
  return redirect("/reviews/new?sent=1");
}

export default function WriteReviewPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<ReviewFieldErrors | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const sent =
    typeof window === "undefined" ? false : new URLSearchParams(window.location.search).has("sent");
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Write a review</h1>
      <p className="mt-2 text-muted">
        Your review appears as <strong className="text-ink">{loaderData.name}</strong> once our team has
        checked it. Please describe your own experience; reviews that advertise, insult or share personal data
        are not published.
      </p>
      {sent ? (
        <p
          role="status"
          className="mt-6 rounded-md bg-positive-soft px-4 py-3 text-sm font-medium text-positive"
        >
          Thank you. Your review has been sent for approval.
        </p>
      ) : null}
      <Card className="mt-6 p-6">
        <Form
          method="post"
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            const parsed = parseReviewForm(formValues(new FormData(event.currentTarget)));
            if (!parsed.ok) {
              event.preventDefault();
              setClientErrors(parsed.fieldErrors);
            } else setClientErrors(null);
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-ink">Rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="flex cursor-pointer items-center gap-1.5 rounded-md border border-line bg-surface px-3 py-2 text-sm has-checked:border-brand has-checked:bg-brand-soft"
                >
                  <input type="radio" name="rating" value={n} className="accent-brand" />
                  {n} {n === 1 ? "star" : "stars"}
                </label>
              ))}
            </div>
            <FieldError message={errors.rating} />
          </fieldset>
          <Field label="Title" name="title" maxLength={120} error={errors.title} />
          <div className="space-y-1.5">
            <label htmlFor="review-body" className="block text-sm font-medium text-ink">
              Your review
            </label>
            <textarea
              id="review-body"
              name="body"
              rows={6}
              maxLength={2000}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? "review-body-error" : undefined}
              className={cn(inputClass, "h-auto py-2.5")}
            />
            <FieldError id="review-body-error" message={errors.body} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Country"
              name="country"
              maxLength={2}
              autoComplete="country"
              hint="Two-letter code, e.g. GB, NG, DE"
              error={errors.country}
            />
            <Field
              label="Date of experience"
              name="experiencedOn"
              type="date"
              max={today}
              error={errors.experiencedOn}
            />
          </div>
          <Button type="submit" size="lg" busy={navigation.state === "submitting"}>
            Send review
          </Button>
        </Form>
      </Card>
    </div>
  );
}

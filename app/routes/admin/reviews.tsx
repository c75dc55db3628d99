import { Check, X } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { listModerationQueue, moderateReview } from "~/domain/reviews/reviews.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import type { Route } from "./+types/reviews";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Reviews · Admin" }, { name: "robots", content: "noindex" }];

/**
 * Moderation needs moderate:review:any and two-factor sign-in, checked on the server for the page
 * and for every decision, whatever the UI shows.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePaymentPermission(args, "moderate:review:any");
  return { queue: await listModerationQueue(getDb()) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePaymentPermission(args, "moderate:review:any");
  const form = formValues(await args.request.formData());
  const id = form.id ?? "";
  const decision = form.decision;
  if ((decision !== "approve" && decision !== "reject") || !/^[\w-]{1,64}$/.test(id)) {
    throw data({ message: "Unknown request." }, { status: 400 });
  }
  const result = await moderateReview(
    getDb(),
    id,
    { adminId: staff.adminId, ip: staff.ip, userAgent: staff.userAgent },
    decision,
  );
  if (!result.ok) return data({ message: "This review no longer exists." }, { status: 404 });
  return {
    message:
      decision === "approve"
        ? `Approved “${result.title}”. It now shows on the home page.`
        : `Rejected “${result.title}”. It stays hidden.`,
  };
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Reviews</h1>
        <p className="mt-1 text-sm text-muted">
          Pending reviews and reviews members have reported. Nothing shows publicly until approved; every
          decision is written to the audit log.
        </p>
      </header>
      <p
        role="status"
        className={
          actionData?.message
            ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
            : "sr-only"
        }
      >
        {actionData?.message}
      </p>
      {loaderData.queue.length === 0 ? (
        <p className="text-muted">Nothing to moderate.</p>
      ) : (
        <ul className="space-y-4">
          {loaderData.queue.map((review) => (
            <li key={review.id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={review.status === "pending" ? "brand" : "neutral"}>{review.status}</Badge>
                  {review.flagCount > 0 ? <Badge tone="negative">Reported {review.flagCount}×</Badge> : null}
                  {review.isSample ? <Badge tone="warning">Sample</Badge> : null}
                  <span className="text-sm text-muted">
                    {review.authorName} · {review.country} · {review.rating}/5 · experienced{" "}
                    {formatDate(review.experiencedOn)}
                  </span>
                </div>
                <h2 className="mt-2 font-semibold text-ink">{review.title}</h2>
                <p className="mt-1 text-sm text-muted">{review.body}</p>
                <Form method="post" className="mt-4 flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={review.id} />
                  <Button
                    type="submit"
                    name="decision"
                    value="approve"
                    size="sm"
                    disabled={busy}
                    aria-label={`Approve “${review.title}”`}
                  >
                    <Check aria-hidden className="size-4" />
                    Approve
                  </Button>
                  <Button
                    type="submit"
                    name="decision"
                    value="reject"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Reject “${review.title}”`}
                  >
                    <X aria-hidden className="size-4" />
                    Reject
                  </Button>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

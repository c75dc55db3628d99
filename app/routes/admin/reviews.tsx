import { Check, X } from "lucide-react";
import { data, Form } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { listModerationQueue, moderateReview } from "~/domain/reviews/reviews.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { type RouteArgs, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/reviews";

export const meta = () => [{ title: "Reviews · Admin" }, { name: "robots", content: "noindex" }];

/** Only admins moderate reviews; everyone else gets a 403 from the server, whatever the UI shows. */
async function requireAdmin(args: RouteArgs) {
  const session = await requireSession(args);
  if (session.user.role !== "admin")
    throw data({ message: "Only administrators can moderate reviews." }, { status: 403 });
  return session;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { queue: await listModerationQueue(getDb()) };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await args.request.formData();
  const id = String(form.get("id") ?? "");
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "reject") throw data(null, { status: 400 });
  const result = await moderateReview(getDb(), id, session.user.id, decision);
  return data(result, { status: result.ok ? 200 : 404 });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-bold text-ink">Reviews</h1>
      <p className="mt-1 text-sm text-muted">
        Pending reviews and reviews members have reported. Nothing shows publicly until approved.
      </p>
      {loaderData.queue.length === 0 ? (
        <p className="mt-6 text-muted">Nothing to moderate.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.queue.map((review) => (
            <li key={review.id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={review.status === "pending" ? "brand" : "neutral"}>{review.status}</Badge>
                  {review.flagCount > 0 ? <Badge tone="negative">Reported {review.flagCount}×</Badge> : null}
                  {review.isSample ? <Badge tone="warning">Sample</Badge> : null}
                  <span className="text-sm text-muted">
                    {review.authorName} · {review.country} · {review.rating}/5 · experienced{" "}
                    {review.experiencedOn}
                  </span>
                </div>
                <h2 className="mt-2 font-semibold text-ink">{review.title}</h2>
                <p className="mt-1 text-sm text-muted">{review.body}</p>
                <Form method="post" className="mt-4 flex gap-2">
                  <input type="hidden" name="id" value={review.id} />
                  <Button
                    type="submit"
                    name="decision"
                    value="approve"
                    size="sm"
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

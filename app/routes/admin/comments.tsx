import { MessagesSquare } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { type CommentAnswer, moderationAction } from "~/domain/comments/actions.server.ts";
import { listReportedComments } from "~/domain/comments/comments.server.ts";
import { REPORT_LABELS } from "~/domain/comments/rules.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/comments";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Reported comments · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "moderate:comment:any");
  return { comments: await listReportedComments(getDb()) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "moderate:comment:any");
  return moderationAction(
    getDb(),
    { id: staff.adminId, audit: { ip: staff.ip, userAgent: staff.userAgent, clock: systemClock } },
    await args.request.formData(),
  );
}

/** /admin/comments: comments members reported on research, most reported first; hide with a reason. */
export default function AdminComments({ loaderData, actionData }: Route.ComponentProps) {
  const { comments } = loaderData;
  const answer = actionData as CommentAnswer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Reported comments</h1>
        <p className="mt-1 text-sm text-muted">
          Comments on research that members reported. Hiding one shows everyone your reason in its place.
        </p>
      </header>
      <p
        role="status"
        className={
          answer?.ok
            ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
            : "sr-only"
        }
      >
        {answer?.ok ? answer.message : ""}
      </p>
      <Card>
        {comments.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="Nothing reported">
            Reported comments appear here until a moderator hides them.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Reported comments">
            {comments.map((c) => {
              const refused = answer && !answer.ok && answer.target === c.id ? answer : undefined;
              return (
                <li key={`${c.id}-${answer?.done ?? ""}`} className="space-y-3 px-5 py-4">
                  <p className="text-sm text-muted">
                    {c.reports} {c.reports === 1 ? "report" : "reports"}:{" "}
                    {c.reasons.map((r) => REPORT_LABELS[r]).join(", ")}
                    {" · on "}
                    <Link
                      to={`/research/${c.pieceSlug}`}
                      className="font-semibold text-brand hover:underline"
                    >
                      {c.pieceTitle}
                    </Link>
                  </p>
                  <blockquote className="whitespace-pre-wrap break-words border-l-2 border-line pl-3 text-ink">
                    {c.body}
                  </blockquote>
                  <p className="text-xs text-muted">
                    {c.authorEmail} · {formatDateTime(c.createdAt)}
                  </p>
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="hide" />
                    <input type="hidden" name="commentId" value={c.id} />
                    <Field
                      label="Reason readers will see"
                      name="reason"
                      maxLength={200}
                      required
                      error={refused?.errors?.reason ?? refused?.errors?.form}
                    />
                    <Button type="submit" variant="danger" size="sm" disabled={busy}>
                      Hide comment
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { cannedAction, type SupportAnswer } from "~/domain/support/actions.server.ts";
import { cannedView } from "~/domain/support/staff-views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import type { Route } from "./+types/support-canned";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Canned replies · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:canned-reply:any");
  return { canned: await cannedView(getDb()) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "manage:canned-reply:any");
  return cannedAction(getDb(), staff.adminId, await args.request.formData());
}

/** /admin/support/canned: the team's saved answers, picked in a ticket's reply box. */
export default function AdminSupportCanned({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as SupportAnswer | undefined;
  const errors = answer?.intent === "create" && !answer.ok ? (answer.errors ?? {}) : {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm">
          <Link to="/admin/support" className="font-semibold text-brand hover:underline">
            ← Queue
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-semibold text-ink">Canned replies</h1>
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
        <CardHeader title="New canned reply" />
        <Form method="post" className="space-y-4 p-5">
          <input type="hidden" name="intent" value="create" />
          <Field label="Title" name="title" maxLength={80} error={errors.title} />
          <div className="space-y-1.5">
            <label htmlFor="canned-body" className="block text-sm font-medium text-ink">
              Reply
            </label>
            <textarea
              id="canned-body"
              name="body"
              rows={5}
              maxLength={5000}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? "canned-body-error" : undefined}
              className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
            />
            <FieldError id="canned-body-error" message={errors.body} />
          </div>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </Form>
      </Card>
      {loaderData.canned.length === 0 ? (
        <p className="text-muted">No canned replies yet.</p>
      ) : (
        <ul className="space-y-3">
          {loaderData.canned.map((c) => (
            <li key={c.id}>
              <Card className="space-y-2 p-5">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold text-ink">{c.title}</h2>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={c.id} />
                    <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                      Delete<span className="sr-only"> {c.title}</span>
                    </Button>
                  </Form>
                </div>
                <p className="whitespace-pre-wrap text-sm text-muted">{c.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

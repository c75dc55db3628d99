import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { reviewAction } from "~/domain/verification/actions.server.ts";
import { reviewView } from "~/domain/verification/review.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import type { Route } from "./+types/verification-request";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Verification request · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requirePermission(args, "review:verification:any");
  const id = parseId(args.params.id);
  const view = id === null ? null : await reviewView(getDb(), id);
  if (!view) throw data({ message: "No such verification request." }, { status: 404 });
  return {
    ...view,
    me: staff.adminId,
    canReadDocuments: hasPermission(staff.session.user.role, "read:identity-document:any"),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "review:verification:any");
  const id = parseId(args.params.id);
  if (id === null) throw data({ message: "No such verification request." }, { status: 404 });
  const answer = await reviewAction(getDb(), staff, id, await args.request.formData());
  return answer.ok ? answer : data(answer, { status: "status" in answer ? answer.status : 400 });
}

type Answer = { ok: boolean; message?: string; errors?: Record<string, string | undefined> };

/** /admin/verification/:id — the member's details and documents; approve, reject or ask again. */
export default function AdminVerificationRequest({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData;
  const answer = actionData as Answer | undefined;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const own = r.memberId === r.me;
  const approvedByMe = r.firstApprovedBy === r.me;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/admin/verification" className="font-semibold text-brand hover:underline">
            ← Verification queue
          </Link>
        </p>
        <h1 className="text-2xl font-semibold text-ink">
          Request #{r.id} · tier {r.tier}
        </h1>
        <p className="text-sm text-muted">
          {r.email} · {r.status === "pending" ? `${r.firstApprovedBy ? 1 : 0} of 2 approvals` : r.status}
          {r.reason ? ` · ${r.reason}` : ""}
        </p>
      </header>
      {answer?.ok && answer.message ? (
        <p role="status" className="rounded-md bg-brand-soft p-3 text-sm font-medium text-brand-strong">
          {answer.message}
        </p>
      ) : null}
      <Card>
        <CardHeader title="Declared details" />
        {r.details ? (
          <dl className="grid gap-3 p-5 text-sm sm:grid-cols-2">
            {(
              [
                ["Full name", r.details.fullName],
                ["Date of birth", r.details.dateOfBirth],
                ["Address", r.details.address],
                ["Country", r.details.country],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium text-muted">{label}</dt>
                <dd className="text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="p-5 text-sm text-muted">No details on file.</p>
        )}
      </Card>
      <Card>
        <CardHeader title="Documents" />
        <ul className="divide-y divide-line text-sm">
          {r.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
              <span className="text-ink">
                {d.kind === "identity" ? "Identity document" : "Selfie"} · {d.fileName} ·{" "}
                {Math.ceil(d.size / 1024)} KB
              </span>
              {d.deleted ? (
                <span className="text-muted">Deleted after the retention period</span>
              ) : r.canReadDocuments ? (
                <a
                  href={`/verification/documents/${d.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-brand hover:underline"
                >
                  Open (logged)
                </a>
              ) : (
                <span className="text-muted">You may not open identity documents</span>
              )}
            </li>
          ))}
        </ul>
      </Card>
      {r.status === "pending" ? (
        <Card>
          <CardHeader title="Decision" />
          <div className="space-y-5 p-5">
            {own ? (
              <p className="text-sm text-negative">
                This is your own verification: another staff member must review it.
              </p>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit" disabled={busy || own || approvedByMe}>
                {r.firstApprovedBy ? "Approve (second approval)" : "Approve (first of two)"}
              </Button>
              {approvedByMe ? (
                <p className="mt-2 text-sm text-muted">
                  You approved it; a second, different staff member must too.
                </p>
              ) : null}
            </Form>
            <Form method="post" className="space-y-3 border-t border-line pt-5">
              <Field
                label="Reason (the member reads it)"
                name="reason"
                maxLength={1000}
                error={errors.reason}
                required
              />
              <div className="flex flex-wrap gap-3">
                <Button
                  type="submit"
                  name="intent"
                  value="resubmit"
                  variant="secondary"
                  disabled={busy || own}
                >
                  Ask to send again
                </Button>
                <Button type="submit" name="intent" value="reject" variant="secondary" disabled={busy || own}>
                  Reject
                </Button>
              </div>
            </Form>
            <FieldError message={errors.form} />
          </div>
        </Card>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { type SupportAnswer, staffTicketAction, tooLarge } from "~/domain/support/actions.server.ts";
import { CATEGORY_LABELS } from "~/domain/support/rules.ts";
import { staffTicketView } from "~/domain/support/staff-views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { FieldError } from "~/ui/field.tsx";
import { Select } from "~/ui/select.tsx";
import { FilesInput, Thread, TicketStatus } from "~/ui/support/ticket-parts.tsx";
import type { Route } from "./+types/support-ticket";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Support ticket · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requirePermission(args, "read:ticket:any");
  const id = parseId(args.params.id);
  const view = id === null ? null : await staffTicketView(getDb(), id, new Date());
  if (!view) throw data({ message: "No such ticket." }, { status: 404 });
  return { ...view, canReply: hasPermission(staff.session.user.role, "reply:ticket:any") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "read:ticket:any");
  const id = parseId(args.params.id);
  if (id === null) throw data({ message: "No such ticket." }, { status: 404 });
  const refused = tooLarge(args.request);
  if (refused) return refused;
  return staffTicketAction(
    getDb(),
    { id: staff.adminId, canReply: hasPermission(staff.session.user.role, "reply:ticket:any") },
    id,
    await args.request.formData(),
  );
}

/** /admin/support/:id — the whole thread with internal notes; reply, note, assign, resolve or close. */
export default function AdminSupportTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket, member, operation, messages, staff, canned, canReply } = loaderData;
  const answer = actionData as SupportAnswer | undefined;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const [text, setText] = useState("");
  // A sent reply or note leaves an empty box, so the same words are never sent twice by mistake.
  useEffect(() => {
    if (answer?.ok && (answer.intent === "reply" || answer.intent === "note")) setText("");
  }, [answer]);
  const closed = ticket.status === "closed";
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/admin/support" className="font-semibold text-brand hover:underline">
            ← Queue
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-ink">
            #{ticket.id} {ticket.subject}
          </h1>
          <TicketStatus status={ticket.status} staff />
        </div>
        <p className="text-sm text-muted">
          {CATEGORY_LABELS[ticket.category]} · {ticket.source === "contact" ? "contact form" : "in the app"} ·
          opened {ticket.age} ago · first response {ticket.firstResponse ?? "not yet"}
          {ticket.resolution ? ` · resolved in ${ticket.resolution}` : ""}
        </p>
        <p className="text-sm text-ink">
          From{" "}
          {member ? (
            <Link to={`/admin/members/${member.id}`} className="font-semibold text-brand hover:underline">
              {member.name} ({member.email})
            </Link>
          ) : (
            <span className="font-semibold">{ticket.email} (visitor, answered by e-mail)</span>
          )}
          {ticket.fromPath ? <span className="text-muted"> · opened from {ticket.fromPath}</span> : null}
        </p>
        {operation ? <p className="text-sm text-ink">About: {operation.label}</p> : null}
        {ticket.rating !== null ? (
          <p className="text-sm text-ink">
            Rated {ticket.rating} / 5{ticket.ratingComment ? `: “${ticket.ratingComment}”` : ""}
          </p>
        ) : null}
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
      <FieldError message={errors.form} />
      <Thread messages={messages} viewer="staff" />
      {canReply && !closed ? (
        <Card>
          <CardHeader title="Answer" />
          <Form method="post" encType="multipart/form-data" className="space-y-4 p-5">
            {canned.length > 0 ? (
              <Select
                label="Insert a canned reply"
                name="canned"
                placeholder="Choose…"
                options={canned.map((c) => ({ value: c.id, label: c.title }))}
                onChange={(e) => {
                  const picked = canned.find((c) => c.id === e.currentTarget.value);
                  if (picked) setText((t) => (t ? `${t}\n\n${picked.body}` : picked.body));
                }}
              />
            ) : null}
            <div className="space-y-1.5">
              <label htmlFor="staff-message" className="block text-sm font-medium text-ink">
                Message
              </label>
              <textarea
                id="staff-message"
                name="message"
                rows={6}
                maxLength={5000}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "staff-message-error" : undefined}
                className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink aria-invalid:border-negative"
              />
              <FieldError id="staff-message-error" message={errors.message} />
            </div>
            <FilesInput error={errors.files} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="reply" disabled={busy}>
                Send reply to {member ? "member" : "visitor"}
              </Button>
              <Button type="submit" name="intent" value="note" variant="secondary" disabled={busy}>
                Add internal note
              </Button>
            </div>
            <p className="text-sm text-muted">A reply is e-mailed; an internal note is seen by staff only.</p>
          </Form>
        </Card>
      ) : null}
      {canReply ? (
        <Card>
          <CardHeader title="Ticket" />
          <div className="flex flex-wrap items-end gap-4 p-5">
            {/* Keyed by the assignee, so the select shows who has it after a reply takes the ticket. */}
            <Form
              key={ticket.assigneeId ?? "nobody"}
              method="post"
              className="flex flex-wrap items-end gap-3"
            >
              <input type="hidden" name="intent" value="assign" />
              <Select
                label="Assigned to"
                name="assignee"
                defaultValue={ticket.assigneeId ?? ""}
                placeholder="Nobody"
                options={staff.map((s) => ({ value: s.id, label: s.label }))}
                error={errors.assignee}
              />
              <Button type="submit" variant="secondary" disabled={busy}>
                Assign
              </Button>
            </Form>
            <Form method="post" className="flex flex-wrap gap-3">
              {ticket.status === "open" || ticket.status === "waiting" ? (
                <Button type="submit" name="intent" value="resolve" disabled={busy}>
                  Mark resolved
                </Button>
              ) : null}
              {ticket.status === "resolved" ? (
                <Button type="submit" name="intent" value="reopen" variant="secondary" disabled={busy}>
                  Reopen
                </Button>
              ) : null}
              {!closed ? (
                <Button type="submit" name="intent" value="close" variant="secondary" disabled={busy}>
                  Close
                </Button>
              ) : null}
            </Form>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import {
  CATEGORY_LABELS,
  STAFF_STATUS_LABELS,
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
} from "~/domain/support/rules.ts";
import { queueFilterOf, queueView } from "~/domain/support/staff-views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Select } from "~/ui/select.tsx";
import { TicketStatus } from "~/ui/support/ticket-parts.tsx";
import type { Route } from "./+types/support";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Support · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requirePermission(args, "read:ticket:any");
  const filter = queueFilterOf(new URL(args.request.url).searchParams);
  return queueView(getDb(), { staffId: staff.adminId, filter, now: new Date() });
}

/** /admin/support: the queue (open first), its filters, and how fast we answer. */
export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  const { filter, metrics, tickets } = loaderData;
  const figures = [
    { label: "Open (our turn)", value: String(metrics.open) },
    { label: "Waiting on member", value: String(metrics.waiting) },
    { label: "Median first response, 30 days", value: metrics.medianFirstResponse ?? "—" },
    { label: "Median resolution, 30 days", value: metrics.medianResolution ?? "—" },
    {
      label: "Satisfaction, 30 days",
      value: metrics.averageRating ? `${metrics.averageRating} / 5 (${metrics.ratings})` : "No ratings yet",
    },
  ];
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Support</h1>
          <p className="mt-1 text-sm text-muted">
            Members' requests and messages from the contact form, in one queue.
          </p>
        </div>
        <Link to="/admin/support/canned" className="text-sm font-semibold text-brand hover:underline">
          Canned replies
        </Link>
      </header>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <Card key={f.label} className="p-4">
            <dt className="text-xs font-medium text-muted">{f.label}</dt>
            <dd className="mt-1 text-lg font-semibold text-ink">{f.value}</dd>
          </Card>
        ))}
      </dl>
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        aria-label="Filter the queue"
      >
        <Select
          label="Status"
          name="status"
          defaultValue={filter.status}
          options={[
            { value: "active", label: "Open and waiting" },
            ...SUPPORT_STATUSES.map((s) => ({ value: s, label: STAFF_STATUS_LABELS[s] })),
            { value: "all", label: "All" },
          ]}
        />
        <Select
          label="Topic"
          name="category"
          defaultValue={filter.category}
          options={[
            { value: "all", label: "All topics" },
            ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
          ]}
        />
        <Select
          label="Assigned"
          name="assigned"
          defaultValue={filter.assigned}
          options={[
            { value: "all", label: "Anyone" },
            { value: "me", label: "To me" },
            { value: "unassigned", label: "Unassigned" },
          ]}
        />
        <Field label="Search" name="q" defaultValue={filter.q} placeholder="#123, subject or e-mail" />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <Card className="overflow-x-auto">
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">Support tickets</caption>
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Ticket
              </th>
              <th scope="col" className="px-4 py-3">
                From
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Assigned
              </th>
              <th scope="col" className="px-4 py-3">
                Age
              </th>
              <th scope="col" className="px-4 py-3">
                First response
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {tickets.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-muted">
                  No tickets match.
                </td>
              </tr>
            ) : (
              tickets.map((t) => (
                <tr key={t.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/support/${t.id}`} className="font-semibold text-brand hover:underline">
                      #{t.id} {t.subject}
                    </Link>
                    <p className="text-xs text-muted">
                      {CATEGORY_LABELS[t.category]}
                      {t.source === "contact" ? " · contact form" : ""}
                    </p>
                  </td>
                  <td className="px-4 py-3 text-muted">{t.email}</td>
                  <td className="px-4 py-3">
                    <TicketStatus status={t.status} staff />
                  </td>
                  <td className="px-4 py-3 text-muted">{t.assignee ?? "—"}</td>
                  <td className="px-4 py-3 text-muted">{t.age}</td>
                  <td className="px-4 py-3 text-muted">{t.firstResponse ?? "Not yet"}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Card>
    </div>
  );
}

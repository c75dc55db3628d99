import { ClipboardList, Filter } from "lucide-react";
import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { listAuditEventNames, listAuditLog } from "~/domain/accounts/audit.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Field } from "~/ui/field.tsx";
import { Pager, pageHref, pageNumber } from "~/ui/pager.tsx";
import { Select } from "~/ui/select.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/audit";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Audit log · Admin" }, { name: "robots", content: "noindex" }];

function readQuery(url: URL, events: readonly string[]) {
  const actor = (url.searchParams.get("actor") ?? "").trim().slice(0, 254);
  const eventParam = url.searchParams.get("event") ?? "";
  const event = events.includes(eventParam) ? eventParam : undefined;
  return { actor, event, page: pageNumber(url.searchParams) };
}

/** Detail values shown as `key: value`, one line; long values shortened. */
function describeDetail(detail: Record<string, unknown>) {
  return Object.entries(detail)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `${key}: ${text.length > 80 ? `${text.slice(0, 77)}…` : text}`;
    })
    .join(" · ");
}

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "read:audit:any");
  const events = await listAuditEventNames(getDb());
  const query = readQuery(new URL(args.request.url), events);
  const result = await listAuditLog(getDb(), {
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.event ? { event: query.event } : {}),
    page: query.page,
  });
  return {
    query: { actor: query.actor, event: query.event ?? "" },
    events,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    rows: result.rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      event: r.event,
      ip: r.ip,
      detail: describeDetail(r.detail),
    })),
  };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, page, pageCount, total, events } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Audit log</h1>
        <p className="text-sm text-muted">
          Every sign-in, security change and back-office action, newest first. Entries are never edited or
          deleted.
        </p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Audit log">
        <Field
          label="Actor (e-mail or member id)"
          name="actor"
          defaultValue={query.actor}
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 basis-64"
        />
        <Select
          label="Event"
          name="event"
          defaultValue={query.event}
          options={[{ value: "", label: "All events" }, ...events.map((e) => ({ value: e, label: e }))]}
          className="w-64"
        />
        <Button type="submit" variant="secondary">
          <Filter aria-hidden className="size-4" />
          Filter
        </Button>
        {query.actor || query.event ? (
          <Link to="/admin/audit" className="self-center text-sm font-semibold text-brand hover:underline">
            Clear
          </Link>
        ) : null}
      </Form>
      <Card>
        {rows.length === 0 ? (
          <EmptyState icon={ClipboardList} title="No entries match">
            Clear the filter to see everything.
          </EmptyState>
        ) : (
          <Table caption="Audit log entries" className="min-w-[46rem]">
            <thead>
              <tr>
                <Th>Time (UTC) and IP</Th>
                <Th>Actor</Th>
                <Th>Event</Th>
                <Th>Detail</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="audit-row">
                  <Td className="whitespace-nowrap tabular-nums">
                    {formatDateTime(r.at)}
                    {r.ip ? <span className="block font-mono text-xs text-muted">IP {r.ip}</span> : null}
                  </Td>
                  <Td className="min-w-48 break-all">
                    {r.actorId ? (
                      <Link
                        to={`/admin/members/${encodeURIComponent(r.actorId)}`}
                        className="font-medium text-brand hover:underline"
                      >
                        {r.actorEmail ?? r.actorId}
                      </Link>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </Td>
                  <Td className="font-mono text-xs whitespace-nowrap">{r.event}</Td>
                  <Td className="min-w-56 max-w-md text-xs break-words text-muted">{r.detail || "—"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pager
        variant="links"
        label="Pages"
        count={`${total} ${total === 1 ? "entry" : "entries"}`}
        page={page}
        pageCount={pageCount}
        href={(n) => pageHref("/admin/audit", { actor: query.actor, event: query.event }, n)}
        previous="Newer entries"
        next="Older entries"
      />
    </div>
  );
}

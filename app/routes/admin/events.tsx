import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { staffEventsView } from "~/domain/live-events/staff-views.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import type { Route } from "./+types/events";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Live events · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:event:any");
  return { events: await staffEventsView(getDb(), new Date()) };
}

const PHASE_BADGES = Object.freeze({
  upcoming: { tone: "brand", label: "Upcoming" },
  live: { tone: "positive", label: "Live now" },
  ended: { tone: "neutral", label: "Ended" },
  cancelled: { tone: "negative", label: "Cancelled" },
} as const);

/** /admin/events: every live event, newest start first; analysts and admins make and change them. */
export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Live events</h1>
          <p className="mt-1 text-sm text-muted">AMAs and webinars members register for at /events.</p>
        </div>
        <ButtonLink to="/admin/events/new">New event</ButtonLink>
      </header>
      <Card className="overflow-x-auto">
        {events.length === 0 ? (
          <EmptyState icon={CalendarDays} title="No events yet">
            Make the first AMA or webinar: members see it at once.
          </EmptyState>
        ) : (
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Live events</caption>
            <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Event
                </th>
                <th scope="col" className="px-4 py-3">
                  Starts (UTC)
                </th>
                <th scope="col" className="px-4 py-3">
                  Registered
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {events.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/events/${e.id}`} className="font-semibold text-brand hover:underline">
                      {e.title}
                    </Link>
                    <p className="text-xs text-muted">
                      {e.kindLabel} with {e.host}
                      {e.premium ? " · Premium" : ""}
                    </p>
                  </td>
                  <td className="px-4 py-3 text-muted">{formatDateTime(e.startsAt)}</td>
                  <td className="px-4 py-3 text-muted">
                    {e.registered} / {e.capacity}
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone={PHASE_BADGES[e.phase].tone}>{PHASE_BADGES[e.phase].label}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

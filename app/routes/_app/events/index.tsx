import { CalendarDays } from "lucide-react";
import { getDb } from "~/db/db.server.ts";
import { listEventsForMember } from "~/domain/live-events/events.server.ts";
import { EVENTS_ENTITLEMENT } from "~/domain/live-events/rules.ts";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { EventListItem } from "~/ui/live-events/event-parts.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import { hasEntitlement } from "~/utils/entitlements.server.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Live events · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const entitled = await hasEntitlement(args, EVENTS_ENTITLEMENT);
  return listEventsForMember(getDb(), session.user.id, entitled, new Date());
}

/** /events: AMAs and webinars coming up (soonest first), and past ones with their replays. */
export default function Events({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Live events</h1>
        <p className="text-sm text-muted">
          AMAs and webinars with our analysts and guests: register for a seat, add it to your calendar, and we
          remind you by e-mail. Times are shown in your time zone.
        </p>
      </div>
      <Card>
        <CardHeader title="Coming up" />
        {upcoming.length === 0 ? (
          <EmptyState icon={CalendarDays} title="No events planned yet" headingLevel={3}>
            New AMAs and webinars appear here as they are announced.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Coming up">
            {upcoming.map((event) => (
              <EventListItem key={event.id} event={event} />
            ))}
          </ul>
        )}
      </Card>
      {past.length > 0 ? (
        <Card>
          <CardHeader title="Past events and replays" />
          <ul className="divide-y divide-line" aria-label="Past events">
            {past.map((event) => (
              <EventListItem key={event.id} event={event} />
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

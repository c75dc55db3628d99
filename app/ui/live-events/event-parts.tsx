import { CalendarDays, Clock, Mic, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import type { EventKind, EventPhase } from "~/domain/live-events/rules.ts";
import { KIND_LABELS } from "~/domain/live-events/rules.ts";
import { Badge } from "../badge.tsx";

/** What the member pages need of an event (EventView, without server imports). */
export interface EventCardData {
  id: string;
  kind: EventKind;
  title: string;
  host: string;
  startsAt: string;
  durationMinutes: number;
  capacity: number;
  seatsLeft: number;
  premium: boolean;
  phase: EventPhase;
  registered: boolean;
}

const localFormat = () =>
  new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });

/**
 * A start time in the member's own time zone (their device's, as the withdrawal address book
 * shows times): the server renders UTC, and the browser puts the local time in once hydrated, so
 * the first paint never shows a time that then changes zone without saying so.
 */
export function EventTime({ iso, withZone = false }: { iso: string; withZone?: boolean }) {
  const [local, setLocal] = useState<{ text: string; zone: string } | null>(null);
  useEffect(() => {
    setLocal({
      text: localFormat().format(new Date(iso)),
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  }, [iso]);
  return (
    <span>
      <time dateTime={iso} data-testid="event-time">
        {local ? local.text : formatDateTime(iso)}
      </time>
      {withZone && local ? (
        <span className="block text-xs text-muted">Your time zone: {local.zone}</span>
      ) : null}
    </span>
  );
}

export function EventBadges({
  event,
}: {
  event: Pick<EventCardData, "kind" | "premium" | "phase" | "registered">;
}) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone="brand">{KIND_LABELS[event.kind]}</Badge>
      {event.premium ? <Badge tone="warning">Premium</Badge> : null}
      {event.phase === "live" ? <Badge tone="positive">Live now</Badge> : null}
      {event.phase === "cancelled" ? <Badge tone="negative">Cancelled</Badge> : null}
      {event.phase === "ended" ? <Badge>Ended</Badge> : null}
      {event.registered && event.phase !== "cancelled" ? <Badge tone="positive">Registered</Badge> : null}
    </span>
  );
}

export function seatsText(event: Pick<EventCardData, "seatsLeft" | "capacity">) {
  if (event.seatsLeft === 0) return "Full";
  return `${event.seatsLeft} of ${event.capacity} seats left`;
}

/** One event in a list: the link is the title. */
export function EventListItem({ event }: { event: EventCardData }) {
  return (
    <li className="space-y-2 px-5 py-4" data-testid="event-item">
      <EventBadges event={event} />
      <h3 className="text-base font-semibold text-ink">
        <Link to={`/events/${event.id}`} className="hover:text-brand hover:underline">
          {event.title}
        </Link>
      </h3>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        <li className="flex items-center gap-1.5">
          <Mic aria-hidden className="size-4" />
          {event.host}
        </li>
        <li className="flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4" />
          <EventTime iso={event.startsAt} />
        </li>
        <li className="flex items-center gap-1.5">
          <Clock aria-hidden className="size-4" />
          {event.durationMinutes} min
        </li>
        {event.phase === "upcoming" ? (
          <li className="flex items-center gap-1.5">
            <Users aria-hidden className="size-4" />
            {seatsText(event)}
          </li>
        ) : null}
      </ul>
    </li>
  );
}

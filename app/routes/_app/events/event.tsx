import { ArrowLeft, CalendarPlus, Clock, Mic, PlayCircle, Users, Video } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseId } from "~/domain/forms.ts";
import { type EventAnswer, memberEventAction } from "~/domain/live-events/actions.server.ts";
import { getEventForMember } from "~/domain/live-events/events.server.ts";
import { EVENTS_ENTITLEMENT } from "~/domain/live-events/rules.ts";
import type { PaywallBody } from "~/domain/membership/paywall.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { EventBadges, EventTime, seatsText } from "~/ui/live-events/event-parts.tsx";
import { PaywallCard } from "~/ui/membership/paywall.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import { hasEntitlement, paywallBody } from "~/utils/entitlements.server.ts";
import type { Route } from "./+types/event";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.event.title} · Live events · Coinlens` : "Live events · Coinlens" },
];

async function eventOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const session = await requireSession(args);
  const entitled = await hasEntitlement(args, EVENTS_ENTITLEMENT);
  const id = parseId(args.params.id);
  const event =
    id === null
      ? null
      : await getEventForMember(getDb(), { eventId: id, userId: session.user.id, entitled, now: new Date() });
  if (!event || id === null) throw data("Not found", { status: 404 });
  return { session, id, entitled, event };
}

export async function loader(args: Route.LoaderArgs) {
  const { event } = await eventOf(args);
  const paywall: PaywallBody | null = event.canAttend ? null : await paywallBody(EVENTS_ENTITLEMENT);
  return { event, paywall };
}

export async function action(args: Route.ActionArgs) {
  const { session, id, entitled } = await eventOf(args);
  return memberEventAction(
    getDb(),
    { userId: session.user.id, entitled },
    id,
    await args.request.formData(),
    new Date(),
  );
}

/** /events/:id — what, who and when (in the member's time zone), seats, register or cancel. */
export default function LiveEvent({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { event, paywall } = loaderData;
  const answer = actionData as EventAnswer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <Link
        to="/events"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All live events
      </Link>
      <header className="space-y-3">
        <EventBadges event={event} />
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{event.title}</h1>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="flex items-center gap-1.5 text-muted">
              <Mic aria-hidden className="size-4 shrink-0" />
              Host
            </dt>
            <dd className="mt-0.5 pl-5.5 font-medium text-ink">{event.host}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-muted">
              <CalendarPlus aria-hidden className="size-4 shrink-0" />
              Starts
            </dt>
            <dd className="mt-0.5 pl-5.5 font-medium text-ink">
              <EventTime iso={event.startsAt} withZone />
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-muted">
              <Clock aria-hidden className="size-4 shrink-0" />
              Length
            </dt>
            <dd className="mt-0.5 pl-5.5 font-medium text-ink">{event.durationMinutes} minutes</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-muted">
              <Users aria-hidden className="size-4 shrink-0" />
              Seats
            </dt>
            <dd className="mt-0.5 pl-5.5 font-medium text-ink" data-testid="seats">
              {seatsText(event)}
            </dd>
          </div>
        </dl>
      </header>
      {event.description ? <p className="whitespace-pre-line text-ink">{event.description}</p> : null}

      <div aria-live="polite" className="text-sm font-medium">
        {answer?.ok ? <p className="text-positive">{answer.message}</p> : null}
        {answer && !answer.ok ? <p className="text-negative">{answer.errors?.form}</p> : null}
      </div>

      {event.phase === "cancelled" ? (
        <Card className="p-5 text-sm text-ink">
          <p className="font-semibold">This event is cancelled.</p>
          {event.cancelReason ? <p className="mt-1 text-muted">{event.cancelReason}</p> : null}
        </Card>
      ) : !event.canAttend && paywall ? (
        <PaywallCard body={paywall} />
      ) : event.phase === "ended" ? (
        <Card className="space-y-2 p-5 text-sm">
          <p className="font-semibold text-ink">This event is over.</p>
          {event.replayUrl ? (
            <a
              href={event.replayUrl}
              className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
              rel="noopener noreferrer"
              target="_blank"
            >
              <PlayCircle aria-hidden className="size-4" />
              Watch the replay
            </a>
          ) : (
            <p className="text-muted">The replay will appear here when it is ready.</p>
          )}
        </Card>
      ) : event.registered ? (
        <Card className="space-y-4 p-5">
          <p className="font-semibold text-ink">You are registered.</p>
          <div className="flex flex-wrap gap-3">
            {event.joinUrl ? (
              <a
                href={event.joinUrl}
                className={buttonClass("primary", "md", "gap-2")}
                rel="noopener noreferrer"
                target="_blank"
              >
                <Video aria-hidden className="size-4" />
                {event.phase === "live" ? "Join now" : "Join link"}
              </a>
            ) : null}
            <a
              href={`/events/${event.id}/calendar.ics`}
              download
              className={buttonClass("secondary", "md", "gap-2")}
            >
              <CalendarPlus aria-hidden className="size-4" />
              Add to calendar (.ics)
            </a>
          </div>
          {event.phase === "upcoming" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                Cancel my registration
              </Button>
            </Form>
          ) : null}
        </Card>
      ) : event.phase === "upcoming" ? (
        <Card className="space-y-3 p-5">
          <p className="text-sm text-muted">
            Register to get the join link, a calendar file and e-mail reminders a day and 15 minutes before.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="register" />
            <Button type="submit" disabled={busy || event.seatsLeft === 0}>
              {event.seatsLeft === 0 ? "Full" : "Register"}
            </Button>
          </Form>
        </Card>
      ) : (
        <Card className="p-5 text-sm text-muted">This event has started; registration is closed.</Card>
      )}
    </div>
  );
}

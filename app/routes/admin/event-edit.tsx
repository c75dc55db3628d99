import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { formValues, parseId } from "~/domain/forms.ts";
import { type EventAnswer, staffEventAction } from "~/domain/live-events/actions.server.ts";
import { staffEventView } from "~/domain/live-events/staff-views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { EventForm, type EventFormValues, emptyEventForm } from "~/ui/live-events/event-form.tsx";
import type { Route } from "./+types/event-edit";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Live event · Admin" }, { name: "robots", content: "noindex" }];

/** /admin/events/new has no id; /admin/events/:id must name an event (else 404). */
function idOf(params: { id?: string }) {
  if (params.id === undefined) return null;
  const id = parseId(params.id);
  if (id === null) throw data("Not found", { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:event:any");
  const id = idOf(args.params);
  if (id === null) return { event: null, saved: false };
  const event = await staffEventView(getDb(), id, new Date());
  if (!event) throw data("Not found", { status: 404 });
  return { event, saved: new URL(args.request.url).searchParams.has("saved") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "manage:event:any");
  const id = idOf(args.params);
  const form = await args.request.formData();
  const answer = await staffEventAction(
    getDb(),
    { id: staff.adminId, audit: { ip: staff.ip, userAgent: staff.userAgent, clock: systemClock } },
    id,
    form,
  );
  if (answer.ok && id === null && answer.eventId) throw redirect(`/admin/events/${answer.eventId}?saved=1`);
  return { ...answer, values: formValues(form) };
}

/** /admin/events/new and /admin/events/:id — make or change an event, or cancel it. */
export default function AdminEventEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { event, saved } = loaderData;
  const answer = actionData as (EventAnswer & { values: Record<string, string> }) | undefined;
  const busy = useNavigation().state !== "idle";
  const failedSave = answer?.intent === "save" && !answer.ok;
  const values: EventFormValues = failedSave
    ? { ...emptyEventForm, ...answer.values, premium: answer.values.premium === "on" }
    : (event?.values ?? emptyEventForm);
  const message = answer?.ok ? answer.message : saved && !answer ? "Event created." : null;
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm">
          <Link to="/admin/events" className="font-semibold text-brand hover:underline">
            ← Live events
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-semibold text-ink">
          {event ? values.title || "Live event" : "New event"}
        </h1>
        {event ? (
          <p className="mt-1 text-sm text-muted">
            {event.registered} registered ·{" "}
            <Link to={`/events/${event.id}`} className="font-semibold text-brand hover:underline">
              Member page
            </Link>
          </p>
        ) : null}
      </header>
      <p
        role="status"
        className={
          message ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong" : "sr-only"
        }
      >
        {message ?? ""}
      </p>
      {event?.phase === "cancelled" ? (
        <Card className="p-5 text-sm text-ink">
          <p className="font-semibold">Cancelled.</p>
          <p className="mt-1 text-muted">{event.cancelReason}</p>
        </Card>
      ) : (
        <Card>
          <CardHeader title={event ? "Details" : "New AMA or webinar"} />
          <EventForm
            key={event ? `${event.id}-${values.startsAt}` : "new"}
            values={values}
            errors={failedSave ? (answer.errors ?? {}) : {}}
            busy={busy}
            submitLabel={event ? "Save changes" : "Create event"}
          />
        </Card>
      )}
      {event && event.phase !== "cancelled" && event.phase !== "ended" ? (
        <Card>
          <CardHeader title="Cancel this event" />
          <Form method="post" className="space-y-4 p-5">
            <input type="hidden" name="intent" value="cancel" />
            <Field
              label="Why (members registered are e-mailed this)"
              name="reason"
              maxLength={300}
              required
              error={
                answer?.intent === "cancel" && !answer.ok
                  ? (answer.errors?.reason ?? answer.errors?.form)
                  : undefined
              }
            />
            <Button type="submit" variant="danger" disabled={busy}>
              Cancel event
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}

import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { parseId } from "~/domain/forms.ts";
import { memberTicketAction, type SupportAnswer, tooLarge } from "~/domain/support/actions.server.ts";
import { CATEGORY_LABELS } from "~/domain/support/rules.ts";
import { myTicketView } from "~/domain/support/views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { FieldError } from "~/ui/field.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { FilesInput, MessageBox, Thread, TicketStatus } from "~/ui/support/ticket-parts.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/ticket";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: loaderData
      ? `#${loaderData.ticket.id} ${loaderData.ticket.subject} · Support · Coinlens`
      : "Support · Coinlens",
  },
];

async function ticketOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const session = await requireSession(args);
  const id = parseId(args.params.id);
  // Someone else's ticket answers exactly like one that does not exist.
  const ticket = id === null ? null : await myTicketView(getDb(), session.user.id, id);
  if (!ticket || id === null) throw data("Not found", { status: 404 });
  return { session, id, ticket };
}

export async function loader(args: Route.LoaderArgs) {
  const { ticket } = await ticketOf(args);
  return { ticket, opened: new URL(args.request.url).searchParams.has("opened") };
}

export async function action(args: Route.ActionArgs) {
  const { session, id } = await ticketOf(args);
  const refused = tooLarge(args.request);
  if (refused) return refused;
  return memberTicketAction(getDb(), session.user.id, id, await args.request.formData());
}

const STARS = Object.freeze([1, 2, 3, 4, 5]);

/** /support/:id — the thread, the reply box, "this solved it", and a rating once resolved. */
export default function Ticket({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { ticket, opened } = loaderData;
  const answer = actionData as SupportAnswer | undefined;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const finished = ticket.status === "resolved" || ticket.status === "closed";
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <div className="space-y-2">
        <p className="text-sm">
          <Link to="/support" className="font-semibold text-brand hover:underline">
            ← All requests
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{ticket.subject}</h1>
          <TicketStatus status={ticket.status} />
        </div>
        <p className="text-sm text-muted">
          #{ticket.id} · {CATEGORY_LABELS[ticket.category]} · opened {formatDateTime(ticket.createdAt)}
        </p>
        {ticket.operation ? <p className="text-sm text-ink">About: {ticket.operation.label}</p> : null}
      </div>
      <div aria-live="polite" className="text-sm font-medium">
        {opened && !answer ? (
          <p className="text-positive">
            We have your request #{ticket.id}. A copy is on its way to your e-mail.
          </p>
        ) : null}
        {answer?.ok ? <p className="text-positive">{answer.message}</p> : null}
        {answer && !answer.ok && errors.form ? <p className="text-negative">{errors.form}</p> : null}
      </div>
      <Thread messages={ticket.messages} viewer="member" />
      {ticket.status === "closed" ? (
        <p className="text-sm text-muted">
          This request is closed.{" "}
          <Link to="/support/new" className="font-semibold text-brand hover:underline">
            Open a new one
          </Link>{" "}
          if you still need help.
        </p>
      ) : (
        <Card>
          <CardHeader title={ticket.status === "resolved" ? "Still need help? Reply to reopen" : "Reply"} />
          <Form method="post" encType="multipart/form-data" className="space-y-4 p-5">
            <input type="hidden" name="intent" value="reply" />
            <MessageBox label="Your reply" error={answer?.intent === "reply" ? errors.message : undefined} />
            <FilesInput error={answer?.intent === "reply" ? errors.files : undefined} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy}>
                Send reply
              </Button>
            </div>
          </Form>
          {ticket.status === "open" || ticket.status === "waiting" ? (
            <Form method="post" className="border-t border-line px-5 py-4">
              <input type="hidden" name="intent" value="resolve" />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                This solved it — mark resolved
              </Button>
            </Form>
          ) : null}
        </Card>
      )}
      {finished && ticket.rating === null ? (
        <Card>
          <CardHeader title="How did we do?" />
          <Form method="post" className="space-y-4 p-5">
            <input type="hidden" name="intent" value="rate" />
            <fieldset>
              <legend className="text-sm font-medium text-ink">
                Rate our help (1 = poor, 5 = excellent)
              </legend>
              <div className="mt-2 flex gap-2">
                {STARS.map((n) => (
                  <label
                    key={n}
                    className="flex items-center gap-1 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                  >
                    <input type="radio" name="rating" value={n} required />
                    {n}
                  </label>
                ))}
              </div>
              <FieldError message={answer?.intent === "rate" ? errors.rating : undefined} />
            </fieldset>
            <div className="space-y-1.5">
              <label htmlFor="rating-comment" className="block text-sm font-medium text-ink">
                Anything to add? <span className="font-normal text-muted">(optional)</span>
              </label>
              <textarea
                id="rating-comment"
                name="comment"
                rows={2}
                maxLength={1000}
                className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
              />
            </div>
            <Button type="submit" disabled={busy}>
              Send rating
            </Button>
          </Form>
        </Card>
      ) : null}
      {ticket.rating !== null ? (
        <p className="text-sm text-muted">You rated our help {ticket.rating} out of 5. Thank you.</p>
      ) : null}
    </div>
  );
}

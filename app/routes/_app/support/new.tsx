import { Form, redirect, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { newTicketAction, type SupportAnswer, tooLarge } from "~/domain/support/actions.server.ts";
import { CATEGORY_LABELS, isSameSitePath, SUPPORT_CATEGORIES } from "~/domain/support/rules.ts";
import { newTicketView } from "~/domain/support/views.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { Select } from "~/ui/select.tsx";
import { FilesInput, MessageBox } from "~/ui/support/ticket-parts.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/new";

export const meta = () => [{ title: "New support request · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const url = new URL(args.request.url);
  const from = url.searchParams.get("from") ?? "";
  const view = await newTicketView(getDb(), session.user.id, url.searchParams.get("operation") ?? "");
  return { ...view, from: isSameSitePath(from) && !from.startsWith("/support") ? from : "" };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const refused = tooLarge(args.request);
  if (refused) return refused;
  const answer = await newTicketAction(
    getDb(),
    { id: session.user.id, email: session.user.email },
    await args.request.formData(),
  );
  if (answer.ok && answer.ticketId) throw redirect(`/support/${answer.ticketId}?opened=1`);
  return answer;
}

/** /support/new: what the question is about, the message, files, and the transaction it concerns. */
export default function NewTicket({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { operations, from, operation, category } = loaderData;
  const errors = (actionData as SupportAnswer | undefined)?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="container-page max-w-2xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">New support request</h1>
        <p className="text-sm text-muted">
          Tell us what happened. We reply in this request and by e-mail. We will never ask for your password,
          two-factor codes or seed phrase.
        </p>
      </div>
      <Card>
        <CardHeader title="Your request" />
        <Form method="post" encType="multipart/form-data" className="space-y-5 p-5">
          <input type="hidden" name="fromPath" value={from} />
          <Select
            label="What is it about?"
            name="category"
            placeholder="Choose a topic"
            defaultValue={category}
            options={SUPPORT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            error={errors.category}
            required
          />
          <Field label="Subject" name="subject" maxLength={120} error={errors.subject} required />
          <MessageBox label="Message" error={errors.message} rows={6} />
          {operations.length > 0 ? (
            <Select
              label="Transaction it is about (optional)"
              name="operationId"
              placeholder="None"
              defaultValue={operation}
              options={operations.map((o) => ({ value: o.id, label: o.label }))}
              error={errors.operationId}
            />
          ) : null}
          <FilesInput error={errors.files} />
          <FieldError message={errors.form} />
          <Button type="submit" disabled={busy}>
            {busy ? "Sending…" : "Send request"}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

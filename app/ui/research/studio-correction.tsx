import { Form, Link, useActionData, useNavigation } from "react-router";
import { formatUsd } from "~/domain/market-data/format.ts";
import type { ArticleRecord } from "~/domain/research/reading.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field } from "../field.tsx";
import { useKeptAnswer } from "../live/use-kept-answer.ts";
import { RenderedBody } from "./studio-editor.tsx";
import { TextArea } from "./studio-fields.tsx";

type ActionResult =
  | { ok: false; message: string; fields?: Record<string, string> }
  | { ok: true; corrected?: number }
  | undefined;

/** A published piece: corrections are new versions with a note readers see ("Updated on …"). */
export function CorrectionForm({
  piece,
  html,
}: {
  piece: { title: string; summary: string; body: string; slug: string; version: number };
  html: string;
}) {
  const result = useKeptAnswer(useActionData() as ActionResult | undefined);
  const errors = result && !result.ok ? (result.fields ?? {}) : {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title={`Correct it (version ${piece.version})`}
          action={
            <Link to={`/research/${piece.slug}`} className="text-sm font-medium text-brand underline">
              Read it as a member
            </Link>
          }
        />
        <Form method="post" className="space-y-5 p-5">
          <Field label="Title" name="title" defaultValue={piece.title} error={errors.title} />
          <TextArea
            label="Summary"
            name="summary"
            rows={2}
            defaultValue={piece.summary}
            error={errors.summary}
          />
          <TextArea
            label="Text (Markdown)"
            name="body"
            rows={14}
            defaultValue={piece.body}
            className="font-mono"
            error={errors.body}
          />
          <TextArea
            label="What changed"
            name="changeNote"
            rows={2}
            maxLength={500}
            hint="Readers see it under the title as “Updated on <date>: what changed”. The pick's or setup's prices never change."
            error={errors.changeNote}
          />
          {result && !result.ok ? (
            <p
              role="alert"
              className="rounded-md bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
            >
              {result.message}
            </p>
          ) : null}
          {result?.ok ? (
            <p role="status" className="text-sm text-positive">
              Published as version {result.corrected}.
            </p>
          ) : null}
          <Button type="submit" name="intent" value="correct" disabled={busy}>
            Publish the correction
          </Button>
        </Form>
      </Card>
      <Card className="self-start">
        <CardHeader title="Published text" />
        <div className="p-5">
          <RenderedBody html={html} label="The published text" />
        </div>
      </Card>
    </div>
  );
}

/** A published pick: open until its author or an admin closes it, at the feed's price then. */
export function ClosePick({ pick }: { pick: NonNullable<ArticleRecord["pick"]> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card>
      <CardHeader title={`The pick: ${pick.asset}`} />
      <div className="space-y-3 p-5 text-sm text-ink">
        <p>
          Entered at {formatUsd(pick.entryPrice)}
          {pick.closed && pick.exitPrice ? `, closed at ${formatUsd(pick.exitPrice)}.` : ". It is open."}
        </p>
        {pick.closed ? null : (
          <Form method="post" className="space-y-3">
            <p className="text-muted">
              Closing takes the exit price from our price feed now and puts the result on the track record for
              good.
            </p>
            <Button type="submit" name="intent" value="close-pick" variant="secondary" disabled={busy}>
              Close the pick at the current price
            </Button>
          </Form>
        )}
      </div>
    </Card>
  );
}

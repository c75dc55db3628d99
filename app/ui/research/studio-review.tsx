import { Form, useActionData, useNavigation } from "react-router";
import { NOT_ADVICE_NOTICE } from "~/domain/research/studio-rules.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field } from "../field.tsx";
import { useKeptAnswer } from "../live/use-kept-answer.ts";
import { RenderedBody } from "./studio-editor.tsx";
import { TextArea } from "./studio-fields.tsx";

export interface ReviewedPiece {
  kind: string;
  title: string;
  summary: string;
  holdings: string;
  assets: string[];
  topics: string[];
  details: Record<string, unknown>;
  status: string;
  slug: string;
}

type ActionResult = { ok: false; message: string; fields?: Record<string, string> } | undefined;

function KindDetails({ piece }: { piece: ReviewedPiece }) {
  const d = piece.details;
  const rows: [string, string][] = [];
  if (piece.kind === "pick")
    rows.push(
      ["Asset", String(d.asset ?? "")],
      ["Risk", String(d.risk ?? "")],
      ["Horizon", String(d.horizon ?? "")],
    );
  if (piece.kind === "setup") {
    rows.push(
      ["Asset", String(d.asset ?? "")],
      ["Direction", String(d.side ?? "")],
      ["Entry zone", `${String(d.entryLow ?? "")} – ${String(d.entryHigh ?? "")} USD`],
      ["Stop", `${String(d.stop ?? "")} USD`],
      ["Targets", `${[d.target1, d.target2, d.target3].filter(Boolean).join(", ")} USD`],
      ["Timeframe", String(d.timeframe ?? "")],
    );
  }
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-subtle p-3 text-sm sm:grid-cols-3">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs text-muted">{k}</dt>
          <dd className="font-medium text-ink">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The piece as readers will see it, and (for a reviewer) approve now, schedule, or send back. */
export function ReviewPanel({
  piece,
  html,
  readOnly,
}: {
  piece: ReviewedPiece;
  html: string;
  readOnly?: boolean;
}) {
  const result = useKeptAnswer(useActionData() as ActionResult | undefined);
  const errors = result && !result.ok ? (result.fields ?? {}) : {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader title="As readers will see it" />
        <article className="space-y-4 p-5">
          <p className="text-lg text-ink">{piece.summary}</p>
          <KindDetails piece={piece} />
          <RenderedBody html={html} label="The text" />
          <p className="text-sm text-ink">{piece.holdings}</p>
          <p className="border-t border-line pt-3 text-xs text-muted">{NOT_ADVICE_NOTICE}</p>
        </article>
      </Card>
      {readOnly ? (
        <Card className="self-start p-5 text-sm text-muted">
          {piece.status === "in_review"
            ? "Waiting for review by another analyst or an admin."
            : piece.status === "scheduled"
              ? "Approved and scheduled: it publishes by itself at the time shown."
              : "Published."}
        </Card>
      ) : (
        <Card className="self-start">
          <CardHeader title="Review" />
          <div className="space-y-6 p-5">
            {result && !result.ok ? (
              <p
                role="alert"
                className="rounded-md bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
              >
                {result.message}
              </p>
            ) : null}
            <Form method="post" className="space-y-3">
              <p className="text-sm text-muted">
                {piece.kind === "pick"
                  ? "Publishing takes the entry price from our price feed now."
                  : "Publishing makes it visible to members now."}
              </p>
              <Button type="submit" name="intent" value="approve" disabled={busy} className="w-full">
                Approve and publish now
              </Button>
            </Form>
            <Form method="post" className="space-y-3 border-t border-line pt-5">
              <Field
                label="Publish at (UTC)"
                name="publishAt"
                type="datetime-local"
                required
                error={errors.publishAt}
              />
              <Button
                type="submit"
                name="intent"
                value="schedule"
                variant="secondary"
                disabled={busy}
                className="w-full"
              >
                Approve and schedule
              </Button>
            </Form>
            <Form method="post" className="space-y-3 border-t border-line pt-5">
              <TextArea
                label="What should change"
                name="note"
                rows={3}
                maxLength={2000}
                error={errors.note}
              />
              <Button
                type="submit"
                name="intent"
                value="send-back"
                variant="ghost"
                disabled={busy}
                className="w-full"
              >
                Send back to the author
              </Button>
            </Form>
          </div>
        </Card>
      )}
    </div>
  );
}

import { ImagePlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import type { HeldChoice } from "~/domain/research/studio-form.ts";
import { NOT_ADVICE_NOTICE, PICKABLE_ASSETS, type StudioKind } from "~/domain/research/studio-rules.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field, FieldError } from "../field.tsx";
import { useKeptAnswer } from "../live/use-kept-answer.ts";
import { Select } from "../select.tsx";
import { ResearchBody } from "./research-body.tsx";
import { CheckboxGroup, TextArea } from "./studio-fields.tsx";
import { SetupFields } from "./studio-setup-fields.tsx";

export interface EditorPiece {
  kind: StudioKind;
  title: string;
  summary: string;
  body: string;
  premium: boolean;
  assets: string[];
  topics: string[];
  details: Record<string, unknown>;
  held: HeldChoice;
  reviewNote: string | null;
}

type ActionResult =
  | { ok: false; message: string; fields?: Record<string, string> }
  | { ok: true; saved?: string };

/** What the reader will see, rendered by the server with the article page's code and type. */
export function RenderedBody({ html, label }: { html: string; label: string }) {
  return (
    <section aria-label={label}>
      <ResearchBody html={html} />
    </section>
  );
}

function detail(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === "string" ? value : "";
}

export function StudioEditor({ piece }: { piece: EditorPiece }) {
  const result = useKeptAnswer(useActionData() as ActionResult | undefined);
  const errors = result && !result.ok ? (result.fields ?? {}) : {};
  const busy = useNavigation().state === "submitting";
  const preview = useFetcher<{ html: string }>();
  const upload = useFetcher<{ markdown?: string; error?: string }>();
  const [body, setBody] = useState(piece.body);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [holding, setHolding] = useState(piece.held === null ? "" : piece.held.none ? "none" : "some");

  // Live preview, a moment after typing stops: the server renders it as readers will see it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text triggers a preview
  useEffect(() => {
    const timer = setTimeout(() => {
      preview.submit({ body }, { method: "post", action: "/studio/preview" });
    }, 350);
    return () => clearTimeout(timer);
  }, [body]);

  // An uploaded image goes in where the cursor was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per upload answer
  useEffect(() => {
    const snippet = upload.data?.markdown;
    if (!snippet) return;
    const area = bodyRef.current;
    const at = area?.selectionStart ?? body.length;
    setBody((text) => `${text.slice(0, at)}\n${snippet}\n${text.slice(at)}`);
  }, [upload.data]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title="Write" />
        <Form method="post" className="space-y-5 p-5" id="studio-editor">
          {piece.reviewNote ? (
            <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning" role="note">
              <strong>Sent back by the reviewer:</strong> {piece.reviewNote}
            </p>
          ) : null}
          <Field label="Title" name="title" defaultValue={piece.title} maxLength={140} error={errors.title} />
          <TextArea
            label="Summary"
            name="summary"
            defaultValue={piece.summary}
            rows={2}
            maxLength={400}
            hint="One or two sentences. Readers without Premium see this as the teaser."
            error={errors.summary}
          />
          {piece.kind === "pick" ? (
            <fieldset className="grid gap-4 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-medium text-ink">The pick</legend>
              <Select
                label="Asset"
                name="pick.asset"
                placeholder="Choose"
                defaultValue={detail(piece.details, "asset")}
                options={PICKABLE_ASSETS.map((a) => ({ value: a, label: a }))}
                error={errors["pick.asset"]}
              />
              <Select
                label="Risk"
                name="pick.risk"
                placeholder="Choose"
                defaultValue={detail(piece.details, "risk")}
                options={["low", "medium", "high"].map((r) => ({
                  value: r,
                  label: r[0]?.toUpperCase() + r.slice(1),
                }))}
                error={errors["pick.risk"]}
              />
              <Select
                label="Horizon"
                name="pick.horizon"
                placeholder="Choose"
                defaultValue={detail(piece.details, "horizon")}
                options={[
                  { value: "short", label: "Short (weeks)" },
                  { value: "medium", label: "Medium (months)" },
                  { value: "long", label: "Long (a year or more)" },
                ]}
                error={errors["pick.horizon"]}
              />
              <p className="text-sm text-muted sm:col-span-3">
                The entry price is taken from our price feed when the piece is published — it is never typed.
              </p>
            </fieldset>
          ) : null}
          {piece.kind === "setup" ? <SetupFields details={piece.details} errors={errors} /> : null}
          <div className="space-y-1.5">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <label htmlFor="studio-body" className="block text-sm font-medium text-ink">
                Text (Markdown)
              </label>
              <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 text-sm font-medium text-ink focus-within:outline-2 focus-within:outline-focus hover:bg-subtle">
                <ImagePlus aria-hidden className="size-4" />
                {upload.state === "submitting" ? "Uploading…" : "Add an image"}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  className="sr-only"
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    if (!file) return;
                    const data = new FormData();
                    data.set("image", file);
                    upload.submit(data, {
                      method: "post",
                      action: "/studio/images",
                      encType: "multipart/form-data",
                    });
                    e.currentTarget.value = "";
                  }}
                />
              </label>
            </div>
            <textarea
              id="studio-body"
              ref={bodyRef}
              name="body"
              rows={18}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby="studio-body-hint"
              className="block w-full rounded-md border border-line bg-surface px-3 py-2.5 font-mono text-sm text-ink focus:border-brand focus:outline-2 focus:outline-focus aria-invalid:border-negative"
            />
            <p id="studio-body-hint" className="text-sm text-muted">
              Headings (<code>## Heading</code>), tables, links and images. A chart of our market data:{" "}
              <code>{"{{chart BTC 90d}}"}</code> on a line of its own (7d, 30d, 90d or 1y). HTML is shown as
              text.
            </p>
            <FieldError message={errors.body ?? upload.data?.error} />
          </div>
          <CheckboxGroup
            legend="Assets it is about"
            name="assets"
            options={PICKABLE_ASSETS}
            checked={piece.assets}
            error={errors.assets}
          />
          <Field
            label="Topics"
            name="topics"
            defaultValue={piece.topics.join(", ")}
            hint="Short words separated by commas, such as defi, etf, macro."
            error={errors.topics}
          />
          <fieldset
            className="space-y-2"
            aria-describedby={errors.holdings ? "studio-holdings-error" : undefined}
          >
            <legend className="text-sm font-medium text-ink">Your holdings (shown with the piece)</legend>
            {(["none", "some"] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="holdings"
                  value={choice}
                  checked={holding === choice}
                  onChange={() => setHolding(choice)}
                  className="size-4 accent-brand"
                />
                {choice === "none" ? "I hold none of the assets mentioned" : "I hold some of them:"}
              </label>
            ))}
            <CheckboxGroup
              legend={<span className="sr-only">Assets you hold</span>}
              name="held"
              options={PICKABLE_ASSETS}
              checked={piece.held && !piece.held.none ? piece.held.assets : []}
              disabled={holding !== "some"}
            />
            <FieldError id="studio-holdings-error" message={errors.holdings} />
          </fieldset>
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="premium"
              defaultChecked={piece.premium}
              className="size-4 accent-brand"
            />
            Premium: only members with Premium read past the summary
          </label>
          {result && !result.ok ? (
            <p
              role="alert"
              className="rounded-md bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
            >
              {result.message}
            </p>
          ) : null}
          {result?.ok && result.saved ? (
            <p role="status" className="text-sm text-positive">
              Draft saved.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              Save draft
            </Button>
            <Button type="submit" name="intent" value="submit" disabled={busy}>
              Send for review
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="lg:sticky lg:top-4 lg:self-start">
        <CardHeader
          title="Preview"
          action={preview.state !== "idle" ? <span className="text-xs text-muted">Updating…</span> : null}
        />
        <div className="space-y-4 p-5">
          <RenderedBody html={preview.data?.html ?? ""} label="Preview of the text" />
          <p className="border-t border-line pt-3 text-xs text-muted">{NOT_ADVICE_NOTICE}</p>
        </div>
      </Card>
    </div>
  );
}

import { FileUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { AccountsAnswer, ImportRow, PreviewView } from "~/domain/portfolio/outside/views.ts";
import { Badge, type BadgeTone } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { EmptyState } from "../empty-state.tsx";
import { FieldError, inputClass } from "../field.tsx";
import { Select } from "../select.tsx";
import { Table, Td, Th } from "../table.tsx";
import { ConfirmDelete, Done, utc } from "./confirm-delete.tsx";

const STATUS: Readonly<Record<PreviewView["rows"][number]["status"], { label: string; tone: BadgeTone }>> =
  Object.freeze({
    new: { label: "New", tone: "positive" },
    duplicate: { label: "Duplicate", tone: "neutral" },
    error: { label: "Error", tone: "negative" },
    ignored: { label: "Left out", tone: "warning" },
  });

/** CSV import: choose the exchange and the file, see the preview, import; and the import history. */
export function ImportCard({
  presets,
  imports,
  answer,
}: {
  presets: { source: string; label: string; howTo: string }[];
  imports: ImportRow[];
  answer: AccountsAnswer | undefined;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors =
    answer && !answer.ok && (answer.intent === "preview" || answer.intent === "import") ? answer.errors : {};
  const historyError =
    answer && !answer.ok && answer.intent === "delete-import" ? answer.errors.form : undefined;
  const preview = answer?.ok && answer.intent === "preview" ? answer.preview : undefined;
  return (
    <Card>
      <CardHeader title="Import from an exchange" />
      <div className="space-y-4 p-5">
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          {presets.map((p) => (
            <li key={p.source}>{p.howTo}</li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="preview" />
          <Select
            label="Exchange and file type"
            name="source"
            options={presets.map((p) => ({ value: p.source, label: p.label }))}
            error={errors.source}
          />
          <div className="space-y-1.5">
            <label htmlFor="import-file" className="block text-sm font-medium text-ink">
              CSV file (up to 1 MB, 5,000 lines)
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className={`${inputClass} py-2`}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? "import-file-error" : undefined}
            />
            <FieldError id="import-file-error" message={errors.file} />
          </div>
          <div className="space-y-2 sm:col-span-2">
            <Done answer={answer} intents={["import", "delete-import"]} />
            <Button type="submit" variant="secondary" disabled={busy("preview")}>
              {busy("preview") ? "Reading…" : "Preview"}
            </Button>
          </div>
        </Form>
      </div>
      {preview ? <ImportPreview preview={preview} busy={busy("import")} /> : null}
      <div className="border-t border-line">
        <h3 className="px-5 pt-4 text-sm font-semibold text-ink">Imported files</h3>
        {historyError ? (
          <div className="px-5 pt-2">
            <FieldError message={historyError} />
          </div>
        ) : null}
        {imports.length === 0 ? (
          <EmptyState icon={FileUp} title="No files imported yet" headingLevel={3}>
            Nothing is stored until you confirm the preview.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Imported files">
            {imports.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-ink">
                    {i.sourceLabel} · <span className="break-all">{i.fileName}</span>
                  </p>
                  <p className="text-muted">
                    {utc(i.at)} · {i.rowsAdded} added, {i.rowsSkipped} skipped
                  </p>
                </div>
                <ConfirmDelete
                  intent="delete-import"
                  id={i.id}
                  name={`import ${i.fileName}`}
                  confirmLabel="Yes, delete import"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function ImportPreview({ preview, busy }: { preview: PreviewView; busy: boolean }) {
  return (
    <section aria-labelledby="import-preview-heading" className="space-y-3 border-t border-line py-4">
      <div className="px-5">
        <h3 id="import-preview-heading" className="font-semibold text-ink">
          Preview of {preview.fileName}
        </h3>
        <p className="text-sm text-muted" aria-live="polite">
          {preview.newCount} new, {preview.duplicateCount} duplicate, {preview.errorCount} with errors,{" "}
          {preview.ignoredCount} left out. Nothing is stored yet.
        </p>
      </div>
      <Table caption={`Preview of ${preview.fileName} (${preview.sourceLabel}), line by line`}>
        <thead>
          <tr>
            <Th>Line</Th>
            <Th>Status</Th>
            <Th>Transaction or reason</Th>
            <Th>Date</Th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => (
            <tr key={r.line}>
              <Td className="tabular-nums">{r.line}</Td>
              <Td>
                <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
              </Td>
              <Td className="min-w-56">{r.text}</Td>
              <Td className="whitespace-nowrap">{r.at ? utc(r.at) : ""}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form method="post" className="flex flex-wrap items-center gap-3 px-5">
        <input type="hidden" name="intent" value="import" />
        <input type="hidden" name="source" value={preview.source} />
        <input type="hidden" name="fileName" value={preview.fileName} />
        <input type="hidden" name="fileText" value={preview.text} />
        <Button type="submit" disabled={busy || preview.newCount === 0}>
          {busy ? "Importing…" : `Import ${preview.newCount} transaction${preview.newCount === 1 ? "" : "s"}`}
        </Button>
        {preview.newCount === 0 ? (
          <p className="text-sm text-muted">Nothing new to import from this file.</p>
        ) : null}
      </Form>
    </section>
  );
}

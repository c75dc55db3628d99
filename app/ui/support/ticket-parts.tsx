import { FileText, Paperclip } from "lucide-react";
import { useId } from "react";
import { formatDateTime } from "~/domain/dates.ts";
import type { SupportStatus, ThreadMessage } from "~/domain/support/rules.ts";
import { STAFF_STATUS_LABELS, STATUS_LABELS } from "~/domain/support/rules.ts";
import { Badge, type BadgeTone } from "../badge.tsx";
import { cn } from "../cn.ts";
import { FieldError } from "../field.tsx";

const STATUS_TONES: Readonly<Record<SupportStatus, BadgeTone>> = Object.freeze({
  open: "brand",
  waiting: "warning",
  resolved: "positive",
  closed: "neutral",
});

export function TicketStatus({ status, staff = false }: { status: SupportStatus; staff?: boolean }) {
  return <Badge tone={STATUS_TONES[status]}>{(staff ? STAFF_STATUS_LABELS : STATUS_LABELS)[status]}</Badge>;
}

function sizeLabel(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A ticket's messages, oldest first; staff's internal notes marked as such (staff pages only get them). */
export function Thread({ messages, viewer }: { messages: ThreadMessage[]; viewer: "member" | "staff" }) {
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {messages.map((m) => {
        const fromStaff = m.author === "staff";
        const who =
          m.author === "staff"
            ? viewer === "staff" && m.authorName
              ? m.authorName
              : "Coinlens support"
            : m.author === "visitor"
              ? "Visitor"
              : viewer === "member"
                ? "You"
                : (m.authorName ?? "Member");
        return (
          <li
            key={m.id}
            className={cn(
              "rounded-lg border p-4",
              m.internal
                ? "border-warning/40 bg-warning-soft"
                : fromStaff
                  ? "border-brand/30 bg-brand-soft/40"
                  : "border-line bg-surface",
            )}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm font-semibold text-ink">
                {who}
                {m.internal ? (
                  <span className="ml-2 text-xs font-semibold text-warning">Internal note</span>
                ) : null}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
            </div>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm text-ink">{m.body}</p>
            {m.files.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
                {m.files.map((f) => (
                  <li key={f.id}>
                    <a
                      href={`/support/attachments/${f.id}`}
                      className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm text-ink hover:bg-subtle"
                    >
                      {f.contentType === "application/pdf" ? (
                        <FileText aria-hidden className="size-4 text-muted" />
                      ) : (
                        <Paperclip aria-hidden className="size-4 text-muted" />
                      )}
                      {f.fileName}
                      <span className="text-xs text-muted">({sizeLabel(f.size)})</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export function MessageBox({
  label,
  error,
  defaultValue,
  rows = 5,
}: {
  label: string;
  error?: string | undefined;
  defaultValue?: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name="message"
        rows={rows}
        maxLength={5000}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted/80 focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-focus aria-invalid:border-negative"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FilesInput({ error }: { error?: string | undefined }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Attachments <span className="font-normal text-muted">(optional)</span>
      </label>
      <input
        id={id}
        type="file"
        name="files"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line file:bg-subtle file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        Up to 3 images (PNG, JPEG, GIF, WebP) or PDFs, 5 MB each. Never send your password, codes or seed
        phrase.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import type { DataExportView } from "~/domain/account-data/exports.server.ts";
import { Badge, type BadgeTone } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { formatDate, SectionTitle, useBusy } from "./parts.tsx";

export interface DataAnswer {
  error?: string;
  success?: string;
}

const STATUS: Record<DataExportView["status"], { label: string; tone: BadgeTone }> = Object.freeze({
  queued: { label: "Being prepared", tone: "warning" },
  ready: { label: "Ready", tone: "positive" },
  failed: { label: "Failed", tone: "negative" },
  expired: { label: "Expired", tone: "neutral" },
});

export function sizeText(bytes: number | null) {
  if (bytes === null) return "";
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;
}

export function ExportStatus({ status }: { status: DataExportView["status"] }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "Download all my data": what it holds, the button, and the last few requests. */
export function DataCard({
  exports,
  exportDays,
  answer,
}: {
  exports: DataExportView[];
  exportDays: number;
  answer: DataAnswer | undefined;
}) {
  const busy = useBusy();
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={Download} text="Download all my data" />} />
      <div className="space-y-4 p-5 text-sm">
        {answer?.error ? (
          <p
            role="alert"
            className="rounded-md border border-negative/30 bg-negative-soft px-3 py-2 font-medium text-negative"
          >
            {answer.error}
          </p>
        ) : null}
        {answer?.success ? (
          <p role="status" className="rounded-md bg-positive-soft px-3 py-2 font-medium text-positive">
            {answer.success}
          </p>
        ) : null}
        <p className="text-muted">
          One ZIP file with everything your account holds, as JSON and as CSV files: your profile and
          settings, balances and every transaction, deposits, withdrawals, stakes, swaps, membership and
          invoices, watchlists and alerts, holdings you track outside, support requests, devices and security
          events.
        </p>
        <p className="text-muted">
          We prepare it in the background and e-mail you a link. The link works for{" "}
          {exportDays === 1 ? "1 day" : `${exportDays} days`}, only for you, signed in. You can ask once an
          hour.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="data-export" />
          <Button type="submit" busy={busy("data-export")} busyLabel="Asking...">
            Prepare my data
          </Button>
        </Form>
        {exports.length > 0 ? (
          <div>
            <h3 className="mb-2 font-semibold text-ink">Your recent requests</h3>
            <ul className="divide-y divide-line rounded-md border border-line">
              {exports.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>
                    Asked {formatDate(e.requestedAt)}
                    {e.status === "ready" && e.expiresAt ? (
                      <span className="block text-xs text-muted">
                        Until {formatDate(e.expiresAt)} · {sizeText(e.size)}
                      </span>
                    ) : null}
                  </span>
                  <span className="flex items-center gap-3">
                    <ExportStatus status={e.status} />
                    {e.status === "ready" ? (
                      <Link
                        to={`/settings/data/${e.id}`}
                        className="font-medium text-brand hover:underline"
                        aria-label={`Open the file asked for ${formatDate(e.requestedAt)}`}
                      >
                        Open
                      </Link>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

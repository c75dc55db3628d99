// /admin/deposits' bank side (ADR 0055 addendum): record an incoming transfer for a second admin
// to approve, typed or picked from an imported bank statement. Nothing here moves money.
import { Form, Link } from "react-router";
import { Button } from "../button.tsx";
import { Card } from "../card.tsx";
import { Field, FieldError } from "../field.tsx";
import { Table, Td, Th } from "../table.tsx";

type BankField = "reference" | "amount" | "bankTransactionId" | "note";

export interface ImportReport {
  skipped: { line: number; reason: string }[];
  errors: { line: number; message: string }[];
}

export interface OpenLine {
  id: string;
  bookedOn: string;
  bankTransactionId: string;
  amount: string;
  reference: string;
  description: string;
  memberEmail: string | null;
  own: boolean;
}

function AwaitingNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-2 text-sm text-ink">
      {count === 1 ? "1 recorded transfer awaits" : `${count} recorded transfers await`} a second admin.{" "}
      <Link to="/admin/approvals" className="font-semibold text-brand underline">
        Approvals
      </Link>
    </p>
  );
}

export function BankTransferForm({
  formKey,
  awaitingApproval,
  failed,
  busy,
}: {
  formKey: string;
  awaitingApproval: number;
  failed?: { errors: Partial<Record<BankField, string>>; values: Record<string, string> } | undefined;
  busy: boolean;
}) {
  return (
    <Card className="p-5">
      <h2 id="bank-credit-title" className="font-semibold text-ink">
        Record a bank transfer
      </h2>
      <p className="mt-1 text-sm text-muted">
        Enter the transfer as the bank shows it. Nothing is credited until a second admin approves it, and
        nobody records or approves a transfer to their own account.
      </p>
      <AwaitingNote count={awaitingApproval} />
      <Form
        method="post"
        noValidate
        aria-labelledby="bank-credit-title"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="bank" />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label="Member reference"
          name="reference"
          placeholder="CL-XXXX-XXXX"
          autoComplete="off"
          defaultValue={failed?.values.reference}
          error={failed?.errors.reference}
        />
        <Field
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={failed?.values.amount}
          error={failed?.errors.amount}
        />
        <Field
          label="Bank transaction id"
          name="bankTransactionId"
          autoComplete="off"
          defaultValue={failed?.values.bankTransactionId}
          error={failed?.errors.bankTransactionId}
        />
        <Field
          label="Note (optional)"
          name="note"
          autoComplete="off"
          defaultValue={failed?.values.note}
          error={failed?.errors.note}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy} busyLabel="Recording…">
            Record transfer
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export function StatementImportForm({
  error,
  report,
  busy,
}: {
  error?: string | undefined;
  report?: ImportReport | undefined;
  busy: boolean;
}) {
  const problems = [
    ...(report?.errors ?? []).map((e) => ({ line: e.line, text: e.message, kind: "error" as const })),
    ...(report?.skipped ?? []).map((s) => ({
      line: s.line,
      text: `skipped: ${s.reason}`,
      kind: "skipped" as const,
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <>
      <h2 id="statement-title" className="font-semibold text-ink">
        Bank statement
      </h2>
      <p className="mt-1 text-sm text-muted">
        Import the bank's CSV export (columns: date, transaction id, amount, reference; optional currency and
        description), then record a transfer from its line: the amount, reference and transaction id are the
        bank's.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        aria-labelledby="statement-title"
        className="mt-4 flex flex-wrap items-start gap-3"
      >
        <input type="hidden" name="intent" value="import" />
        <div className="min-w-64 flex-1 space-y-1.5">
          <label htmlFor="statement-file" className="block text-sm font-medium text-ink">
            CSV file (at most 1 MB)
          </label>
          <input
            id="statement-file"
            name="statement"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "statement-file-error" : undefined}
            className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink file:mr-3 file:rounded file:border-0 file:bg-subtle file:px-3 file:py-1.5 file:font-medium file:text-ink"
          />
          <FieldError id="statement-file-error" message={error} />
        </div>
        <Button type="submit" variant="secondary" className="sm:mt-7" busy={busy} busyLabel="Importing…">
          Import statement
        </Button>
      </Form>
      {problems.length > 0 ? (
        <div className="mt-3 rounded-md border border-line bg-subtle px-4 py-3 text-sm" role="status">
          <p className="font-medium text-ink">Lines not imported</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
            {problems.map((p) => (
              <li key={`${p.kind}-${p.line}`}>
                Line {p.line}: {p.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function OpenStatementLines({
  lines,
  formKey,
  busyLineId,
}: {
  lines: OpenLine[];
  formKey: string;
  busyLineId: string | null;
}) {
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-ink">Incoming transfers not yet recorded</h3>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None: every imported transfer has been recorded.</p>
      ) : (
        <div className="mt-2 rounded-md border border-line">
          {/* Wide enough to read; on a phone it scrolls sideways inside its card (ui/table.tsx). */}
          <Table
            caption="Incoming transfers from imported bank statements, not yet recorded"
            className="min-w-[52rem]"
          >
            <thead>
              <tr>
                <Th>Booked</Th>
                <Th>Transaction id</Th>
                <Th className="text-right">Amount (USD)</Th>
                <Th>Reference</Th>
                <Th>Member</Th>
                <Th>
                  <span className="sr-only">Action</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id} data-testid={`statement-line-${l.bankTransactionId}`}>
                  <Td className="whitespace-nowrap tabular-nums">{l.bookedOn}</Td>
                  <Td className="font-mono text-xs whitespace-nowrap">{l.bankTransactionId}</Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{l.amount}</Td>
                  <Td>
                    <span className="block font-mono text-xs">{l.reference}</span>
                    {l.description ? <span className="block text-xs text-muted">{l.description}</span> : null}
                  </Td>
                  <Td className="min-w-44 text-sm">
                    {l.memberEmail ? (
                      <span className="wrap-anywhere">{l.memberEmail}</span>
                    ) : (
                      <span className="text-muted">No member has this reference</span>
                    )}
                  </Td>
                  <Td>
                    {l.own ? (
                      <span className="block min-w-32 text-xs text-muted">
                        Your own account: another admin records it
                      </span>
                    ) : l.memberEmail ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="record-line" />
                        <input type="hidden" name="key" value={formKey} />
                        <input type="hidden" name="lineId" value={l.id} />
                        <Button
                          type="submit"
                          size="sm"
                          busy={busyLineId === l.id}
                          busyLabel="Recording…"
                          aria-label={`Record transfer ${l.bankTransactionId}`}
                        >
                          Record
                        </Button>
                      </Form>
                    ) : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}

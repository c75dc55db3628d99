import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { parseBankStatement, STATEMENT_MAX_BYTES } from "~/domain/approvals/bank-statement.ts";
import type { StaffActor } from "~/domain/approvals/four-eyes.ts";
import { proposeBankCredit } from "~/domain/approvals/manual-entries.server.ts";
import { listProposedEntries } from "~/domain/approvals/records.server.ts";
import {
  importStatementLines,
  listOpenStatementLines,
  proposeBankCreditFromLine,
} from "~/domain/approvals/statement-lines.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import {
  type BankCreditField,
  type FieldErrors,
  parseBankCreditForm,
  parseDecisionForm,
  parseFormKey,
} from "~/domain/deposits/admin-forms.ts";
import { listDepositQueue } from "~/domain/deposits/deposits.server.ts";
import { decideDeposit } from "~/domain/deposits/review.server.ts";
import { formValues, parseId } from "~/domain/forms.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import {
  BankTransferForm,
  type ImportReport,
  OpenStatementLines,
  StatementImportForm,
} from "~/ui/admin/bank-transfers.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/deposits";
import { AdminErrorBoundary, ReadOnlyNote } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Deposits · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { session, adminId } = await requirePaymentPermission(args, "read:deposit:any");
  const role = session.user.role;
  // What this staff member may do: support reads the queue to answer members but moves no money,
  // so the forms are not shown to them (the action checks again, whatever the page shows).
  const can = {
    credit: hasPermission(role, "credit:deposit:any"),
    reject: hasPermission(role, "reject:deposit:any"),
  };
  const db = getDb();
  const [deposits, lines, awaiting] = await Promise.all([
    listDepositQueue(db, ["detected", "confirming"]),
    can.credit ? listOpenStatementLines(db) : [],
    can.credit ? listProposedEntries(db, ["bank-credit"]) : [],
  ]);
  return {
    can,
    // A new key per render: a double submit of one form records once (ADR 0055 addendum).
    formKey: randomUUID(),
    awaitingApproval: awaiting.length,
    lines: lines.map((l) => ({
      id: l.id.toString(),
      bookedOn: l.bookedOn,
      bankTransactionId: l.bankTransactionId,
      amount: formatAmount(l.amountMinor, "USD", { grouping: true, minDecimals: 2 }),
      reference: l.reference,
      description: l.description,
      memberEmail: l.memberEmail,
      own: l.memberId === adminId,
    })),
    deposits: deposits.map((d) => ({
      id: d.id.toString(),
      userId: d.userId,
      memberEmail: d.memberEmail,
      // Nobody decides on their own deposit: the page says so, and the server refuses it anyway.
      own: d.userId === adminId,
      asset: d.asset,
      amount: d.amount === null ? "—" : formatAmount(d.amount, d.asset, { grouping: true }),
      status:
        d.status === "confirming"
          ? `Confirming ${d.confirmations} of ${d.requiredConfirmations}`
          : "Detected",
      txid: d.txid,
      address: d.address,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

type ActionData =
  /** `done` changes on every success, so the forms remount empty (no second record by habit). */
  | { ok: true; message: string; done: string; report?: ImportReport }
  /** The deposit changed under the admin (already credited or rejected …): said at the top. */
  | { ok: false; message: string }
  | { ok: false; form: "bank"; errors: FieldErrors<BankCreditField>; values: Record<string, string> }
  | { ok: false; form: "import"; errors: { statement?: string } }
  | {
      ok: false;
      form: "decision";
      depositId: string;
      errors: FieldErrors<"note">;
      values: Record<string, string>;
    };

const RECORDED = "Recorded. Nothing is credited until a second admin approves it under Approvals.";
const REPLAYED = "This transfer was already recorded; nothing changed.";

export async function action(args: Route.ActionArgs) {
  // Staff with two-factor and deposit access at all, before reading anything the request sent.
  await requirePaymentPermission(args, "read:deposit:any");
  const form = await args.request.formData();
  const values = formValues(form);
  if (values.intent === "bank" || values.intent === "import" || values.intent === "record-line") {
    const { adminId, ip, userAgent } = await requirePaymentPermission(args, "credit:deposit:any");
    const actor = { adminId, ip, userAgent };
    if (values.intent === "import") return importStatement(actor, form.get("statement"));
    const key = parseFormKey(values.key);
    if (!key) throw data({ message: "Reload the page and try again." }, { status: 400 });
    if (values.intent === "record-line") return recordStatementLine(actor, key, values.lineId);
    return recordBankTransfer(actor, key, values);
  }
  const parsed = parseDecisionForm(values);
  if (parsed === null) return data<ActionData>({ ok: false, message: "No such deposit." }, 404);
  // The permission for this decision before any answer about its fields.
  const { adminId, ip, userAgent } = await requirePaymentPermission(
    args,
    values.intent === "credit" ? "credit:deposit:any" : "reject:deposit:any",
  );
  if (!parsed.ok) {
    return data<ActionData>(
      { ok: false, form: "decision", depositId: values.depositId ?? "", errors: parsed.errors, values },
      400,
    );
  }
  const result = await decideDeposit(getDb(), { adminId, ip, userAgent }, parsed.value);
  if (!result.ok) return data<ActionData>({ ok: false, message: result.message }, result.status);
  return data<ActionData>({ ok: true, done: randomUUID(), message: result.message });
}

/** `done` changes on every success, so the forms remount empty. */
const recorded = (replayed: boolean | undefined) =>
  data<ActionData>({ ok: true, done: randomUUID(), message: replayed ? REPLAYED : RECORDED });

async function importStatement(actor: StaffActor, file: FormDataEntryValue | null) {
  if (!(file instanceof File) || file.size === 0)
    return data<ActionData>({ ok: false, form: "import", errors: { statement: "Choose a CSV file." } }, 400);
  if (file.size > STATEMENT_MAX_BYTES)
    return data<ActionData>(
      { ok: false, form: "import", errors: { statement: "The file is larger than 1 MB." } },
      400,
    );
  const parsed = parseBankStatement(await file.text());
  if (!parsed.ok)
    return data<ActionData>({ ok: false, form: "import", errors: { statement: parsed.message } }, 400);
  const stored = await importStatementLines(getDb(), actor, parsed.lines);
  return data<ActionData>({
    ok: true,
    done: randomUUID(),
    message: `Imported ${stored.imported} incoming transfer${stored.imported === 1 ? "" : "s"}${
      stored.alreadyImported ? ` (${stored.alreadyImported} already imported)` : ""
    }.`,
    report: { skipped: parsed.skipped, errors: parsed.errors },
  });
}

async function recordStatementLine(actor: StaffActor, key: string, lineIdValue: string | undefined) {
  const lineId = parseId(lineIdValue);
  if (lineId === null) return data<ActionData>({ ok: false, message: "No such bank statement line." }, 404);
  const result = await proposeBankCreditFromLine(getDb(), actor, {
    lineId,
    idempotencyKey: `${key}:line:${lineId}`,
  });
  if (!result.ok) return data<ActionData>({ ok: false, message: result.message }, result.status);
  return recorded(result.replayed);
}

async function recordBankTransfer(actor: StaffActor, key: string, values: Record<string, string>) {
  const parsed = parseBankCreditForm(values);
  if (!parsed.ok) return data<ActionData>({ ok: false, form: "bank", errors: parsed.errors, values }, 400);
  const result = await proposeBankCredit(getDb(), actor, {
    reference: parsed.value.reference,
    amountMinor: parsed.value.amountMinor,
    bankTransactionId: parsed.value.bankTransactionId,
    note: parsed.value.note,
    idempotencyKey: `${key}:bank`,
  });
  if (result.ok) return recorded(result.replayed);
  // A refusal about one field is said beside it; anything else (a form sent twice with other
  // values) at the top.
  if (!result.field) return data<ActionData>({ ok: false, message: result.message }, result.status);
  const field = result.field as BankCreditField;
  return data<ActionData>(
    { ok: false, form: "bank", errors: { [field]: result.message }, values },
    result.status,
  );
}

export default function AdminDeposits({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const bankBusy = submitting?.get("intent") === "bank";
  const bank = actionData && "form" in actionData && actionData.form === "bank" ? actionData : undefined;
  const decision =
    actionData && "form" in actionData && actionData.form === "decision" ? actionData : undefined;
  const imported =
    actionData && "form" in actionData && actionData.form === "import" ? actionData : undefined;
  const banner = actionData && "message" in actionData ? actionData : undefined;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Deposits</h1>
        <p className="text-sm text-muted">
          Record bank transfers for a second admin to approve; credit early or reject chain deposits, with a
          note.
        </p>
      </header>
      {banner ? (
        <p role="status" className={banner.ok ? "font-medium text-positive" : "font-medium text-negative"}>
          {banner.message}
        </p>
      ) : null}
      {loaderData.can.credit || loaderData.can.reject ? null : (
        <ReadOnlyNote>
          Your role can view this queue to answer members; only an administrator can credit or reject a
          deposit.
        </ReadOnlyNote>
      )}
      {loaderData.can.credit ? (
        <>
          <BankTransferForm
            key={banner?.ok ? banner.done : "bank"}
            formKey={loaderData.formKey}
            awaitingApproval={loaderData.awaitingApproval}
            failed={bank}
            busy={bankBusy}
          />
          <Card className="p-5">
            <StatementImportForm
              key={banner?.ok ? `import-${banner.done}` : "import"}
              error={imported?.errors.statement}
              report={banner?.ok ? banner.report : undefined}
              busy={submitting?.get("intent") === "import"}
            />
            <OpenStatementLines
              lines={loaderData.lines}
              formKey={loaderData.formKey}
              busyLineId={
                submitting?.get("intent") === "record-line" ? String(submitting.get("lineId")) : null
              }
            />
          </Card>
        </>
      ) : null}
      <ChainDeposits
        deposits={loaderData.deposits}
        can={loaderData.can}
        decision={decision}
        submitting={submitting}
      />
    </div>
  );
}

type DepositsPage = Route.ComponentProps["loaderData"];
type DecisionFailure = Extract<ActionData, { form: "decision" }>;

/** The chain deposits detected or confirming, each with its credit or reject form. */
function ChainDeposits({
  deposits,
  can,
  decision,
  submitting,
}: {
  deposits: DepositsPage["deposits"];
  can: DepositsPage["can"];
  decision: DecisionFailure | undefined;
  submitting: FormData | undefined;
}) {
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-ink">Chain deposits awaiting confirmations</h2>
      <p className="mt-1 text-sm text-muted">
        Each decision needs a note: why you credit a deposit early, or the reason the member reads in the
        e-mail if you reject it.
      </p>
      {deposits.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing is waiting.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {deposits.map((d) => (
            <ChainDeposit
              key={d.id}
              d={d}
              can={can}
              failed={decision?.depositId === d.id ? decision : undefined}
              busy={submitting?.get("depositId") === d.id ? String(submitting.get("intent")) : ""}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ChainDeposit({
  d,
  can,
  failed,
  busy,
}: {
  d: DepositsPage["deposits"][number];
  can: DepositsPage["can"];
  failed: DecisionFailure | undefined;
  /** The intent being submitted for this deposit, "" when none. */
  busy: string;
}) {
  return (
    <li className="space-y-2 py-4" data-testid={`deposit-${d.id}`}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold text-ink">
          {d.amount} {d.asset}
        </span>
        <Badge tone="warning">{d.status}</Badge>
        <span className="text-muted">{formatDateTime(d.createdAt)}</span>
      </div>
      <p className="text-sm">
        <Link
          to={`/admin/members/${encodeURIComponent(d.userId)}`}
          className="font-medium text-brand hover:underline"
        >
          {d.memberEmail || d.userId}
        </Link>
      </p>
      <p className="font-mono text-xs break-all text-muted">
        {d.txid} to {d.address}
      </p>
      {d.own ? (
        <ReadOnlyNote>Your own deposit: another admin must decide on it.</ReadOnlyNote>
      ) : can.credit || can.reject ? (
        <Form method="post" noValidate className="flex flex-wrap items-start gap-2">
          <input type="hidden" name="depositId" value={d.id} />
          <Field
            label="Note"
            name="note"
            className="min-w-56 flex-1"
            autoComplete="off"
            defaultValue={failed?.values.note}
            error={failed?.errors.note}
          />
          {/* Level with the input (the label's line sits above it), not with an error below it. */}
          <div className="flex gap-2 sm:pt-[30px]">
            {can.credit ? (
              <Button
                type="submit"
                name="intent"
                value="credit"
                size="sm"
                busy={busy === "credit"}
                busyLabel="Crediting…"
                disabled={busy !== ""}
              >
                Credit
              </Button>
            ) : null}
            {can.reject ? (
              <Button
                type="submit"
                name="intent"
                value="reject"
                size="sm"
                variant="danger"
                busy={busy === "reject"}
                busyLabel="Rejecting…"
                disabled={busy !== ""}
              >
                Reject
              </Button>
            ) : null}
          </div>
        </Form>
      ) : null}
    </li>
  );
}

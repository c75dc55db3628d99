import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { approveManualEntry, declineManualEntry } from "~/domain/approvals/decisions.server.ts";
import { fourEyesMessages } from "~/domain/approvals/four-eyes.ts";
import type { ManualEntryKind } from "~/domain/approvals/manual-entry.ts";
import { getManualEntry, listProposedEntries } from "~/domain/approvals/records.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { formValues, parseId } from "~/domain/forms.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import type { Permission } from "~/domain/payments/permissions.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/approvals";
import { AdminErrorBoundary, ReadOnlyNote } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

// /admin/approvals (ADR 0055 addendum): money made by hand — bank credits and fundings of rewards
// pools and treasuries — waits here for a second admin. Approving posts it; declining records why.

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Approvals · Admin" }, { name: "robots", content: "noindex" }];

/** Each kind is approved under the permission that would have let one admin do it before. */
const PERMISSION: Record<ManualEntryKind, Permission> = {
  "bank-credit": "credit:deposit:any",
  "rewards-pool": "fund:rewards-pool:any",
  treasury: "fund:treasury:any",
};

const KIND_LABEL: Record<ManualEntryKind, string> = {
  "bank-credit": "Bank transfer credit",
  "rewards-pool": "Rewards pool funding",
  treasury: "Treasury funding",
};

export async function loader(args: Route.LoaderArgs) {
  const { adminId } = await requirePaymentPermission(args, "read:approval:any");
  const entries = await listProposedEntries(getDb());
  return {
    entries: entries.map((e) => ({
      id: e.id.toString(),
      kind: e.kind,
      label: KIND_LABEL[e.kind],
      ledger: e.ledger,
      amount: `${formatAmount(e.amountMinor, e.asset, { grouping: true })} ${e.asset}`,
      memberEmail: e.memberEmail,
      bankReference: e.bankReference,
      bankTransactionId: e.bankTransactionId,
      fromStatement: e.statementLineId !== null,
      note: e.note,
      proposedByEmail: e.proposedByEmail,
      proposedAt: e.proposedAt.toISOString(),
      // What the server will refuse, said in advance (the action checks again).
      blocked:
        e.proposedBy === adminId
          ? "You recorded this: a second, different admin must approve or decline it."
          : e.memberId === adminId
            ? fourEyesMessages.ownMoney
            : null,
    })),
  };
}

type ActionData =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      entryId?: string;
      errors?: { reason?: string };
      values?: { reason?: string };
    };

export async function action(args: Route.ActionArgs) {
  await requirePaymentPermission(args, "read:approval:any");
  const form = formValues(await args.request.formData());
  const id = parseId(form.entryId);
  if (id === null) return data<ActionData>({ ok: false, message: "No such entry awaiting approval." }, 404);
  const db = getDb();
  // The kind decides the permission: look it up before acting (the domain re-reads under a lock).
  const entry = await getManualEntry(db, id);
  if (!entry) return data<ActionData>({ ok: false, message: "No such entry awaiting approval." }, 404);
  const { adminId, ip, userAgent } = await requirePaymentPermission(args, PERMISSION[entry.kind]);
  const actor = { adminId, ip, userAgent };
  if (form.intent === "approve") {
    const result = await approveManualEntry(db, actor, id);
    if (!result.ok) return data<ActionData>({ ok: false, message: result.message }, result.status);
    return data<ActionData>({
      ok: true,
      message:
        entry.kind === "bank-credit"
          ? `Approved: ${formatAmount(entry.amountMinor, "USD", { grouping: true })} USD credited to ${entry.memberEmail}, who has been e-mailed.`
          : `Approved: the ${entry.ledger} ${entry.asset} ${entry.kind === "treasury" ? "treasury" : "rewards pool"} is funded.`,
    });
  }
  if (form.intent === "decline") {
    const result = await declineManualEntry(db, actor, id, form.reason ?? "");
    if (!result.ok) {
      return data<ActionData>(
        {
          ok: false,
          message: result.field ? "" : result.message,
          entryId: form.entryId,
          errors: result.field ? { reason: result.message } : {},
          values: { reason: form.reason ?? "" },
        },
        result.field ? 400 : result.status,
      );
    }
    return data<ActionData>({
      ok: true,
      message: "Declined: nothing moved, and the reason is in the audit log.",
    });
  }
  return data<ActionData>({ ok: false, message: "Unknown request." }, 400);
}

export default function AdminApprovals({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Approvals</h1>
        <p className="text-sm text-muted">
          Bank credits and fundings recorded by one admin. Each moves money only when a second, different
          admin approves it here.
        </p>
      </header>
      {actionData?.message ? (
        <p
          role="status"
          className={actionData.ok ? "font-medium text-positive" : "font-medium text-negative"}
        >
          {actionData.message}
        </p>
      ) : null}
      <Card className="p-5">
        {loaderData.entries.length === 0 ? (
          <p className="text-sm text-muted">Nothing awaits a second admin.</p>
        ) : (
          <ul className="divide-y divide-line">
            {loaderData.entries.map((e) => (
              <ProposedEntry
                key={e.id}
                e={e}
                busy={submitting?.get("entryId") === e.id ? String(submitting.get("intent")) : ""}
                declineFailed={failed?.entryId === e.id ? failed : undefined}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

type ApprovalsPage = Route.ComponentProps["loaderData"];

/** One entry awaiting a second admin: what it is, who recorded it, and approve or decline. */
function ProposedEntry({
  e,
  busy,
  declineFailed,
}: {
  e: ApprovalsPage["entries"][number];
  /** The intent being submitted for this entry, "" when none. */
  busy: string;
  declineFailed: Extract<ActionData, { ok: false }> | undefined;
}) {
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid={`approval-${e.id}`}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold text-ink">{e.amount}</span>
        <Badge tone="warning">{e.label}</Badge>
        {e.ledger === "demo" ? <Badge>Demo ledger</Badge> : null}
        {e.fromStatement ? <Badge tone="brand">Matches the bank statement</Badge> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        {e.memberEmail ? (
          <>
            <dt className="text-muted">Member</dt>
            <dd className="text-ink">
              {e.memberEmail} · <span className="font-mono text-xs">{e.bankReference}</span>
            </dd>
            <dt className="text-muted">Bank transaction</dt>
            <dd className="font-mono text-xs break-all text-ink">{e.bankTransactionId}</dd>
          </>
        ) : null}
        {e.note ? (
          <>
            <dt className="text-muted">Note</dt>
            <dd className="text-ink">{e.note}</dd>
          </>
        ) : null}
        <dt className="text-muted">Recorded by</dt>
        <dd className="text-ink">
          {e.proposedByEmail}, {formatDateTime(e.proposedAt)}
        </dd>
      </dl>
      {e.blocked ? (
        <ReadOnlyNote>{e.blocked}</ReadOnlyNote>
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <Form method="post" className="sm:pt-[30px]">
            <input type="hidden" name="entryId" value={e.id} />
            <Button
              type="submit"
              name="intent"
              value="approve"
              size="sm"
              busy={busy === "approve"}
              busyLabel="Approving…"
              disabled={busy !== ""}
              aria-label={`Approve ${e.label.toLowerCase()} of ${e.amount}`}
            >
              Approve
            </Button>
          </Form>
          <Form method="post" noValidate className="flex flex-1 flex-wrap items-start gap-2">
            <input type="hidden" name="entryId" value={e.id} />
            <Field
              label="Reason to decline"
              name="reason"
              autoComplete="off"
              className="min-w-56 flex-1"
              defaultValue={declineFailed?.values?.reason}
              error={declineFailed?.errors?.reason}
            />
            <div className="sm:pt-[30px]">
              <Button
                type="submit"
                name="intent"
                value="decline"
                size="sm"
                variant="danger"
                busy={busy === "decline"}
                busyLabel="Declining…"
                disabled={busy !== ""}
              >
                Decline
              </Button>
            </div>
          </Form>
        </div>
      )}
    </li>
  );
}

import { data, Form, Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { listWithdrawalQueue } from "~/domain/withdrawals/records.server.ts";
import { reviewWithdrawal } from "~/domain/withdrawals/review.server.ts";
import { type WithdrawalStatus, withdrawalStatusLabel } from "~/domain/withdrawals/status.ts";
import type { Withdrawal } from "~/domain/withdrawals/types.ts";
import { Badge, type BadgeTone } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/withdrawals";
import { AdminErrorBoundary, ReadOnlyNote } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Withdrawals · Admin" }, { name: "robots", content: "noindex" }];

/**
 * The queue holds only pending and approved requests; approved ones (next: send the funds) stand
 * out in the brand colour instead of the status table's warning tone.
 */
function queueBadge(status: WithdrawalStatus): { text: string; tone: BadgeTone } {
  const label = withdrawalStatusLabel(status, "staff");
  return { text: label.text, tone: status === "approved" ? "brand" : label.tone };
}

function destinationText(w: Withdrawal) {
  const d = w.destination;
  if (d.address) return d.address;
  return [d.accountHolder, d.bankName, d.account, d.swiftBic, d.payoutCurrency].filter(Boolean).join(" · ");
}

export async function loader(args: Route.LoaderArgs) {
  const { adminId, session } = await requirePaymentPermission(args, "read:withdrawal:any");
  // Unconfirmed requests (the member has not opened the e-mailed link yet) are not listed.
  const rows = await listWithdrawalQueue(getDb(), ["pending", "approved"]);
  const role = session.user.role;
  return {
    adminId,
    // Support reads the queue to answer members but moves no money: no forms for them (the action
    // checks again, whatever the page shows).
    can: {
      approve: hasPermission(role, "approve:withdrawal:any"),
      complete: hasPermission(role, "complete:withdrawal:any"),
      reject: hasPermission(role, "reject:withdrawal:any"),
    },
    withdrawals: rows.map((w) => ({
      id: w.id.toString(),
      userId: w.userId,
      memberEmail: w.memberEmail,
      // Nobody decides on their own withdrawal: the page says so, and the server refuses it anyway.
      own: w.userId === adminId,
      method: w.method,
      asset: w.asset,
      amount: formatAmount(w.amount, w.asset, { grouping: true }),
      destination: destinationText(w),
      status: w.status,
      badge: queueBadge(w.status),
      approvalsRequired: w.approvalsRequired,
      firstApprovedBy: w.firstApprovedBy,
      createdAt: w.createdAt.toISOString(),
    })),
  };
}

type ActionData = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const form = formValues(await args.request.formData());
  const intent = form.intent === "approve" || form.intent === "complete" ? form.intent : "reject";
  const permission =
    intent === "approve"
      ? "approve:withdrawal:any"
      : intent === "complete"
        ? "complete:withdrawal:any"
        : "reject:withdrawal:any";
  const { adminId, ip, userAgent } = await requirePaymentPermission(args, permission);
  const payments = getConfig().payments;
  const result = await reviewWithdrawal(
    getDb(),
    { adminId, ip, userAgent },
    {
      intent,
      withdrawalId: form.withdrawalId,
      sentReference: form.sentReference,
      reason: form.reason,
      twoAdmin: {
        thresholdUsdMinor: payments.withdrawalTwoAdminUsdMinor,
        windowHours: payments.withdrawalTwoAdminWindowHours,
      },
    },
  );
  if (!result.ok) return data<ActionData>({ ok: false, message: result.message }, result.status);
  return data<ActionData>({ ok: true, message: result.message });
}

export default function AdminWithdrawals({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Withdrawals</h1>
        <p className="text-sm text-muted">
          Approve, mark sent with the transaction id or bank reference, or reject with a reason.
        </p>
      </header>
      {actionData ? (
        <p
          role="status"
          className={actionData.ok ? "font-medium text-positive" : "font-medium text-negative"}
        >
          {actionData.message}
        </p>
      ) : null}
      {loaderData.can.approve || loaderData.can.complete || loaderData.can.reject ? null : (
        <ReadOnlyNote>
          Your role can view this queue to answer members; only an administrator can approve, mark sent or
          reject a withdrawal.
        </ReadOnlyNote>
      )}
      <Card className="p-5">
        {loaderData.withdrawals.length === 0 ? (
          <p className="text-sm text-muted">No withdrawals await review.</p>
        ) : (
          <ul className="divide-y divide-line">
            {loaderData.withdrawals.map((w) => (
              <QueuedWithdrawal key={w.id} w={w} can={loaderData.can} adminId={loaderData.adminId} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

type WithdrawalsPage = Route.ComponentProps["loaderData"];

/** One request in the queue, with the forms the admin's role allows (none on their own). */
function QueuedWithdrawal({
  w,
  can,
  adminId,
}: {
  w: WithdrawalsPage["withdrawals"][number];
  can: WithdrawalsPage["can"];
  adminId: string;
}) {
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid={`withdrawal-${w.id}`}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold text-ink">
          {w.amount} {w.asset}
        </span>
        <Badge tone={w.badge.tone}>{w.badge.text}</Badge>
        {w.approvalsRequired === 2 ? (
          <Badge>{w.firstApprovedBy ? "1 of 2 approvals" : "Needs 2 admins"}</Badge>
        ) : null}
        <span className="text-muted">{formatDateTime(w.createdAt)}</span>
      </div>
      <p className="text-sm">
        <Link
          to={`/admin/members/${encodeURIComponent(w.userId)}`}
          className="font-medium text-brand hover:underline"
        >
          {w.memberEmail || w.userId}
        </Link>
      </p>
      <p className="font-mono text-xs break-all text-muted">
        {w.method === "bank" ? "Online bank" : w.method.toUpperCase()} to {w.destination}
      </p>
      {w.own ? (
        <ReadOnlyNote>Your own withdrawal: another admin must review it.</ReadOnlyNote>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {w.status === "pending" ? (
            !can.approve ? null : (
              <Form method="post">
                <input type="hidden" name="withdrawalId" value={w.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="approve"
                  size="sm"
                  disabled={w.firstApprovedBy === adminId}
                >
                  Approve
                </Button>
              </Form>
            )
          ) : !can.complete ? null : (
            <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
              <input type="hidden" name="withdrawalId" value={w.id} />
              <Field
                label="Transaction id or bank reference"
                name="sentReference"
                required
                autoComplete="off"
                className="min-w-56 flex-1"
              />
              <Button type="submit" name="intent" value="complete" size="sm">
                Mark sent
              </Button>
            </Form>
          )}
          {can.reject ? (
            <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
              <input type="hidden" name="withdrawalId" value={w.id} />
              <Field label="Reason" name="reason" required autoComplete="off" className="min-w-56 flex-1" />
              <Button type="submit" name="intent" value="reject" size="sm" variant="danger">
                Reject
              </Button>
            </Form>
          ) : null}
        </div>
      )}
    </li>
  );
}

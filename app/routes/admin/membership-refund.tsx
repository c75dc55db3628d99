// /admin/membership/invoices/:id/refund: refund part or all of one membership payment. Up to the
// two-admin amount it is paid out at once; above it, it waits for a second admin on
// /admin/membership. Nobody refunds their own payment (ADR 0055 addendum, ADR 0070).
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { invoiceForRefund } from "~/domain/membership/admin-billing.server.ts";
import { formatInvoiceNumber } from "~/domain/membership/plans.ts";
import { proposeRefund } from "~/domain/membership/refunds.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/membership-refund";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { refundContext } from "./membership/actions.server.ts";
import { usd } from "./membership/page.server.ts";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Refund · Membership · Admin" }, { name: "robots", content: "noindex" }];

async function readInvoice(id: string) {
  const found = await invoiceForRefund(getDb(), id);
  if (!found) throw data({ message: "No such payment." }, { status: 404 });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  const { adminId } = await requirePermission(args, "refund:invoice:any");
  const { invoice, email, name, refunds } = await readInvoice(args.params.id);
  const left = invoice.amountMinor - invoice.refundedMinor;
  return {
    invoice: {
      id: invoice.id,
      number: formatInvoiceNumber(invoice.number),
      memberId: invoice.userId,
      member: `${name} (${email})`,
      issued: formatDate(invoice.issuedAt),
      period: `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`,
      amount: usd(invoice.amountMinor),
      refunded: usd(invoice.refundedMinor),
      left: usd(left),
      // The form's default as it parses back: "3000.00", never the grouped "3,000.00" (refused).
      leftInput: formatAmount(left, "USD", { decimals: 2 }),
      method: invoice.method === "card" ? "Card" : `Crypto (${invoice.cryptoAsset ?? ""})`,
    },
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: usd(r.amountMinor),
      reason: r.reason,
      status: r.status,
      at: formatDateTime(r.createdAt),
    })),
    twoAdminAbove: usd(refundContext().twoAdminAboveMinor),
    own: invoice.userId === adminId,
  };
}

type ActionData =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors: { amount?: string; reason?: string };
      values: { amount: string; reason: string };
    };

export async function action(args: Route.ActionArgs) {
  const { adminId, ip, userAgent } = await requirePermission(args, "refund:invoice:any");
  const form = formValues(await args.request.formData());
  const values = { amount: form.amount ?? "", reason: form.reason ?? "" };
  const result = await proposeRefund(
    getDb(),
    { adminId, ip, userAgent },
    { invoiceId: args.params.id, ...values },
    refundContext(),
  );
  if (!result.ok) {
    const errors = result.field ? { [result.field]: result.message } : {};
    return data<ActionData>(
      { ok: false, message: result.field ? "" : result.message, errors, values },
      result.status,
    );
  }
  return data<ActionData>({
    ok: true,
    message:
      result.status === "completed"
        ? "Refunded: the money is on its way back and the member has been e-mailed."
        : "Proposed: above the two-admin amount, a second admin approves it under Membership.",
  });
}

export default function AdminRefund({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { invoice, refunds, own } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="max-w-3xl space-y-4">
      <Link
        to={`/admin/members/${encodeURIComponent(invoice.memberId)}`}
        className="text-sm font-semibold text-brand underline"
      >
        ← Member
      </Link>
      <h1 className="text-2xl font-semibold text-ink">Refund {invoice.number}</h1>
      <Card>
        <dl className="grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-2">
          {(
            [
              ["Member", invoice.member],
              ["Issued", invoice.issued],
              ["Period", invoice.period],
              ["Paid by", invoice.method],
              ["Amount", `${invoice.amount} USD`],
              ["Refunded so far", `${invoice.refunded} USD`],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt className="text-muted">{term}</dt>
              <dd className="font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <p
        role="status"
        className={
          actionData?.ok || failed?.message
            ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
            : "sr-only"
        }
      >
        {actionData?.message ?? ""}
      </p>
      {own ? (
        <p className="text-sm text-muted">
          You cannot act on your own account. Another admin must handle it.
        </p>
      ) : (
        <Card>
          <CardHeader title={<span id="refund-title">Refund this payment</span>} />
          <Form method="post" aria-labelledby="refund-title" noValidate className="grid gap-4 p-5">
            <Field
              label="Amount (USD)"
              name="amount"
              inputMode="decimal"
              defaultValue={failed?.values.amount ?? invoice.leftInput}
              error={failed?.errors.amount}
              hint={`At most ${invoice.left} USD. Above ${loaderData.twoAdminAbove} USD a second admin approves it.`}
            />
            <Field
              label="Reason"
              name="reason"
              defaultValue={failed?.values.reason ?? ""}
              error={failed?.errors.reason}
              hint="The member and the audit log read it."
              maxLength={500}
            />
            <div>
              <Button type="submit" busy={busy} busyLabel="Refunding…">
                Refund
              </Button>
            </div>
          </Form>
        </Card>
      )}
      {refunds.length > 0 ? (
        <Card>
          <CardHeader title="Refunds of this payment" />
          <ul className="divide-y divide-line text-sm">
            {refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <span>
                  {r.amount} USD · {r.reason} · {r.at}
                </span>
                <Badge
                  tone={
                    r.status === "completed" ? "positive" : r.status === "declined" ? "neutral" : "warning"
                  }
                >
                  {r.status === "completed"
                    ? "Refunded"
                    : r.status === "declined"
                      ? "Declined"
                      : "Awaiting approval"}
                </Badge>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

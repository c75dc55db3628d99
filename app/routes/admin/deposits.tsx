import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import {
  type BankCreditField,
  type FieldErrors,
  parseBankCreditForm,
  parseDecisionForm,
} from "~/domain/deposits/admin-forms.ts";
import {
  creditBankTransfer,
  DepositStateError,
  decideChainDeposit,
  listDepositQueue,
  sendDepositCreditedEmail,
  sendDepositRejectedEmail,
} from "~/domain/deposits/deposits.server.ts";
import { createMailer } from "~/domain/mail/mailer.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { recordPaymentAudit } from "~/domain/payments/admin-audit.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { log } from "~/log.server.ts";
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
  const { session } = await requirePaymentPermission(args, "read:deposit:any");
  const deposits = await listDepositQueue(getDb(), ["detected", "confirming"]);
  const role = session.user.role;
  return {
    // What this staff member may do: support reads the queue to answer members but moves no money,
    // so the forms are not shown to them (the action checks again, whatever the page shows).
    can: {
      credit: hasPermission(role, "credit:deposit:any"),
      reject: hasPermission(role, "reject:deposit:any"),
    },
    deposits: deposits.map((d) => ({
      id: d.id.toString(),
      userId: d.userId,
      memberEmail: d.memberEmail,
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
  /** `done` changes on every success, so the bank form remounts empty (no second credit by habit). */
  | { ok: true; message: string; done: string }
  /** The deposit changed under the admin (already credited or rejected …): said at the top. */
  | { ok: false; message: string }
  | { ok: false; form: "bank"; errors: FieldErrors<BankCreditField>; values: Record<string, string> }
  | {
      ok: false;
      form: "decision";
      depositId: string;
      errors: FieldErrors<"note">;
      values: Record<string, string>;
    };

export async function action(args: Route.ActionArgs) {
  // Staff with two-factor and deposit access at all, before reading anything the request sent.
  await requirePaymentPermission(args, "read:deposit:any");
  const values = Object.fromEntries(
    [...(await args.request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  ) as Record<string, string>;
  const db = getDb();
  const config = getConfig();
  const mailer = createMailer(db, config);
  const brand = config.brand.name;

  if (values.intent === "bank") {
    const admin = await requirePaymentPermission(args, "credit:deposit:any");
    const parsed = parseBankCreditForm(values);
    if (!parsed.ok) return data<ActionData>({ ok: false, form: "bank", errors: parsed.errors, values }, 400);
    let result: Awaited<ReturnType<typeof creditBankTransfer>>;
    try {
      result = await creditBankTransfer(db, {
        reference: parsed.value.reference,
        amount: parsed.value.amountMinor,
        bankTransactionId: parsed.value.bankTransactionId,
        adminId: admin.adminId,
        note: parsed.value.note,
      });
    } catch (error) {
      // The only refusal here is an unknown reference: say so beside that field.
      if (!(error instanceof DepositStateError)) throw error;
      return data<ActionData>({ ok: false, form: "bank", errors: { reference: error.message }, values }, 404);
    }
    await recordPaymentAudit(db, {
      adminId: admin.adminId,
      event: "admin-bank-transfer-credited",
      detail: {
        depositId: result.deposit.id.toString(),
        memberId: result.deposit.userId,
        reference: parsed.value.reference,
        amount: values.amount,
        bankTransactionId: parsed.value.bankTransactionId,
        replay: !result.credited,
      },
      ip: admin.ip,
      userAgent: admin.userAgent,
    });
    // After the commit: a failed e-mail is logged and the credit stands.
    if (result.credited) {
      await sendDepositCreditedEmail(db, mailer, brand, result.credited).catch((error) =>
        log.error("deposit e-mail failed", { error }),
      );
    }
    return data<ActionData>({
      ok: true,
      done: randomUUID(),
      message: result.credited
        ? "Bank transfer credited."
        : "This bank transaction was already credited; nothing changed.",
    });
  }

  const parsed = parseDecisionForm(values);
  if (parsed === null) return data<ActionData>({ ok: false, message: "No such deposit." }, 404);
  // The permission for this decision before any answer about its fields.
  const admin = await requirePaymentPermission(
    args,
    values.intent === "credit" ? "credit:deposit:any" : "reject:deposit:any",
  );
  if (!parsed.ok) {
    return data<ActionData>(
      { ok: false, form: "decision", depositId: values.depositId ?? "", errors: parsed.errors, values },
      400,
    );
  }
  const { decision, depositId, note } = parsed.value;
  let result: Awaited<ReturnType<typeof decideChainDeposit>>;
  try {
    result = await decideChainDeposit(db, { depositId, adminId: admin.adminId, decision, note });
  } catch (error) {
    if (!(error instanceof DepositStateError)) throw error;
    return data<ActionData>({ ok: false, message: error.message }, 409);
  }
  await recordPaymentAudit(db, {
    adminId: admin.adminId,
    event: decision === "credit" ? "admin-deposit-credited" : "admin-deposit-rejected",
    detail: { depositId: depositId.toString(), memberId: result.deposit.userId, note },
    ip: admin.ip,
    userAgent: admin.userAgent,
  });
  // After the commit: a failed e-mail is logged and the decision stands.
  const notified = result.credited
    ? sendDepositCreditedEmail(db, mailer, brand, result.credited)
    : result.rejected
      ? sendDepositRejectedEmail(db, mailer, brand, result.rejected, {
          url: `${config.publicUrl.replace(/\/$/, "")}/contact`,
          email: config.brand.contactEmail,
        })
      : undefined;
  await notified?.catch((error) => log.error("deposit e-mail failed", { error }));
  return data<ActionData>({
    ok: true,
    done: randomUUID(),
    message:
      decision === "credit"
        ? "Deposit credited."
        : "Deposit rejected: nothing was credited, and the member was told why.",
  });
}

export default function AdminDeposits({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const bankBusy = submitting?.get("intent") === "bank";
  const bank = actionData && "form" in actionData && actionData.form === "bank" ? actionData : undefined;
  const decision =
    actionData && "form" in actionData && actionData.form === "decision" ? actionData : undefined;
  const banner = actionData && "message" in actionData ? actionData : undefined;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Deposits</h1>
        <p className="text-sm text-muted">
          Credit matched bank transfers; credit early or reject chain deposits, with a note.
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
        <Card className="p-5">
          <h2 id="bank-credit-title" className="font-semibold text-ink">
            Credit a bank transfer
          </h2>
          <Form
            key={banner?.ok ? banner.done : "bank"}
            method="post"
            noValidate
            aria-labelledby="bank-credit-title"
            className="mt-4 grid gap-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="bank" />
            <Field
              label="Member reference"
              name="reference"
              placeholder="CL-XXXX-XXXX"
              autoComplete="off"
              defaultValue={bank?.values.reference}
              error={bank?.errors.reference}
            />
            <Field
              label="Amount (USD)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={bank?.values.amount}
              error={bank?.errors.amount}
            />
            <Field
              label="Bank transaction id"
              name="bankTransactionId"
              autoComplete="off"
              defaultValue={bank?.values.bankTransactionId}
              error={bank?.errors.bankTransactionId}
            />
            <Field
              label="Note (optional)"
              name="note"
              autoComplete="off"
              defaultValue={bank?.values.note}
              error={bank?.errors.note}
            />
            <div className="sm:col-span-2">
              <Button type="submit" busy={bankBusy} busyLabel="Crediting…">
                Credit transfer
              </Button>
            </div>
          </Form>
        </Card>
      ) : null}
      <Card className="p-5">
        <h2 className="font-semibold text-ink">Chain deposits awaiting confirmations</h2>
        <p className="mt-1 text-sm text-muted">
          Each decision needs a note: why you credit a deposit early, or the reason the member reads in the
          e-mail if you reject it.
        </p>
        {loaderData.deposits.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nothing is waiting.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {loaderData.deposits.map((d) => {
              const failed = decision?.depositId === d.id ? decision : undefined;
              const busy = submitting?.get("depositId") === d.id ? String(submitting.get("intent")) : "";
              return (
                <li key={d.id} className="space-y-2 py-4" data-testid={`deposit-${d.id}`}>
                  <div className="flex flex-wrap items-center gap-3 text-sm">
                    <span className="font-semibold text-ink">
                      {d.amount} {d.asset}
                    </span>
                    <Badge tone="warning">{d.status}</Badge>
                    <span className="text-muted">
                      {new Date(d.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
                    </span>
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
                  {loaderData.can.credit || loaderData.can.reject ? (
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
                        {loaderData.can.credit ? (
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
                        {loaderData.can.reject ? (
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
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}

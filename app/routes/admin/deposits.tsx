import { data, Form, useNavigation } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import {
  type CreditNotice,
  creditBankTransfer,
  DepositStateError,
  decideChainDeposit,
  listDepositsByStatus,
  sendDepositCreditedEmail,
} from "~/domain/deposits/deposits.server.ts";
import { createMailer } from "~/domain/mail/mailer.server.ts";
import { formatAmount, safeParseAmount } from "~/domain/money/amount.ts";
import { recordPaymentAudit } from "~/domain/payments/admin-audit.server.ts";
import { log } from "~/log.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/deposits";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Deposits · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePaymentPermission(args, "read:deposit:any");
  const deposits = await listDepositsByStatus(getDb(), ["detected", "confirming"]);
  return {
    deposits: deposits.map((d) => ({
      id: d.id.toString(),
      userId: d.userId,
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

type ActionData = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await args.request.formData()) as Record<string, string>;
  const intent = form.intent;
  const db = getDb();
  const config = getConfig();
  const notify = async (notice: CreditNotice | undefined) => {
    if (!notice) return;
    await sendDepositCreditedEmail(db, createMailer(db, config), config.brand.name, notice).catch((error) =>
      log.error("deposit e-mail failed", { error }),
    );
  };
  try {
    if (intent === "bank") {
      const admin = await requirePaymentPermission(args, "credit:deposit:any");
      const amount = safeParseAmount(form.amount ?? "", "USD", { allowZero: false });
      if (!amount.ok) return data<ActionData>({ ok: false, message: amount.error.message }, 400);
      if (!form.reference?.trim() || !form.bankTransactionId?.trim()) {
        return data<ActionData>(
          { ok: false, message: "Enter the member's reference and the bank's transaction id." },
          400,
        );
      }
      const result = await creditBankTransfer(db, {
        reference: form.reference,
        amount: amount.value,
        bankTransactionId: form.bankTransactionId,
        adminId: admin.adminId,
        note: form.note?.trim() || undefined,
      });
      await recordPaymentAudit(db, {
        adminId: admin.adminId,
        event: "admin-bank-transfer-credited",
        detail: {
          depositId: result.deposit.id.toString(),
          reference: form.reference,
          amount: form.amount,
          replay: !result.credited,
        },
        ip: admin.ip,
        userAgent: admin.userAgent,
      });
      await notify(result.credited);
      return data<ActionData>({
        ok: true,
        message: result.credited
          ? "Bank transfer credited."
          : "This bank transaction was already credited; nothing changed.",
      });
    }
    const decision = intent === "credit" ? "credit" : "reject";
    const admin = await requirePaymentPermission(
      args,
      decision === "credit" ? "credit:deposit:any" : "reject:deposit:any",
    );
    const result = await decideChainDeposit(db, {
      depositId: BigInt(form.depositId ?? "0"),
      adminId: admin.adminId,
      decision,
      note: form.note ?? "",
    });
    await recordPaymentAudit(db, {
      adminId: admin.adminId,
      event: decision === "credit" ? "admin-deposit-credited" : "admin-deposit-rejected",
      detail: { depositId: form.depositId, note: form.note },
      ip: admin.ip,
      userAgent: admin.userAgent,
    });
    await notify(result.credited);
    return data<ActionData>({
      ok: true,
      message: decision === "credit" ? "Deposit credited." : "Deposit rejected.",
    });
  } catch (error) {
    if (error instanceof DepositStateError || error instanceof SyntaxError) {
      return data<ActionData>(
        { ok: false, message: error instanceof DepositStateError ? error.message : "No such deposit." },
        409,
      );
    }
    throw error;
  }
}

export default function AdminDeposits({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Deposits</h1>
        <p className="text-sm text-muted">
          Credit matched bank transfers; credit early or reject chain deposits, with a note.
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
      <Card className="p-5">
        <h2 className="font-semibold text-ink">Credit a bank transfer</h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="bank" />
          <Field
            label="Member reference"
            name="reference"
            placeholder="CL-XXXX-XXXX"
            autoComplete="off"
            required
          />
          <Field label="Amount (USD)" name="amount" inputMode="decimal" autoComplete="off" required />
          <Field label="Bank transaction id" name="bankTransactionId" autoComplete="off" required />
          <Field label="Note (optional)" name="note" autoComplete="off" />
          <div className="sm:col-span-2">
            <Button type="submit" busy={busy} busyLabel="Crediting…">
              Credit transfer
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold text-ink">Chain deposits awaiting confirmations</h2>
        {loaderData.deposits.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nothing is waiting.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {loaderData.deposits.map((d) => (
              <li key={d.id} className="space-y-2 py-4">
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span className="font-semibold text-ink">
                    {d.amount} {d.asset}
                  </span>
                  <Badge tone="warning">{d.status}</Badge>
                  <span className="font-mono text-xs break-all text-muted">{d.txid}</span>
                </div>
                <p className="font-mono text-xs break-all text-muted">
                  to {d.address} · member {d.userId}
                </p>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="depositId" value={d.id} />
                  <Field label="Note" name="note" required className="min-w-56 flex-1" autoComplete="off" />
                  <Button type="submit" name="intent" value="credit" size="sm">
                    Credit
                  </Button>
                  <Button type="submit" name="intent" value="reject" size="sm" variant="danger">
                    Reject
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

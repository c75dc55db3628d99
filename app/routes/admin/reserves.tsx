import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { type Asset, isAsset } from "~/domain/money/assets.ts";
import {
  type ReservesAnswer,
  reservesAdminAction,
  reservesAdminView,
} from "~/domain/reserves/admin.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import type { Route } from "./+types/reserves";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Reserves · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requirePermission(args, "manage:reserves:any");
  return reservesAdminView(getDb(), staff.adminId);
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "manage:reserves:any");
  return reservesAdminAction(getDb(), staff, await args.request.formData());
}

const STATUS = { pending: "Waiting for a second admin", approved: "Approved", rejected: "Rejected" } as const;

/** /admin/reserves: bank balances behind /proof-of-reserves, each entered by one admin and approved by another. */
export default function AdminReserves({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ReservesAnswer | undefined;
  const errors = answer?.intent === "enter" && !answer.ok ? (answer.errors ?? {}) : {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Reserves</h1>
        <p className="mt-1 text-sm text-muted">
          Bank balances shown on{" "}
          <Link to="/proof-of-reserves" className="font-semibold text-brand hover:underline">
            the proof of reserves
          </Link>
          . Each counts from the next daily snapshot once a second admin approves it; the newest approved
          balance of each bank replaces the older one.
        </p>
      </header>
      <p
        role="status"
        className={
          answer?.message
            ? answer.ok
              ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
              : "rounded-md bg-negative-soft px-4 py-2 text-sm font-semibold text-negative"
            : "sr-only"
        }
      >
        {answer?.message ?? ""}
      </p>
      <Card>
        <CardHeader title="Enter a bank balance" />
        <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="enter" />
          <div className="space-y-1.5">
            <label htmlFor="reserve-asset" className="block text-sm font-medium text-ink">
              Asset
            </label>
            <select
              id="reserve-asset"
              name="asset"
              defaultValue="USD"
              aria-invalid={errors.asset ? true : undefined}
              aria-describedby={errors.asset ? "reserve-asset-error" : undefined}
              className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
            >
              {loaderData.assets.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
            <FieldError id="reserve-asset-error" message={errors.asset} />
          </div>
          <Field label="Amount" name="amount" inputMode="decimal" autoComplete="off" error={errors.amount} />
          <Field label="Bank" name="bank" maxLength={80} error={errors.bank} />
          <Field label="Statement date" name="asOf" type="date" error={errors.asOf} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Enter for approval
            </Button>
          </div>
        </Form>
      </Card>
      <Card>
        <CardHeader title="Entered balances" />
        {loaderData.entries.length === 0 ? (
          <p className="p-5 text-muted">No bank balance has been entered yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {loaderData.entries.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div>
                  <p className="font-semibold text-ink">
                    {isAsset(e.asset)
                      ? formatAmount(BigInt(e.amount), e.asset as Asset, { grouping: true })
                      : e.amount}{" "}
                    {e.asset} at {e.bank}
                  </p>
                  <p className="text-sm text-muted">
                    Statement of {e.asOf} · entered by {e.enteredByEmail} ·{" "}
                    {STATUS[e.status as keyof typeof STATUS] ?? e.status}
                  </p>
                </div>
                {e.status === "pending" &&
                  (e.mine ? (
                    <p className="text-sm text-muted">Another admin must approve it.</p>
                  ) : (
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="decide" />
                      <input type="hidden" name="id" value={e.id} />
                      <Button type="submit" name="decision" value="approve" size="sm" disabled={busy}>
                        Approve
                        <span className="sr-only">
                          {" "}
                          {e.bank} {e.asset}
                        </span>
                      </Button>
                      <Button
                        type="submit"
                        name="decision"
                        value="reject"
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                      >
                        Reject
                        <span className="sr-only">
                          {" "}
                          {e.bank} {e.asset}
                        </span>
                      </Button>
                    </Form>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

import { UserX } from "lucide-react";
import { Form, Link } from "react-router";
import type { ClosureBlocker } from "~/domain/account-data/closure.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { SectionTitle, useBusy } from "./parts.tsx";

export interface CloseAnswer {
  error?: string;
  fields?: { password?: string | undefined; code?: string | undefined };
}

/** What keeps the account open, each with the way to settle it. */
function Blockers({ blockers }: { blockers: ClosureBlocker[] }) {
  return (
    <div className="rounded-md border border-warning/40 bg-warning-soft px-4 py-3">
      <h3 className="font-semibold text-ink">Before you can close your account</h3>
      <ul className="mt-2 space-y-2">
        {blockers.map((b) => (
          <li key={`${b.kind}:${b.text}`} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span>{b.text}</span>
            <Link to={b.href} className="font-medium text-brand hover:underline">
              {b.linkText}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Close my account": what happens, what blocks it, and the confirmation with the password. */
export function CloseCard({
  email,
  blockers,
  twoFactor,
  retentionYears,
  answer,
}: {
  email: string;
  blockers: ClosureBlocker[];
  twoFactor: boolean;
  retentionYears: string;
  answer: CloseAnswer | undefined;
}) {
  const busy = useBusy();
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={UserX} text="Close my account" />} />
      <div className="space-y-4 p-5 text-sm">
        <ul className="list-disc space-y-1 pl-5 text-muted">
          <li>Every device is signed out and nobody can sign in to this account again.</li>
          <li>
            What the law requires us to keep (your transactions, the ledger and invoices) is kept for{" "}
            {retentionYears}; then your name and e-mail address are removed for good.
          </li>
          <li>Until then {email} cannot be used to open a new account.</li>
          <li>
            Want a copy first?{" "}
            <Link to="/settings/data" className="font-medium text-brand hover:underline">
              Download all my data
            </Link>
            .
          </li>
        </ul>
        {answer?.error ? (
          <p
            role="alert"
            className="rounded-md border border-negative/30 bg-negative-soft px-3 py-2 font-medium text-negative"
          >
            {answer.error}
          </p>
        ) : null}
        {blockers.length > 0 ? (
          <Blockers blockers={blockers} />
        ) : (
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="close-account" />
            <input type="hidden" name="username" value={email} autoComplete="username" />
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={answer?.fields?.password}
            />
            {twoFactor ? (
              <Field
                label="Code from your authenticator app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                hint="Or one of your recovery codes."
                required
                error={answer?.fields?.code}
              />
            ) : null}
            <div className="sm:col-span-2">
              <Button type="submit" variant="danger" busy={busy("close-account")} busyLabel="Closing...">
                Close my account
              </Button>
            </div>
          </Form>
        )}
      </div>
    </Card>
  );
}

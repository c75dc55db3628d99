import { ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import type { SessionUser } from "~/domain/accounts/common.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Notice, SectionTitle, useBusy } from "./parts.tsx";
import type { ActionAnswer, Enrolment } from "./views.ts";

/**
 * Two-factor sign-in: off → set it up with the password; while setting up → the QR code, the
 * recovery codes and the code that switches it on; on → turn it off with the password and a code.
 */
export function TwoFactorCard({ user, answer }: { user: SessionUser; answer: ActionAnswer | undefined }) {
  const enrolment = answer?.section === "two-factor" ? answer.enrolment : undefined;
  const fields = answer?.section === "two-factor" ? answer.fields : undefined;
  return (
    <Card>
      <CardHeader
        title={<SectionTitle icon={ShieldCheck} text="Two-factor sign-in" />}
        action={user.twoFactorEnabled ? <Badge tone="positive">On</Badge> : <Badge>Off</Badge>}
      />
      <div className="p-5">
        <Notice answer={answer} section="two-factor" />
        {user.twoFactorEnabled ? (
          <TurnOffForm email={user.email} fields={fields} />
        ) : enrolment ? (
          <EnrolmentSteps enrolment={enrolment} />
        ) : (
          <StartForm email={user.email} />
        )}
      </div>
    </Card>
  );
}

function TurnOffForm({ email, fields }: { email: string; fields: ActionAnswer["fields"] }) {
  const busy = useBusy();
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="two-factor-disable" />
      <p className="text-sm text-muted">
        Sign-in asks for a code from your authenticator app. Withdrawals will need it too.
      </p>
      <p className="text-sm text-muted">
        To turn it off, confirm with your password and a current code from the app, or one of your recovery
        codes.
      </p>
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fields?.password}
      />
      <Field
        label="Code from the app or a recovery code"
        name="code"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={64}
        required
        error={fields?.code}
      />
      <Button type="submit" variant="danger" busy={busy("two-factor-disable")}>
        Turn off two-factor sign-in
      </Button>
    </Form>
  );
}

function EnrolmentSteps({ enrolment }: { enrolment: Enrolment }) {
  const busy = useBusy();
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>Scan the QR code with an authenticator app (or type the key).</li>
        <li>Save the recovery codes somewhere safe. Each works once if you lose your phone.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row">
        <img
          src={enrolment.qr}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="size-[200px] rounded-md border border-line"
        />
        <div className="min-w-0 space-y-3">
          <div>
            <p className="text-sm font-medium text-ink">Key for manual entry</p>
            <code data-testid="totp-secret" className="block break-all rounded bg-subtle px-2 py-1 text-sm">
              {enrolment.secret}
            </code>
          </div>
          <div>
            <p className="text-sm font-medium text-ink">Recovery codes</p>
            <ul data-testid="recovery-codes" className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm">
              {enrolment.backupCodes.map((code) => (
                <li key={code} className="rounded bg-subtle px-2 py-0.5">
                  {code}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <input type="hidden" name="totpURI" value={enrolment.totpURI} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
        <Field
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
        />
        <Button type="submit" busy={busy("two-factor-confirm")} busyLabel="Checking...">
          Turn on two-factor sign-in
        </Button>
      </Form>
    </div>
  );
}

function StartForm({ email }: { email: string }) {
  const busy = useBusy();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="two-factor-start" />
      <p className="text-sm text-muted">
        Protect your account with a code from an authenticator app (TOTP) at every sign-in.
      </p>
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <Field
        label="Confirm with your password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" busy={busy("two-factor-start")}>
        Set up two-factor sign-in
      </Button>
    </Form>
  );
}

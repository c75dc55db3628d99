import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import type { ConfirmPanelData, WithdrawalRow } from "~/domain/withdrawals/views.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Dialog } from "~/ui/dialog.tsx";
import { Field } from "~/ui/field.tsx";

/**
 * The seed's success popup ('Your BTC withdrawal is being processed'), shown once per success.
 * `detail` replaces the review note when the member still has to confirm by e-mail.
 */
export function SuccessDialog({
  message,
  serial,
  detail,
}: {
  message: string | undefined;
  serial: unknown;
  detail?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new action result (serial) reopens it
  useEffect(() => {
    if (message) setOpen(true);
  }, [message, serial]);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Request received"
      description={message}
      actions={<Button onClick={() => setOpen(false)}>OK</Button>}
    >
      <p className="text-sm text-muted">
        {detail ??
          "The amount is held in your account until our team reviews and sends it. You can cancel while it awaits review."}
      </p>
    </Dialog>
  );
}

function CancelButton({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="withdrawalId" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        busy={fetcher.state !== "idle"}
        busyLabel="Cancelling…"
      >
        Cancel
      </Button>
    </fetcher.Form>
  );
}

export function WithdrawalHistory({ rows, asset }: { rows: WithdrawalRow[]; asset: string }) {
  if (rows.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-ink">Your recent {asset} withdrawals</h2>
      <ul className="mt-3 divide-y divide-line">
        {rows.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-ink">
                {w.amount} {asset}
              </p>
              <p className="truncate text-muted">
                {formatDateTime(w.date)} · to {w.to}
              </p>
              {w.reference ? <p className="text-muted">Reference: {w.reference}</p> : null}
              {w.reason ? <p className="text-negative">Reason: {w.reason}</p> : null}
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={w.status.tone}>{w.status.text}</Badge>
              {w.cancellable ? <CancelButton id={w.id} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The end of every withdrawal form: how the member confirms, the form's own error, and the
 * Withdraw button (busy while the form, not a Cancel in the history, is being sent).
 */
export function WithdrawalFormEnd({
  twoFactor,
  confirmMinutes,
  errors,
  needsEmailConfirmation = false,
}: {
  twoFactor: boolean;
  confirmMinutes: number;
  errors: { code?: string | undefined; form?: string | undefined };
  /** An unconfirmed e-mail: the button is disabled (the page shows the notice beside it). */
  needsEmailConfirmation?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "cancel";
  return (
    <>
      <WithdrawalConfirmationField
        twoFactor={twoFactor}
        confirmMinutes={confirmMinutes}
        error={errors.code}
      />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-negative">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={needsEmailConfirmation} busy={busy} busyLabel="Loading .....">
        Withdraw
      </Button>
    </>
  );
}

/**
 * How the member confirms the request: the code from their authenticator app when two-factor
 * sign-in is on (checked on the server; a wrong code holds nothing), otherwise an e-mailed link.
 */
function WithdrawalConfirmationField({
  twoFactor,
  confirmMinutes,
  error,
}: {
  twoFactor: boolean;
  confirmMinutes: number;
  error: string | undefined;
}) {
  if (twoFactor) {
    return (
      <Field
        label="Two-factor code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        spellCheck={false}
        hint="The 6-digit code from your authenticator app confirms this withdrawal."
        error={error}
      />
    );
  }
  return (
    <p className="rounded-md bg-canvas px-3 py-2 text-sm text-ink">
      We will e-mail you a link to confirm this withdrawal. Open it within {confirmMinutes} minutes; until
      then the amount is held. Turn on two-factor sign-in in Settings to confirm with a code instead.
    </p>
  );
}

/** The page the e-mailed link opens: what is being confirmed, with Confirm and Cancel. */
export function ConfirmWithdrawalPanel({
  panel,
  error,
}: {
  panel: ConfirmPanelData;
  error?: string | undefined;
}) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  if (panel.state === "invalid") {
    return (
      <Card className="border-negative/40 p-5" role="region" aria-label="Confirm your withdrawal">
        <h2 className="font-semibold text-ink">Confirm your withdrawal</h2>
        <p className="mt-2 text-sm text-negative">
          This confirmation link is not valid for your account. Open the newest link we e-mailed you, signed
          in as the member who asked for the withdrawal.
        </p>
      </Card>
    );
  }
  return (
    <Card className="border-brand/40 p-5" role="region" aria-label="Confirm your withdrawal">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-ink">Confirm your withdrawal</h2>
        <Badge tone={panel.status.tone}>{panel.status.text}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Amount</dt>
        <dd className="font-semibold text-ink">
          {panel.amount} {panel.asset}
        </dd>
        <dt className="text-muted">To</dt>
        <dd className="font-mono text-xs break-all text-ink">{panel.to}</dd>
        {panel.expiresAt && panel.state === "ready" ? (
          <>
            <dt className="text-muted">Link valid until</dt>
            <dd className="text-ink">{formatDateTime(panel.expiresAt)}</dd>
          </>
        ) : null}
      </dl>
      {panel.state === "ready" ? (
        <>
          <p className="mt-3 text-sm text-muted">
            Check the amount and the destination. If you did not ask for this, cancel it and change your
            password.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="token" value={panel.token} />
              <Button type="submit" busy={intent === "confirm"} busyLabel="Confirming…">
                Confirm withdrawal
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="withdrawalId" value={panel.id} />
              <Button type="submit" variant="secondary" busy={intent === "cancel"} busyLabel="Cancelling…">
                Cancel it
              </Button>
            </Form>
          </div>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {panel.state === "expired"
            ? "This link has expired: nothing was sent and the amount returns to your balance. Please make a new request."
            : "Nothing more to do here: this request is no longer waiting for your confirmation."}
        </p>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-negative">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Dialog } from "~/ui/dialog.tsx";

export interface WithdrawalRow {
  id: string;
  amount: string;
  to: string;
  status: { text: string; tone: "neutral" | "warning" | "positive" | "negative" };
  cancellable: boolean;
  date: string;
  reference: string | null;
  reason: string | null;
}

/** The seed's success popup ('Your BTC withdrawal is being processed'), shown once per success. */
export function SuccessDialog({ message, serial }: { message: string | undefined; serial: unknown }) {
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
        The amount is held in your account until our team reviews and sends it. You can cancel while it awaits
        review.
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
                {new Date(w.date).toLocaleString("en-GB", { timeZone: "UTC" })} UTC · to {w.to}
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

// Refunds above the two-admin amount, waiting for a second admin on /admin/membership.
import { Form } from "react-router";
import type { MembershipActionData, RefundAwaitingView } from "~/domain/membership/admin-views.ts";
import { Button } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";

export function RefundsAwaiting({
  refunds,
  result,
  busy,
  canRefund,
}: {
  refunds: RefundAwaitingView[];
  result: MembershipActionData | undefined;
  busy: boolean;
  canRefund: boolean;
}) {
  if (refunds.length === 0) return null;
  return (
    <Card aria-labelledby="refunds-heading">
      <CardHeader title={<span id="refunds-heading">Refunds awaiting a second admin</span>} />
      <ul className="divide-y divide-line">
        {refunds.map((r) => {
          const failed = result && !result.ok && result.refundId === r.id ? result.message : null;
          return (
            <li key={r.id} className="space-y-2 px-5 py-4 text-sm" data-testid={`refund-${r.invoice}`}>
              <p className="font-semibold text-ink">
                {r.amount} USD of {r.invoice} to {r.memberEmail}
              </p>
              <p className="text-muted">
                Reason: {r.reason} · proposed {r.proposedAt}
              </p>
              {r.blocked ? <p className="text-muted">{r.blocked}</p> : null}
              {failed ? (
                <p role="alert" className="font-medium text-negative">
                  {failed}
                </p>
              ) : null}
              {canRefund && !r.blocked ? (
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve-refund" />
                    <input type="hidden" name="refundId" value={r.id} />
                    <Button type="submit" size="sm" disabled={busy}>
                      Approve and pay {r.amount} USD
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="decline-refund" />
                    <input type="hidden" name="refundId" value={r.id} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      Decline
                    </Button>
                  </Form>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

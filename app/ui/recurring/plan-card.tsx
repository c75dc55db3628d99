// One recurring buy on /recurring: what it does, its next run, its status, its runs, and pause /
// resume / cancel, each confirmed first (money moves on a schedule).
import { useState } from "react";
import { useFetcher } from "react-router";
import { formatAmount } from "~/domain/money/amount.ts";
import { describeSchedule, formatDate, formatPay } from "~/domain/recurring/rules.ts";
import type { PlanView } from "~/domain/recurring/views.ts";
import { Badge, type BadgeTone } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card } from "../card.tsx";
import { Dialog } from "../dialog.tsx";
import { FieldError } from "../field.tsx";
import { EditPlanButton } from "./plan-edit.tsx";

const STATUS: Record<PlanView["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "positive" },
  paused: { label: "Paused", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  finished: { label: "Finished", tone: "neutral" },
};

type Change = "pause" | "resume" | "cancel";

const CHANGE: Record<Change, { title: string; button: string; text: string }> = {
  pause: {
    title: "Pause this recurring buy?",
    button: "Pause",
    text: "No buys are made while it is paused. You can resume it at any time.",
  },
  resume: {
    title: "Resume this recurring buy?",
    button: "Resume",
    text: "Buys start again from the next scheduled date; dates missed while paused are not bought.",
  },
  cancel: {
    title: "Cancel this recurring buy?",
    button: "Cancel recurring buy",
    text: "No more buys will be made. Past buys stay in your balance and history. This cannot be undone.",
  },
};

export function PlanCard({ plan }: { plan: PlanView }) {
  const [confirming, setConfirming] = useState<Change | null>(null);
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const amount = formatPay(BigInt(plan.amountMinor), plan.payAsset);
  const status = STATUS[plan.status];
  const running = plan.status === "active" || plan.status === "paused";
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  const heading = `Buy ${plan.asset} with ${amount}`;
  return (
    <Card className="space-y-3 p-5" aria-label={heading} role="region">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-ink">{heading}</h3>
          <p className="text-sm text-muted">
            {describeSchedule(plan)} ·{" "}
            {plan.ledger === "demo" ? "Demo account (virtual funds)" : "Real account"}
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Next buy</dt>
          <dd className="font-medium text-ink">
            {plan.status === "active" ? formatDate(plan.nextRunOn) : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Buys made</dt>
          <dd className="font-medium text-ink">
            {plan.runsDone}
            {plan.maxRuns !== null ? ` of ${plan.maxRuns}` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Ends</dt>
          <dd className="font-medium text-ink">
            {plan.endOn
              ? formatDate(plan.endOn)
              : plan.maxRuns !== null
                ? `After ${plan.maxRuns} buys`
                : "No end"}
          </dd>
        </div>
      </dl>
      <div>
        <h4 className="text-sm font-semibold text-ink">History</h4>
        {plan.runs.length === 0 ? (
          <p className="text-sm text-muted">No buys yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-line text-sm">
            {plan.runs.map((run) => (
              <li key={run.runOn} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span className="text-muted">{formatDate(run.runOn)}</span>
                {run.status === "bought" && run.paid && run.received ? (
                  <span className="text-ink">
                    Bought {formatAmount(BigInt(run.received), plan.asset, { grouping: true })} {plan.asset}{" "}
                    for {formatPay(BigInt(run.paid), plan.payAsset)}
                  </span>
                ) : (
                  <span className="text-warning">Skipped: {run.reason}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {running ? (
        <div className="flex flex-wrap gap-2">
          {plan.status === "active" ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming("pause")}>
              Pause
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setConfirming("resume")}>
              Resume
            </Button>
          )}
          <EditPlanButton plan={plan} />
          <Button variant="ghost" size="sm" onClick={() => setConfirming("cancel")}>
            Cancel plan
          </Button>
        </div>
      ) : null}
      <FieldError message={error} />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? CHANGE[confirming].title : ""}
        closeLabel="Keep as is"
        actions={
          confirming ? (
            <fetcher.Form method="post" onSubmit={() => setConfirming(null)}>
              <input type="hidden" name="intent" value={confirming} />
              <input type="hidden" name="planId" value={plan.id} />
              <Button type="submit" variant={confirming === "cancel" ? "danger" : "primary"}>
                {CHANGE[confirming].button}
              </Button>
            </fetcher.Form>
          ) : null
        }
      >
        {confirming ? (
          <p className="text-sm text-ink">
            {heading}, {describeSchedule(plan).toLowerCase()}. {CHANGE[confirming].text}
          </p>
        ) : null}
      </Dialog>
    </Card>
  );
}

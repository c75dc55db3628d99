import { useState } from "react";
import { useFetcher } from "react-router";
import { formatDate } from "~/domain/dates.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import {
  DURATION_LABELS,
  earlyExitPreview,
  formatAprPercent,
  formatReward,
  type StakeDurationDays,
} from "~/domain/staking/rules.ts";
import type { PositionView } from "~/domain/staking/views.ts";
import { Badge } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Dialog } from "../dialog.tsx";
import { FieldError } from "../field.tsx";

const statusLabel = { open: "Active", matured: "Completed", exited: "Ended early" } as const;

function ExitButton({ position, action }: { position: PositionView; action: string }) {
  const fetcher = useFetcher<{ exitError?: string; exited?: string }>({ key: `exit-${position.id}` });
  const [open, setOpen] = useState(false);
  const preview = earlyExitPreview({
    amountMinor: BigInt(position.amountMinor),
    rewardMinor: BigInt(position.rewardMinor),
  });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary">
          End early
        </Button>
      }
      title="End this stake early?"
      description="Ending early returns your principal now. The estimated reward is not paid."
      closeLabel="Keep staking"
      actions={
        <fetcher.Form method="post" action={action} onSubmit={() => setTimeout(() => setOpen(false), 0)}>
          <input type="hidden" name="intent" value="exit" />
          <input type="hidden" name="positionId" value={position.id} />
          <Button type="submit" variant="danger" busy={busy} busyLabel="Ending...">
            End stake and return principal
          </Button>
        </fetcher.Form>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-muted">You get back now</dt>
        <dd className="font-semibold">
          {formatAmount(preview.returnedMinor, position.asset)} {position.asset}
        </dd>
        <dt className="text-muted">Estimated reward given up</dt>
        <dd className="font-semibold">
          {formatReward(preview.forfeitedRewardMinor, position.asset)} {position.asset}
        </dd>
      </dl>
      <FieldError message={fetcher.data?.exitError} />
    </Dialog>
  );
}

/** The member's stakes with progress and maturity date; open ones can end early. */
export function StakePositions({ positions, action }: { positions: PositionView[]; action: string }) {
  return (
    <Card>
      <CardHeader title="Your stakes" />
      {positions.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted">You have no stakes yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {positions.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-4 px-5 py-4"
              data-testid="stake-position"
            >
              <div className="min-w-44 flex-1">
                <p className="font-semibold text-ink">
                  {formatAmount(BigInt(p.amountMinor), p.asset, { grouping: true })} {p.asset}
                  <span className="ml-2 text-sm font-normal text-muted">
                    {DURATION_LABELS[p.durationDays as StakeDurationDays]} · {formatAprPercent(p.aprBps)} %
                    est. APR
                  </span>
                </p>
                <p className="text-sm text-muted">
                  Reward {formatReward(BigInt(p.rewardMinor), p.asset)} {p.asset} · matures{" "}
                  {formatDate(p.maturesAt)}
                </p>
                <div
                  className="mt-2 h-2 w-full max-w-md overflow-hidden rounded-full bg-subtle"
                  role="progressbar"
                  aria-label={`Progress of the ${p.asset} stake`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(p.progress * 100)}
                >
                  <div className="h-full bg-brand" style={{ width: `${Math.round(p.progress * 100)}%` }} />
                </div>
              </div>
              <Badge tone={p.status === "open" ? "brand" : p.status === "matured" ? "positive" : "neutral"}>
                {statusLabel[p.status]}
              </Badge>
              {p.status === "open" ? <ExitButton position={p} action={action} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { CalendarClock, CheckSquare, ExternalLink, ShieldAlert, Square } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { type AirdropStatus, SEED_PHRASE_WARNING, STATUS_LABELS } from "../../domain/airdrops/rules.ts";
import type { MemberAirdrop } from "../../domain/airdrops/types.ts";
import { formatDateTime } from "../../domain/dates.ts";
import { Badge } from "../badge.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";

const statusTone: Record<AirdropStatus, "positive" | "brand" | "neutral"> = {
  active: "positive",
  upcoming: "brand",
  ended: "neutral",
};

/** A link that leaves the product: says so, opens in a new tab, sends no referrer or opener. */
export function ExternalAnchor({
  href,
  children,
  context,
}: {
  href: string;
  children: string;
  context: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer external"
      className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
    >
      {children}
      <span className="sr-only"> {context} (external site, opens in a new tab)</span>
      <ExternalLink aria-hidden className="size-3.5 shrink-0" />
    </a>
  );
}

function Checklist({ airdrop }: { airdrop: MemberAirdrop }) {
  const navigation = useNavigation();
  const closed = airdrop.status === "ended";
  const headingId = `checklist-${airdrop.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-line pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Your checklist{" "}
        <span className="font-normal text-muted">
          · {airdrop.done} of {airdrop.tasks.length} done
        </span>
      </h3>
      {closed ? (
        <p className="mt-1 text-sm text-muted">This airdrop has ended; the checklist is closed.</p>
      ) : null}
      <ul className="mt-2 space-y-2">
        {airdrop.tasks.map((task) => {
          const pending = navigation.state !== "idle" && navigation.formData?.get("taskId") === task.id;
          const done = pending ? navigation.formData?.get("done") === "1" : task.done;
          return (
            <li key={task.id} className="flex flex-wrap items-start gap-x-3 gap-y-1">
              <Form method="post" preventScrollReset className="contents">
                <input type="hidden" name="intent" value="tick" />
                <input type="hidden" name="taskId" value={task.id} />
                <input type="hidden" name="done" value={done ? "0" : "1"} />
                <button
                  type="submit"
                  disabled={closed}
                  aria-pressed={done}
                  className={cn(
                    "flex min-h-11 min-w-0 flex-1 items-start gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-70",
                    done ? "text-muted" : "text-ink",
                  )}
                >
                  {done ? (
                    <CheckSquare aria-hidden className="mt-0.5 size-5 shrink-0 text-positive" />
                  ) : (
                    <Square aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
                  )}
                  <span className={done ? "line-through" : undefined}>{task.title}</span>
                  <span className="sr-only">{done ? " (done)" : " (not done)"}</span>
                </button>
              </Form>
              {task.url ? (
                <span className="pl-9 text-sm sm:pl-0 sm:pt-2">
                  <ExternalAnchor href={task.url} context={`for “${task.title}”`}>
                    Open link
                  </ExternalAnchor>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AirdropCard({ airdrop }: { airdrop: MemberAirdrop }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[airdrop.status]}>{STATUS_LABELS[airdrop.status]}</Badge>
        {airdrop.isSample ? <Badge tone="warning">Sample</Badge> : null}
        <span className="text-sm text-muted">{airdrop.chain}</span>
      </div>
      <h2 className="mt-3 text-lg font-semibold text-ink">{airdrop.project}</h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-ink">Deadline</dt>
          <dd className="flex items-center gap-1.5 text-muted">
            <CalendarClock aria-hidden className="size-4" />
            {airdrop.deadline ? (
              <time dateTime={airdrop.deadline}>{formatDateTime(airdrop.deadline)}</time>
            ) : (
              "Not announced"
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Estimated value</dt>
          <dd className="text-muted">
            {airdrop.estimate.text}
            {airdrop.estimate.source ? (
              <>
                {" · "}
                <ExternalAnchor
                  href={airdrop.estimate.source}
                  context={`of the estimate for ${airdrop.project}`}
                >
                  Source
                </ExternalAnchor>
              </>
            ) : null}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-ink">Reward</dt>
          <dd className="text-muted">{airdrop.reward}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-ink">Eligibility</dt>
          <dd className="text-muted">{airdrop.requirements}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-ink">Official source</dt>
          <dd className="break-all">
            <ExternalAnchor href={airdrop.url} context={`of ${airdrop.project}`}>
              {new URL(airdrop.url).hostname}
            </ExternalAnchor>
          </dd>
        </div>
      </dl>
      <div className="mt-4 rounded-md bg-warning-soft px-3 py-2 text-sm text-ink">
        <p className="flex items-center gap-1.5 font-semibold">
          <ShieldAlert aria-hidden className="size-4 text-warning" /> Risks
        </p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {airdrop.riskNotes ? <li>{airdrop.riskNotes}</li> : null}
          <li>{SEED_PHRASE_WARNING}</li>
        </ul>
      </div>
      <Checklist airdrop={airdrop} />
    </Card>
  );
}

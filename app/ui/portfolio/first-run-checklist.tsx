import { CheckCircle2, Circle, X } from "lucide-react";
import { Link } from "react-router";
import type { FirstRunChecklist as Checklist } from "../../domain/members/first-run.ts";
import { Card } from "../card.tsx";

/** The dashboard's first steps for a new member, each ticked from what they have really done. */
export function FirstRunChecklist({ checklist, onDismiss }: { checklist: Checklist; onDismiss: () => void }) {
  const total = checklist.steps.length;
  return (
    <Card className="p-5" aria-labelledby="first-run-title" role="region">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="first-run-title" className="text-lg font-semibold text-ink">
            Get started
          </h2>
          <p className="text-sm text-muted">
            {checklist.doneCount} of {total} done
          </p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded p-1 text-muted hover:text-ink"
          aria-label="Dismiss the checklist"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-subtle"
        role="progressbar"
        aria-label="Steps done"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={checklist.doneCount}
      >
        <div
          className="h-full rounded-full bg-brand"
          style={{ width: `${(checklist.doneCount / total) * 100}%` }}
        />
      </div>
      <ol className="mt-4 divide-y divide-line">
        {checklist.steps.map((step) => (
          <li
            key={step.id}
            className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 py-3 sm:grid-cols-[auto_1fr_auto]"
            data-done={step.done}
          >
            {step.done ? (
              <CheckCircle2 aria-hidden className="size-5 shrink-0 text-positive" />
            ) : (
              <Circle aria-hidden className="size-5 shrink-0 text-muted" />
            )}
            <div className="min-w-0 flex-1">
              <p className={step.done ? "font-medium text-muted line-through" : "font-medium text-ink"}>
                {step.title}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </p>
              {step.done ? null : <p className="text-sm text-muted">{step.detail}</p>}
            </div>
            {step.done ? null : (
              <Link
                to={step.to}
                className="col-start-2 justify-self-start text-sm font-semibold text-brand underline sm:col-start-3"
              >
                {step.action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

import { BellRing } from "lucide-react";
import { Form } from "react-router";
import { type AlertKind, type AlertStatus, describeAlert } from "~/domain/alerts/rules.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import { Badge, type BadgeTone } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { EmptyState } from "../empty-state.tsx";

export interface AlertListItem {
  id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  repeating: boolean;
  cooldownMinutes: number;
  email: boolean;
  push: boolean;
  status: AlertStatus;
  armed: boolean;
  firedCount: number;
  lastFiredAt: string | null;
  lastFiredPrice: string | null;
  priceUsd: string | null;
}

function statusOf(a: AlertListItem): { label: string; tone: BadgeTone } {
  if (a.status === "paused") return { label: "Paused", tone: "neutral" };
  if (a.status === "done") return { label: "Fired", tone: "positive" };
  if (a.armed) return { label: "Watching", tone: "brand" };
  return a.firedCount > 0
    ? { label: "Fired · waiting to reset", tone: "warning" }
    : { label: "Waits for a crossing", tone: "warning" };
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function AlertList({ alerts, kept, limit }: { alerts: AlertListItem[]; kept: number; limit: number }) {
  return (
    <Card>
      <CardHeader
        title="Your alerts"
        action={
          <span className="text-sm text-muted">
            {kept} of {limit} in use
          </span>
        }
      />
      {alerts.length === 0 ? (
        <EmptyState icon={BellRing} title="No alerts yet" headingLevel={3}>
          Create one above: we watch the price for you.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line" aria-label="Your alerts">
          {alerts.map((a) => {
            const status = statusOf(a);
            const name = describeAlert(a, (v) => formatUsd(v));
            return (
              <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {name}
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </p>
                  <p className="text-sm text-muted">
                    {a.priceUsd ? `Now ${formatUsd(a.priceUsd)}` : "No current price"}
                    {" · "}
                    {a.repeating ? `Repeats, ${a.cooldownMinutes} min cool-down` : "Once"}
                    {` · ${["In-app", a.email ? "e-mail" : null, a.push ? "push" : null].filter(Boolean).join(", ")}`}
                    {a.lastFiredAt
                      ? ` · Last fired ${dateTime.format(new Date(a.lastFiredAt))} UTC at ${formatUsd(a.lastFiredPrice)}`
                      : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  {a.status !== "done" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={a.status === "paused" ? "resume" : "pause"}
                        variant="secondary"
                        size="sm"
                        aria-label={`${a.status === "paused" ? "Resume" : "Pause"} ${name}`}
                      >
                        {a.status === "paused" ? "Resume" : "Pause"}
                      </Button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="delete"
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${name}`}
                    >
                      Delete
                    </Button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

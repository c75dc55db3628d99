// The leaderboard page's pieces (ADR 0084): the member's own line and forms, the period switch,
// the table and the rules. No server imports: the view's type only.
import { Trophy } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import {
  formatReturnBps,
  LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
  NAME_MAX,
  PERIOD_LABELS,
  RECOMPUTE_MINUTES,
  TOP_SIZE,
} from "~/domain/leaderboard/rules.ts";
import type { LeaderboardView } from "~/domain/leaderboard/views.ts";
import { Badge } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { cn } from "../cn.ts";
import { EmptyState } from "../empty-state.tsx";
import { Field } from "../field.tsx";
import { Table, Td, Th } from "../table.tsx";

/** What the page's action answers. */
export interface LeaderboardAnswer {
  ok: boolean;
  message?: string;
  errors?: { displayName?: string };
}

function returnTone(bps: number) {
  return bps > 0 ? "text-positive" : bps < 0 ? "text-negative" : "text-ink";
}

function Notice({ answer }: { answer: LeaderboardAnswer | undefined }) {
  if (!answer?.message) return null;
  return answer.ok ? (
    <p role="status" className="rounded-md bg-positive-soft px-3 py-2 text-sm font-medium text-positive">
      {answer.message}
    </p>
  ) : (
    <p
      role="alert"
      className="rounded-md border border-negative/30 bg-negative-soft px-3 py-2 text-sm font-medium text-negative"
    >
      {answer.message}
    </p>
  );
}

/** The member's own line: their rank and return, or how to join (a member who has not joined is never listed). */
export function MyStanding({
  view,
  answer,
}: {
  view: LeaderboardView;
  answer: LeaderboardAnswer | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const { me } = view;
  const nameForm = (label: string, cta: string) => (
    <Form method="post" className="space-y-3" noValidate>
      <input type="hidden" name="intent" value="join" />
      <Field
        label={label}
        name="displayName"
        defaultValue={me?.displayName ?? ""}
        maxLength={NAME_MAX}
        autoComplete="nickname"
        required
        error={answer?.errors?.displayName}
        hint="Shown to other members instead of your name. 3 to 24 letters, digits, spaces, dots, dashes or underscores."
      />
      <Button type="submit" busy={busy === "join"} busyLabel="Saving...">
        {cta}
      </Button>
    </Form>
  );
  return (
    <Card>
      <CardHeader title="Your place" />
      <div className="space-y-4 p-5">
        <Notice answer={answer} />
        {me ? (
          <>
            <p className="text-ink" data-testid="own-rank">
              {me.standing ? (
                <>
                  You are <strong>#{me.standing.rank}</strong> of {view.ranked} as{" "}
                  <strong>{me.displayName}</strong>,{" "}
                  <span className={cn("font-semibold", returnTone(me.standing.returnBps))}>
                    {formatReturnBps(me.standing.returnBps)}
                  </span>{" "}
                  {PERIOD_LABELS[view.period].toLowerCase()}.
                </>
              ) : (
                <>
                  You are on the leaderboard as <strong>{me.displayName}</strong>. You are not ranked{" "}
                  {PERIOD_LABELS[view.period].toLowerCase()} yet: ranks are updated every {RECOMPUTE_MINUTES}{" "}
                  minutes, and a demo account with nothing in it has no return.
                </>
              )}
            </p>
            {nameForm("Display name", "Change name")}
            <Form method="post" className="border-t border-line pt-4">
              <input type="hidden" name="intent" value="leave" />
              <p className="mb-2 text-sm text-muted">
                Leave at any time: your name and return are removed at once.
              </p>
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                busy={busy === "leave"}
                busyLabel="Leaving..."
              >
                Leave the leaderboard
              </Button>
            </Form>
          </>
        ) : view.hasDemoAccount ? (
          <>
            <p className="text-ink" data-testid="own-rank">
              You are not on the leaderboard. Join with a display name to see your rank; you can leave at any
              time.
            </p>
            {nameForm("Display name", "Join the leaderboard")}
          </>
        ) : (
          <p className="text-ink" data-testid="own-rank">
            The leaderboard ranks demo trading only. Open a demo account in{" "}
            <Link to="/settings/accounts" className="font-semibold text-brand underline">
              Settings
            </Link>{" "}
            to practise with virtual funds and join.
          </p>
        )}
      </div>
    </Card>
  );
}

export function PeriodNav({ period }: { period: LeaderboardPeriod }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap gap-2">
      {LEADERBOARD_PERIODS.map((p) => (
        <Link
          key={p}
          to={`?period=${p}`}
          preventScrollReset
          aria-current={p === period ? "page" : undefined}
          className={cn(
            "rounded-md border px-3 py-1.5 text-sm font-semibold",
            p === period ? "border-brand bg-brand text-inverse" : "border-line text-ink hover:border-brand",
          )}
        >
          {PERIOD_LABELS[p]}
        </Link>
      ))}
    </nav>
  );
}

export function StandingsTable({ view }: { view: LeaderboardView }) {
  const caption = `Top ${TOP_SIZE} demo traders, ${PERIOD_LABELS[view.period].toLowerCase()}`;
  return (
    <Card>
      <CardHeader
        title={PERIOD_LABELS[view.period]}
        action={
          <span className="text-sm text-muted">
            {view.computedAt ? `Updated ${formatDateTime(view.computedAt)}` : "Not computed yet"}
          </span>
        }
      />
      {view.rows.length === 0 ? (
        <EmptyState icon={Trophy} title="No one is ranked yet">
          Members who join appear here after the next update, ranked by the return of their demo account.
        </EmptyState>
      ) : (
        <Table caption={caption}>
          <thead>
            <tr>
              <Th className="w-20">Rank</Th>
              <Th>Name</Th>
              <Th className="text-right">Return</Th>
            </tr>
          </thead>
          <tbody data-testid="standings">
            {view.rows.map((r) => (
              <tr key={`${r.rank}-${r.displayName}`} className={r.me ? "bg-brand-soft/40" : undefined}>
                <Td className="font-semibold tabular-nums">#{r.rank}</Td>
                <Td>
                  <span className="break-all">{r.displayName}</span>
                  {r.me ? (
                    <Badge tone="brand" className="ml-2">
                      You
                    </Badge>
                  ) : null}
                </Td>
                <Td className={cn("text-right font-semibold tabular-nums", returnTone(r.returnBps))}>
                  {formatReturnBps(r.returnBps)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {view.ranked > view.rows.length ? (
        <p className="border-t border-line px-5 py-3 text-sm text-muted">
          {view.ranked} members are ranked; the top {TOP_SIZE} are listed.
        </p>
      ) : null}
    </Card>
  );
}

export function Rules() {
  return (
    <Card>
      <CardHeader title="Rules" />
      <ul className="list-disc space-y-2 py-5 pr-5 pl-10 text-sm text-ink">
        <li>Only demo trading counts: virtual funds, never real money. There are no prizes.</li>
        <li>
          You are listed only if you join, under the display name you choose. Names that could pass for our
          staff or company are refused, and each name can be used by one member only. Leave at any time.
        </li>
        <li>
          Returns are time-weighted: the growth of your demo account between each time money came in or went
          out, chained together. Demo deposits and balance resets are not gains or losses, so adding funds
          does not move you up.
        </li>
        <li>
          This week is the last 7 days, this month the last 30 days, all time since your demo account opened.
          Holdings are valued at each day's closing price and today at the latest price.
        </li>
        <li>
          Ranks are recomputed every {RECOMPUTE_MINUTES} minutes. Equal returns share a rank; among them,
          whoever joined first is listed first. The top {TOP_SIZE} are shown, and everyone who joined sees
          their own rank.
        </li>
        <li>
          Past returns, on virtual money, say nothing about future results. This is not financial advice.
        </li>
      </ul>
    </Card>
  );
}

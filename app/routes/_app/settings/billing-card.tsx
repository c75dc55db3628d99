import { ArrowRight, BadgeCheck, CreditCard, Sparkles, Wallet } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { checkoutHref } from "~/domain/content/pricing.ts";
import { formatDate } from "~/domain/dates.ts";
import type { PlanOffer, SubscriptionView } from "~/domain/membership/billing-page.server.ts";
import { Badge, type BadgeTone } from "~/ui/badge.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { Dialog } from "~/ui/dialog.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { PlanFeatures } from "~/ui/membership/plan-features.tsx";
import { SectionTitle } from "./parts.tsx";

/** The answer to the last billing form: shown above the card it belongs to. */
export interface BillingAnswer {
  intent: string;
  ok: boolean;
  message: string;
}

function AnswerNotice({ answer }: { answer: BillingAnswer | undefined }) {
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

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function statusOf(sub: SubscriptionView): { tone: BadgeTone; text: string } {
  if (sub.status === "past_due")
    return {
      tone: "negative",
      text: `Payment overdue · access until ${formatDate(sub.graceUntil ?? sub.periodEnd)}`,
    };
  if (sub.status === "cancelling")
    return { tone: "warning", text: `Active until ${formatDate(sub.periodEnd)}` };
  return { tone: "positive", text: "Active" };
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * A dialog's open state that closes once its form has succeeded. A card membership changes only
 * when the provider's webhook arrives, so the dialog's trigger is still on the page after the
 * answer; left open, it would hide that answer behind its overlay.
 */
function useDialogClosedOnSuccess(intent: string, answer: BillingAnswer | undefined) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (answer?.ok && answer.intent === intent) setOpen(false);
  }, [answer, intent]);
  return [open, setOpen] as const;
}

/** About a minute: the sample provider's webhook arrives within seconds, Stripe's usually too. */
const PROVIDER_LOOKS = 40;

/**
 * After a card cancel or resume was accepted, the page reads the membership again until the
 * provider's webhook has changed it, so the status beside the answer does not contradict it.
 */
function useAwaitProvider(sub: SubscriptionView, answer: BillingAnswer | undefined) {
  const revalidator = useRevalidator();
  const waiting =
    sub.method === "card" &&
    answer?.ok === true &&
    ((answer.intent === "cancel" && sub.status === "active") ||
      (answer.intent === "resume" && sub.status === "cancelling"));
  // The revalidator is a new object whenever its state changes, so it is read through a ref: as a
  // dependency it restarted the effect, and the count of looks with it, after every look.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!waiting) return;
    let looks = 0;
    const timer = setInterval(() => {
      looks += 1;
      if (looks > PROVIDER_LOOKS) clearInterval(timer);
      else if (latest.current.state === "idle") void latest.current.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [waiting]);
}

function IntentForm({
  intent,
  children,
  fields,
}: {
  intent: string;
  children: ReactNode;
  fields?: Record<string, string>;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A Premium member's membership: what they pay, when it renews, and what they can change. */
export function MembershipCard({
  subscription: sub,
  answer,
}: {
  subscription: SubscriptionView;
  answer: BillingAnswer | undefined;
}) {
  const status = statusOf(sub);
  const cancelBusy = useBusy("cancel");
  const resumeBusy = useBusy("resume");
  const switchBusy = useBusy("switch");
  const until = formatDate(sub.periodEnd);
  const [switchOpen, setSwitchOpen] = useDialogClosedOnSuccess("switch", answer);
  const [cancelOpen, setCancelOpen] = useDialogClosedOnSuccess("cancel", answer);
  useAwaitProvider(sub, answer);
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={BadgeCheck} text="Membership" />} />
      <div className="space-y-4 px-5 pt-4">
        <AnswerNotice answer={answer} />
      </div>
      <dl className="divide-y divide-line" data-testid="membership-details">
        <Row term="Plan">{sub.planName}</Row>
        <Row term="Status">
          <Badge tone={status.tone}>{status.text}</Badge>
        </Row>
        <Row term="Billing">
          {sub.price} {sub.period === "monthly" ? "per month" : "per year"}
        </Row>
        <Row term="Next renewal">
          {sub.renewal
            ? `${formatDate(sub.renewal.date)} · ${sub.renewal.amount}`
            : "None: it does not renew"}
        </Row>
        <Row term="Payment method">
          <span className="inline-flex items-center gap-2">
            {sub.method === "card" ? (
              <CreditCard aria-hidden className="size-4 text-muted" />
            ) : (
              <Wallet aria-hidden className="size-4 text-muted" />
            )}
            {sub.paymentMethod}
          </span>
        </Row>
      </dl>
      <div className="flex flex-wrap gap-2 border-t border-line px-5 py-4">
        {sub.payNowHref ? (
          <ButtonLink to={sub.payNowHref} size="sm">
            Pay the renewal now
          </ButtonLink>
        ) : null}
        {sub.canChangeCard ? (
          <IntentForm intent="change-card">
            <Button type="submit" variant="secondary" size="sm">
              Change card
            </Button>
          </IntentForm>
        ) : null}
        {sub.switchTo ? (
          <Dialog
            open={switchOpen}
            onOpenChange={setSwitchOpen}
            title={`Switch to ${sub.switchTo.to} billing`}
            description="The unused part of your current period is credited against the new one."
            closeLabel="Keep my billing"
            trigger={
              <Button variant="secondary" size="sm">
                Switch to {sub.switchTo.to}
              </Button>
            }
            actions={
              <IntentForm intent="switch" fields={{ period: sub.switchTo.to }}>
                <Button type="submit" busy={switchBusy}>
                  Confirm switch
                </Button>
              </IntentForm>
            }
          >
            <dl className="space-y-2">
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{sub.switchTo.to === "yearly" ? "A year" : "A month"}</dt>
                <dd className="tabular-nums">{sub.switchTo.price}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Credit for the unused part of this period</dt>
                <dd className="tabular-nums">−{sub.switchTo.credit}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-line pt-2 font-semibold">
                <dt>To pay now</dt>
                <dd className="tabular-nums">{sub.switchTo.due}</dd>
              </div>
            </dl>
            {sub.method === "crypto" ? (
              <p className="mt-3 text-muted">You confirm the payment from your balance on the next page.</p>
            ) : null}
          </Dialog>
        ) : null}
        {sub.status === "cancelling" ? (
          <IntentForm intent="resume">
            <Button type="submit" size="sm" busy={resumeBusy}>
              Resume membership
            </Button>
          </IntentForm>
        ) : sub.status === "active" ? (
          <Dialog
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            title="Cancel your membership?"
            closeLabel="Keep membership"
            trigger={
              <Button variant="ghost" size="sm">
                Cancel membership
              </Button>
            }
            actions={
              <IntentForm intent="cancel">
                <Button type="submit" variant="danger" busy={cancelBusy}>
                  Cancel membership
                </Button>
              </IntentForm>
            }
          >
            <p>Your membership stays active until {until}. After that you are on Standard.</p>
            <p className="mt-2 text-muted">You can resume it any time before then.</p>
          </Dialog>
        ) : null}
        <MembershipLink />
      </div>
    </Card>
  );
}

function MembershipLink({ className = "ml-auto self-center" }: { className?: string }) {
  return (
    <Link
      to="/membership"
      className={cn(
        "inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline",
        className,
      )}
    >
      What your membership includes
      <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}

/** A member on the free plan: what they have, and what Premium adds. */
export function StandardCard({
  planName,
  offer,
  answer,
}: {
  planName: string;
  offer: PlanOffer | null;
  answer: BillingAnswer | undefined;
}) {
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={BadgeCheck} text="Membership" />} />
      {answer?.message ? (
        <div className="px-5 pt-4">
          <AnswerNotice answer={answer} />
        </div>
      ) : null}
      <EmptyState
        icon={Sparkles}
        title={`You are on ${planName}`}
        action={
          <div className="flex flex-col items-center gap-3">
            {offer ? (
              <ButtonLink to={checkoutHref(offer.planId, "monthly", "card")}>
                Subscribe to {offer.name}
              </ButtonLink>
            ) : null}
            <MembershipLink className="" />
          </div>
        }
      >
        {offer ? (
          <>
            <p>
              {offer.name} is {offer.monthly} a month or {offer.yearly} a year, paid by card or crypto. Cancel
              any time; access runs to the end of the period you paid for.
            </p>
            <PlanFeatures features={offer.features} className="mt-4 text-left" />
          </>
        ) : (
          <p>Every feature of your plan is yours, free.</p>
        )}
      </EmptyState>
    </Card>
  );
}

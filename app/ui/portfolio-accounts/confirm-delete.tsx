import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { AccountsAnswer } from "~/domain/portfolio/outside/views.ts";
import { Button } from "../button.tsx";

/**
 * Delete in two steps, without a modal: "Delete" turns into "Confirm" and "Cancel" (both
 * keyboard-reachable; focus moves to Confirm). Works with the action's own id check either way.
 */
export function ConfirmDelete({
  intent,
  id,
  name,
  confirmLabel = "Yes, delete",
}: {
  intent: string;
  id: string;
  /** What is deleted, for screen readers: "Delete wallet Cold storage". */
  name: string;
  confirmLabel?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Delete ${name}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </Button>
    );
  }
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="danger"
        size="sm"
        aria-label={`${confirmLabel}: ${name}`}
        // biome-ignore lint/a11y/noAutofocus: focus follows the member's own click to the button that replaced it
        autoFocus
      >
        {confirmLabel}
      </Button>
      <Button type="button" variant="secondary" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </Form>
  );
}

export const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function utc(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** The answer's success message, shown in the card whose form was sent (announced politely). */
export function Done({
  answer,
  intents,
}: {
  answer: AccountsAnswer | undefined;
  intents: readonly string[];
}) {
  const message = answer?.ok && intents.includes(answer.intent) ? answer.message : undefined;
  return (
    <p role="status" className="text-sm font-medium text-positive empty:hidden">
      {message ?? ""}
    </p>
  );
}

/** A ref for a form that empties itself after its own intent succeeded (the list shows the result). */
export function useResetOnSuccess(answer: AccountsAnswer | undefined, intent: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.ok && answer.intent === intent) ref.current?.reset();
  }, [answer, intent]);
  return ref;
}

import { RotateCcw } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  DEMO_RESET_ACTION,
  DEMO_START_TEXT,
  type DemoResetAnswer,
  demoResetMessages,
} from "~/domain/accounts/demo-reset.ts";
import { Button } from "../button.tsx";
import { Dialog } from "../dialog.tsx";
import { FieldError } from "../field.tsx";

/**
 * "Reset demo balance" and its confirmation (ADR 0071): the button opens a dialog that says what
 * the reset clears and what it leaves alone; only its confirm button posts. Once done the dialog
 * says so, and the page's data (balances) is re-read, as after any action. `formKey` is the
 * idempotency key the page rendered: a double submit resets once.
 */
export function DemoResetButton({
  formKey,
  onDone,
  returnFocusTo,
  className,
}: {
  formKey: string;
  /**
   * Called when the member closes the dialog after a done reset, not before: the swap form then
   * clears its over-balance error, and this button with it.
   */
  onDone?: () => void;
  /** Where focus goes when the dialog closes after a done reset (this button may be gone by then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
}) {
  const fetcher = useFetcher<DemoResetAnswer>();
  const [open, setOpen] = useState(false);
  // The answer to this opening of the dialog only: a reopened dialog asks again.
  const [answer, setAnswer] = useState<DemoResetAnswer | null>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current || !fetcher.data) return;
    submitted.current = false;
    setAnswer(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const done = answer?.ok === true;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setAnswer(null);
        else if (done) onDone?.();
      }}
      returnFocusTo={done ? returnFocusTo : undefined}
      trigger={
        <Button variant="secondary" size="sm" className={className}>
          <RotateCcw aria-hidden className="size-4" />
          {demoResetMessages.button}
        </Button>
      }
      title={done ? (answer.reset ? "Demo balance reset" : "Nothing to reset") : demoResetMessages.title}
      description={done ? undefined : demoResetMessages.confirmBody}
      closeLabel={done ? "Close" : demoResetMessages.cancel}
      className="max-w-md"
      actions={
        done ? null : (
          <fetcher.Form
            method="post"
            action={DEMO_RESET_ACTION}
            onSubmit={(event) => {
              // The dialog is portalled, but React events still bubble up the component tree: an
              // enclosing form (the swap form, whose amount is over the balance) must not see it.
              event.stopPropagation();
              submitted.current = true;
            }}
          >
            <input type="hidden" name="key" value={formKey} />
            <Button type="submit" busy={fetcher.state !== "idle"} busyLabel={demoResetMessages.busy}>
              {demoResetMessages.confirm}
            </Button>
          </fetcher.Form>
        )
      }
    >
      {done ? (
        <p role="status" className="font-medium">
          {answer.message}
        </p>
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted">Demo coins and stakes</dt>
            <dd className="font-semibold">Cleared</dd>
            <dt className="text-muted">Demo USD available</dt>
            <dd className="font-semibold whitespace-nowrap">{DEMO_START_TEXT}</dd>
            <dt className="text-muted">Real account</dt>
            <dd className="font-semibold">Not touched</dd>
          </dl>
          {answer && !answer.ok ? (
            <div role="alert">
              <FieldError message={answer.message} />
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

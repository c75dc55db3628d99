import { MailWarning, X } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "../button.tsx";
import { cn } from "../cn.ts";

export const confirmEmailFirst = "Confirm your e-mail address first — we sent you a link when you signed up.";

/**
 * Said wherever a confirmed e-mail is needed (beside a form's button) and as the dashboard's
 * reminder: what is missing and a way to fix it on the spot, never a page that only refuses.
 */
export function ConfirmEmailNotice({
  className,
  onDismiss,
  id,
}: {
  className?: string;
  /** The dashboard reminder can be put away; beside a button it cannot. */
  onDismiss?: () => void;
  id?: string;
}) {
  const fetcher = useFetcher<{ ok: true; message: string }>();
  const sent = fetcher.data?.ok ? fetcher.data.message : undefined;
  return (
    <div
      id={id}
      role="status"
      className={cn(
        "flex items-start gap-3 rounded-md border border-warning/40 bg-warning-soft px-4 py-3 text-sm text-ink",
        className,
      )}
    >
      <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium">{confirmEmailFirst}</p>
        {sent ? (
          <p className="text-muted">{sent}</p>
        ) : (
          <fetcher.Form method="post" action="/account/confirmation">
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              busy={fetcher.state !== "idle"}
              busyLabel="Sending…"
            >
              Send a new link
            </Button>
          </fetcher.Form>
        )}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded p-1 text-muted hover:text-ink"
          aria-label="Dismiss the reminder"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

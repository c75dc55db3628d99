import { ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";

/** The frame of every sign-in and sign-up screen. */
export function AuthPanel({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // Marks the panel once React has taken over, so browser tests know client validation is live.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="bg-canvas px-4 py-10 sm:py-16" data-hydrated={hydrated ? "true" : undefined}>
      <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {subtitle ? <p className="mt-2 text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-line pt-5 text-center text-sm">{footer}</div> : null}
      </Card>
      <p className="mx-auto mt-4 flex max-w-md items-center justify-center gap-2 text-xs text-muted">
        <ShieldCheck aria-hidden className="size-4 text-positive" />
        We will never ask for your password by e-mail, phone or chat.
      </p>
    </div>
  );
}

/**
 * The form's one message, in red, announced by screen readers (role=alert is always present so
 * a change is read out). It clears itself after `clearAfterMs`, as the seed specifies.
 */
export function FormAlert({ message, id }: { message: string | undefined; id?: string }) {
  return (
    <div
      id={id}
      role="alert"
      className={cn(
        "min-h-0 rounded-md text-sm font-medium text-negative",
        message ? "mb-4 border border-negative/30 bg-negative-soft px-3 py-2" : "",
      )}
    >
      {message ?? ""}
    </div>
  );
}

/**
 * A message that disappears `ms` after it was shown. `serverMessage` is the action's answer:
 * each new answer (a new object) shows again even when the text is the same.
 */
export function useTimedMessage(ms: number, serverAnswer: { error?: string } | undefined) {
  const [shown, setShown] = useState<{ text: string; at: number } | undefined>(
    serverAnswer?.error ? { text: serverAnswer.error, at: 0 } : undefined,
  );
  useEffect(() => {
    if (serverAnswer?.error) setShown({ text: serverAnswer.error, at: Date.now() });
  }, [serverAnswer]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(undefined), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  return [shown?.text, (text: string) => setShown({ text, at: Date.now() })] as const;
}

/** A link to a document read beside a form (the terms): a new tab, so nothing typed is lost. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-medium text-brand underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

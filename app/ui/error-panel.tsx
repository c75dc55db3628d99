import type { ErrorPageContent } from "~/utils/error-page.ts";
import { ButtonLink } from "./button.tsx";
import { cn } from "./cn.ts";
import { LogoMark } from "./logo.tsx";

/**
 * What an error page says (app/utils/error-page.ts): the status, a title, a message and the way
 * back. The root boundary shows it on a page of its own; inside the signed-in area it sits in the
 * app's shell, so the navigation stays.
 */
export function ErrorPanel({
  content,
  inShell = false,
}: {
  content: ErrorPageContent;
  /** Inside the app shell: no logo, and only the height the shell leaves. */
  inShell?: boolean;
}) {
  const { status, title, message, next } = content;
  return (
    <div className={cn("grid place-items-center px-6", inShell ? "min-h-[60dvh] py-12" : "min-h-dvh")}>
      <title>{`${title} · Coinlens`}</title>
      <div className="max-w-md text-center">
        {inShell ? null : <LogoMark className="mx-auto size-12" />}
        <p className={cn("text-sm font-semibold text-brand", !inShell && "mt-6")}>{status}</p>
        <h1 className="mt-2 text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-3 text-muted">{message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {next ? <ButtonLink to={next.to}>{next.label}</ButtonLink> : null}
          <ButtonLink to="/" variant={next ? "secondary" : undefined}>
            Go to the home page
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

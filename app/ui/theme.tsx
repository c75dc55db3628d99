import { Monitor, Moon, Palette, Sun } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { type FormEvent, useEffect, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { isThemeChoice, type ThemeChoice, themeChoices, themeLabels } from "~/domain/preferences/theme.ts";
import { Card, CardHeader } from "./card.tsx";
import { cn } from "./cn.ts";

// The colour theme (ADR 0068): the server renders <html data-theme> from this device's cookie;
// a change shows at once (the pending choice wins) and POST /theme makes it stick.

const icons = { system: Monitor, light: Sun, dark: Moon } as const;

/** One fetcher for every toggle on the page, so the header menu and settings agree while saving. */
const FETCHER_KEY = "theme";

/** This device's choice: the one being saved, else the one the server read from the cookie. */
export function useThemeChoice(): [ThemeChoice, (next: ThemeChoice) => void] {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const saved = (useRouteLoaderData("root") as { theme?: ThemeChoice } | undefined)?.theme ?? "system";
  const pending = fetcher.formData?.get("theme");
  const theme = isThemeChoice(pending) ? pending : saved;
  const choose = (next: ThemeChoice) =>
    void fetcher.submit({ theme: next, via: "fetcher" }, { method: "post", action: "/theme" });
  return [theme, choose];
}

/** Light or dark as shown right now: the choice, or the system's setting under "system". */
export function useResolvedTheme(): "light" | "dark" {
  const [choice] = useThemeChoice();
  const [systemDark, setSystemDark] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    setSystemDark(query.matches);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return choice === "system" ? (systemDark ? "dark" : "light") : choice;
}

/**
 * System / Light / Dark as three toggle buttons in a form: with JavaScript the page changes at
 * once and the choice is saved in the background; without it the form posts and comes back.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const [theme, choose] = useThemeChoice();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (isThemeChoice(value)) choose(value);
  }
  return (
    <form method="post" action="/theme" onSubmit={onSubmit} className={className}>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Theme</legend>
        <div className="mt-2 inline-flex rounded-lg border border-line bg-subtle p-1">
          {themeChoices.map((choice) => {
            const Icon = icons[choice];
            const current = theme === choice;
            return (
              <button
                key={choice}
                type="submit"
                name="theme"
                value={choice}
                aria-pressed={current}
                className={cn(
                  "inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold",
                  current ? "bg-surface text-ink shadow-card" : "text-muted hover:text-ink",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {themeLabels[choice]}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p className="mt-2 text-sm text-muted">
        System follows your device's light or dark setting. The choice is kept on this device.
      </p>
    </form>
  );
}

/** The settings page's card. */
export function AppearanceCard() {
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Palette aria-hidden className="size-4 text-brand" />
            Appearance
          </span>
        }
      />
      <ThemeToggle className="p-5" />
    </Card>
  );
}

/** The same choice inside a Radix dropdown menu (the avatar menu): a labelled radio group. */
export function ThemeMenuItems() {
  const [theme, choose] = useThemeChoice();
  return (
    <>
      <M.Separator className="my-1 h-px bg-line" />
      <M.Label className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        Theme
      </M.Label>
      <M.RadioGroup value={theme} onValueChange={(value) => isThemeChoice(value) && choose(value)}>
        {themeChoices.map((choice) => {
          const Icon = icons[choice];
          return (
            <M.RadioItem
              key={choice}
              value={choice}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-subtle data-[state=checked]:font-semibold"
            >
              <Icon aria-hidden className="size-4 text-muted" />
              <span className="flex-1">{themeLabels[choice]}</span>
              <M.ItemIndicator className="size-2 rounded-full bg-brand" />
            </M.RadioItem>
          );
        })}
      </M.RadioGroup>
      <M.Separator className="my-1 h-px bg-line" />
    </>
  );
}

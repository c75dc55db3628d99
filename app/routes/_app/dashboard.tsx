import { ChartPie, ChevronRight } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { watchlistChoices } from "~/domain/alerts/watchlist-items.server.ts";
import { formValues } from "~/domain/forms.ts";
import { screenerView } from "~/domain/market-data/views.server.ts";
import { firstRunView, setMemberPreferences } from "~/domain/members/preferences.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { portfolioView } from "~/domain/portfolio/portfolio.server.ts";
import { verificationSummary } from "~/domain/verification/member.server.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import { Screener } from "~/ui/market/screener.tsx";
import { BalanceCard } from "~/ui/portfolio/balance-card.tsx";
import { BannerSlider } from "~/ui/portfolio/banner-slider.tsx";
import { FirstRunChecklist } from "~/ui/portfolio/first-run-checklist.tsx";
import { ShortcutTiles } from "~/ui/portfolio/shortcut-tiles.tsx";
import { useDisplayPrefs } from "~/ui/portfolio/use-display-prefs.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => [
  { title: "Dashboard · Coinlens" },
  { name: "description", content: "Your balance, shortcuts and the market at a glance." },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const db = getDb();
  const { staleSeconds } = getConfig().market;
  const [portfolio, screener, { emailReminder, ...firstRun }, watchlists, kyc] = await Promise.all([
    portfolioView(db, { ledger: session.session.accountMode, userId: session.user.id, staleSeconds }),
    screenerView(db, staleSeconds),
    firstRunView(db, session.user),
    watchlistChoices(db, session.user.id),
    verificationSummary(db, session.user.id),
  ]);
  const { totalUsdCents, cash, unpriced, prices, ledger } = portfolio;
  return {
    portfolio: { totalUsdCents, cash, unpriced, prices, ledger },
    prefs: parseDisplayPrefs(args.request.headers.get("cookie")),
    // The screener's link for browsers without JavaScript: every row rendered by the server.
    allCoins: new URL(args.request.url).searchParams.get("coins") === "all",
    screener,
    watchlists,
    firstRun,
    emailReminder,
    kyc,
  };
}

/** Dismissing the first-run checklist (for good) or the e-mail reminder (for a day). */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const { intent } = formValues(await args.request.formData());
  const db = getDb();
  if (intent === "dismiss-checklist") {
    await setMemberPreferences(db, session.user.id, { checklistDismissedAt: new Date() });
  } else if (intent === "dismiss-email-reminder") {
    await setMemberPreferences(db, session.user.id, { emailReminderDismissedAt: new Date() });
  } else {
    return data({ ok: false as const, error: "Unknown request." }, { status: 400 });
  }
  return { ok: true as const };
}

/** The screener rows in the document: more than its 550 px scroll area shows (ADR 0095). */
const SCREENER_FIRST_ROWS = 12;

/** The way into the portfolio tracker, just under the balance it goes deeper into. */
function PortfolioLink() {
  return (
    <Link
      to="/portfolio"
      className="-mt-3 flex items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 shadow-card hover:border-brand sm:px-5"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-md bg-brand-soft text-brand">
        <ChartPie aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">Open your portfolio</span>
        <span className="block text-sm text-muted">
          Allocation, performance and gains, with holdings kept elsewhere
        </span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
    </Link>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { screener, portfolio } = loaderData;
  const [prefs, setPrefs] = useDisplayPrefs(loaderData.prefs);
  const dismissal = useFetcher();
  const dismissing = dismissal.formData?.get("intent");
  const dismiss = (intent: "dismiss-checklist" | "dismiss-email-reminder") =>
    dismissal.submit({ intent }, { method: "post" });
  // Hidden at once on click (the fetcher's form data), and by the loader after it re-reads.
  const showReminder = loaderData.emailReminder && dismissing !== "dismiss-email-reminder";
  const showChecklist = loaderData.firstRun.visible && dismissing !== "dismiss-checklist";
  return (
    <div className="container-page space-y-6 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Dashboard</h1>
      {showReminder ? <ConfirmEmailNotice onDismiss={() => dismiss("dismiss-email-reminder")} /> : null}
      <BalanceCard
        portfolio={portfolio}
        hidden={prefs.hidden}
        onToggleHidden={() => setPrefs({ hidden: !prefs.hidden })}
      />
      <PortfolioLink />
      {showChecklist ? (
        <FirstRunChecklist checklist={loaderData.firstRun} onDismiss={() => dismiss("dismiss-checklist")} />
      ) : null}
      <ShortcutTiles />
      <BannerSlider kyc={loaderData.kyc} />
      <Screener
        rows={screener.rows}
        sample={screener.sample}
        stale={screener.stale}
        asOf={screener.asOf}
        watchlists={loaderData.watchlists}
        firstRows={loaderData.allCoins ? undefined : SCREENER_FIRST_ROWS}
      />
    </div>
  );
}

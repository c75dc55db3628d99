import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { screenerView } from "~/domain/market-data/views.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { portfolioView } from "~/domain/portfolio/portfolio.server.ts";
import { Screener } from "~/ui/market/screener.tsx";
import { BalanceCard } from "~/ui/portfolio/balance-card.tsx";
import { BannerSlider } from "~/ui/portfolio/banner-slider.tsx";
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
  const [portfolio, screener] = await Promise.all([
    portfolioView(db, { ledger: session.session.accountMode, userId: session.user.id, staleSeconds }),
    screenerView(db, staleSeconds),
  ]);
  const { totalUsdCents, cash, unpriced, prices, ledger } = portfolio;
  return {
    portfolio: { totalUsdCents, cash, unpriced, prices, ledger },
    prefs: parseDisplayPrefs(args.request.headers.get("cookie")),
    screener,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { screener, portfolio } = loaderData;
  const [prefs, setPrefs] = useDisplayPrefs(loaderData.prefs);
  return (
    <div className="container-page space-y-6 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Dashboard</h1>
      <BalanceCard
        portfolio={portfolio}
        hidden={prefs.hidden}
        onToggleHidden={() => setPrefs({ hidden: !prefs.hidden })}
      />
      <ShortcutTiles />
      <BannerSlider />
      <Screener rows={screener.rows} sample={screener.sample} stale={screener.stale} asOf={screener.asOf} />
    </div>
  );
}

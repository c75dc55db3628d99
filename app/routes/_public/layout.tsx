import { Outlet } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { type TickerView, tickerView } from "~/domain/market-data/views.server.ts";
import { PublicNav } from "~/ui/layout/public-nav.tsx";
import { SiteFooter } from "~/ui/layout/site-footer.tsx";
import { TickerTape } from "~/ui/market/ticker-tape.tsx";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/layout";

export interface PublicLayoutData {
  /** Whether a member is signed in: 'Learn More' then goes straight to the tool. */
  signedIn: boolean;
  /** The ticker tape's first prices; it then follows /api/stream/quotes. */
  ticker: TickerView;
}

export async function loader(args: Route.LoaderArgs): Promise<PublicLayoutData> {
  const [session, ticker] = await Promise.all([
    getSession(args),
    tickerView(getDb(), getConfig().market.staleSeconds),
  ]);
  return { signedIn: Boolean(session), ticker };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicNav signedIn={loaderData.signedIn} />
      <TickerTape initial={loaderData.ticker} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

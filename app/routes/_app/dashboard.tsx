import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { screenerView } from "~/domain/market-data/views.server.ts";
import { Screener } from "~/ui/market/screener.tsx";
import type { Route } from "./+types/dashboard";

export const meta = () => [
  { title: "Dashboard · Coinlens" },
  { name: "description", content: "Your balance, shortcuts and the market at a glance." },
];

export async function loader() {
  return { screener: await screenerView(getDb(), getConfig().market.staleSeconds) };
}

// The balance card, shortcuts and banners (issue: wallets and ledger) go above the screener.
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { screener } = loaderData;
  return (
    <div className="container-page space-y-6 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Dashboard</h1>
      <Screener rows={screener.rows} sample={screener.sample} stale={screener.stale} asOf={screener.asOf} />
    </div>
  );
}

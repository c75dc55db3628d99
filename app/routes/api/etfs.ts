import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { isEtfSymbol } from "~/domain/market-data/types.ts";
import { etfDetailView, etfListView } from "~/domain/market-data/views.server.ts";
import type { Route } from "./+types/etfs";

/** GET /api/etfs (every fund, latest price and flows) and /api/etfs/:symbol (one fund with history). */
export async function loader({ params }: Route.LoaderArgs) {
  const { staleSeconds } = getConfig().market;
  const headers = { "Cache-Control": "public, max-age=30" };
  if (!params.symbol) return Response.json(await etfListView(getDb(), staleSeconds), { headers });
  const symbol = params.symbol.toUpperCase();
  if (!isEtfSymbol(symbol)) return Response.json({ error: "Unknown ETF symbol." }, { status: 404 });
  return Response.json(await etfDetailView(getDb(), symbol, staleSeconds), { headers });
}

import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { getFxRates, getMarkets } from "~/domain/market-data/cache.server.ts";
import { getQuotesCached } from "~/domain/market-data/service.server.ts";
import type { Route } from "./+types/market";

/**
 * GET /api/market/quotes · /api/market/markets · /api/market/fx — cached market data as JSON
 * (README, "Market data"). Public: prices are not personal data. Never calls a provider.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { staleSeconds } = getConfig().market;
  const db = getDb();
  const headers = { "Cache-Control": "public, max-age=5" };
  switch (params.dataset) {
    case "quotes":
      return Response.json({ ...(await getQuotesCached(db, staleSeconds)), staleSeconds }, { headers });
    case "markets": {
      const limit = Number(new URL(request.url).searchParams.get("limit") ?? 100);
      const safeLimit = Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : 100;
      return Response.json(
        { ...(await getMarkets(db, { staleSeconds, limit: safeLimit })), staleSeconds },
        { headers },
      );
    }
    case "fx":
      return Response.json({ ...(await getFxRates(db, { staleSeconds })) }, { headers });
    default:
      return Response.json({ error: "Unknown market dataset. Use quotes, markets or fx." }, { status: 404 });
  }
}

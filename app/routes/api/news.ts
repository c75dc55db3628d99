import { getDb } from "~/db/db.server.ts";
import { getNews } from "~/domain/market-data/cache.server.ts";
import type { Route } from "./+types/news";

/** GET /api/news?tag=BTC&page=1&pageSize=10 — cached news, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tag =
    params
      .get("tag")
      ?.toUpperCase()
      .replace(/[^A-Z0-9]/g, "") || undefined;
  const page = Number(params.get("page") ?? 1);
  const pageSize = Number(params.get("pageSize") ?? 10);
  const result = await getNews(getDb(), {
    tag,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize > 0 ? pageSize : 10,
  });
  return Response.json(result, { headers: { "Cache-Control": "public, max-age=60" } });
}

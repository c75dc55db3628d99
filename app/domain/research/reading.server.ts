// Reading research (issue 18): published pieces only, newest first, filtered by kind, asset,
// analyst and topic, and searched with PostgreSQL full text (the generated `search` column: title
// over summary over body, GIN-indexed), ranked with ts_rank and highlighted with ts_headline.
// Premium is decided here, on the server: a reader without it gets the title, the summary and the
// body's opening, and the rest of a premium body never leaves the database for them — not in the
// article, not in a search snippet.
import { and, count, desc, eq, gt, ne, or, type SQL, sql } from "drizzle-orm";
import { researchPieces, researchVersions, users } from "../../../db/schema/index.ts";
import { type Db, queryRows } from "../../db/client.server.ts";
import { renderResearchHtml, renderTeaserHtml } from "./chart-data.server.ts";
import { readingMinutes } from "./markdown.ts";
import {
  type Article,
  type Author,
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  HUB_PAGE_SIZE,
  type HubFilters,
  type PieceSummary,
  type ResearchKind,
  splitHighlights,
} from "./reading.ts";

export interface Reader {
  /** Whether the reader holds research:premium (entitlements.server.ts's hasEntitlement). */
  canReadPremium: boolean;
  now?: Date;
}

const published = eq(researchPieces.status, "published");

// Markdown to plain words for a search snippet: links and images keep their text, shortcodes and
// Markdown's punctuation go, and the highlight markers cannot come from the text itself.
const LINK = String.raw`!?\[([^]]*)\]\([^)]*\)`;
const NOISE = ["\\{\\{[^}]*\\}\\}", "[#*_`>|~]+", "-{2,}", `[${HIGHLIGHT_START}${HIGHLIGHT_STOP}]`].join("|");
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}`;
const SNIPPET_OPTIONS = `${HEADLINE_OPTIONS}, MaxFragments=2, MinWords=10, MaxWords=28, FragmentDelimiter=" … "`;

const plainBody = sql`regexp_replace(regexp_replace(${researchPieces.bodyMd}, ${LINK}, '\\1', 'g'), ${NOISE}, ' ', 'g')`;
const plainTitle = sql`translate(${researchPieces.title}, ${"\u0002\u0003"}, '')`;
const plainSummary = sql`translate(${researchPieces.summary}, ${"\u0002\u0003"}, '')`;

const summaryColumns = {
  id: researchPieces.id,
  slug: researchPieces.slug,
  kind: researchPieces.kind,
  title: researchPieces.title,
  summary: researchPieces.summary,
  premium: researchPieces.premium,
  sample: researchPieces.sample,
  assets: researchPieces.assets,
  topics: researchPieces.topics,
  publishedAt: researchPieces.publishedAt,
  version: researchPieces.version,
  bodyMd: researchPieces.bodyMd,
  authorId: researchPieces.authorId,
  authorName: users.name,
};

type SummaryRow = {
  id: string;
  slug: string;
  kind: ResearchKind;
  title: string;
  summary: string;
  premium: boolean;
  sample: boolean;
  assets: string[];
  topics: string[];
  publishedAt: Date | null;
  version: number;
  bodyMd: string;
  authorId: string;
  authorName: string;
};

/** A row as lists show it; the body is read for its length only and is not passed on. */
function toSummary(row: SummaryRow): PieceSummary {
  const author: Author = { id: row.authorId, name: row.authorName };
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    premium: row.premium,
    sample: row.sample,
    assets: row.assets,
    topics: row.topics,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    version: row.version,
    author,
    readingMinutes: readingMinutes(row.bodyMd),
  };
}

function filtersWhere(filters: Partial<HubFilters>, query: SQL | null): SQL | undefined {
  return and(
    published,
    filters.kind ? eq(researchPieces.kind, filters.kind) : undefined,
    filters.asset ? sql`${researchPieces.assets} @> array[${filters.asset}]::text[]` : undefined,
    filters.topic ? sql`${researchPieces.topics} @> array[${filters.topic}]::text[]` : undefined,
    filters.analyst ? eq(researchPieces.authorId, filters.analyst) : undefined,
    query ? sql`${researchPieces.search} @@ ${query}` : undefined,
  );
}

export interface HubPage {
  items: PieceSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The hub's list: published pieces matching the filters, newest first — or, with search words,
 * the best matches first (ts_rank), each with its title and a passage highlighted. A premium
 * piece's passage comes from its summary unless the reader holds Premium.
 */
export async function listResearch(db: Db, filters: Partial<HubFilters>, reader: Reader): Promise<HubPage> {
  const q = filters.q?.trim() ?? "";
  const query = q ? sql`websearch_to_tsquery('english', ${q})` : null;
  const where = filtersWhere(filters, query);
  const [counted] = await db.select({ n: count() }).from(researchPieces).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / HUB_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const readable = sql`(not ${researchPieces.premium} or ${reader.canReadPremium})`;
  const rows = await db
    .select({
      ...summaryColumns,
      titleMarked: query
        ? sql<string>`ts_headline('english', ${plainTitle}, ${query}, ${`${HEADLINE_OPTIONS}, HighlightAll=true`})`
        : sql<string>`''`,
      snippetMarked: query
        ? sql<string>`ts_headline('english', case when ${readable} then ${plainBody} else ${plainSummary} end, ${query}, ${SNIPPET_OPTIONS})`
        : sql<string>`''`,
    })
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(where)
    .orderBy(
      ...(query ? [sql`ts_rank(${researchPieces.search}, ${query}) desc`] : []),
      desc(researchPieces.publishedAt),
      researchPieces.id,
    )
    .limit(HUB_PAGE_SIZE)
    .offset((page - 1) * HUB_PAGE_SIZE);
  const items = rows.map((row) => ({
    ...toSummary(row),
    ...(query
      ? {
          highlight: { title: splitHighlights(row.titleMarked), snippet: splitHighlights(row.snippetMarked) },
        }
      : {}),
  }));
  return { items, total, page, pageCount };
}

/** What the hub's filters offer: the assets, analysts and topics of published pieces. */
export async function researchFacets(
  db: Db,
): Promise<{ assets: string[]; topics: string[]; analysts: Author[] }> {
  const [assets, topics, analysts] = await Promise.all([
    queryRows<{ value: string }>(
      db,
      sql`select distinct unnest(assets) as value from research_pieces where status = 'published' order by 1`,
    ),
    queryRows<{ value: string }>(
      db,
      sql`select distinct unnest(topics) as value from research_pieces where status = 'published' order by 1`,
    ),
    db
      .selectDistinct({ id: users.id, name: users.name })
      .from(researchPieces)
      .innerJoin(users, eq(users.id, researchPieces.authorId))
      .where(published)
      .orderBy(users.name),
  ]);
  return { assets: assets.map((r) => r.value), topics: topics.map((r) => r.value), analysts };
}

/** A text[] of bound parameters (an empty list is an empty array). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Up to `limit` published pieces sharing an asset or a topic with `piece`, most in common first. */
export async function relatedPieces(
  db: Db,
  piece: { id: string; assets: string[]; topics: string[] },
  limit = 3,
): Promise<PieceSummary[]> {
  if (piece.assets.length === 0 && piece.topics.length === 0) return [];
  const assets = textArray(piece.assets);
  const topics = textArray(piece.topics);
  const shared = sql`(select count(*) from unnest(${researchPieces.assets}) a where a = any(${assets}))
    + (select count(*) from unnest(${researchPieces.topics}) t where t = any(${topics}))`;
  const rows = await db
    .select(summaryColumns)
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(
      and(
        published,
        ne(researchPieces.id, piece.id),
        or(sql`${researchPieces.assets} && ${assets}`, sql`${researchPieces.topics} && ${topics}`),
      ),
    )
    .orderBy(sql`${shared} desc`, desc(researchPieces.publishedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/**
 * The article page's data, or null when no published piece has this slug (drafts, pieces in review
 * and scheduled ones are not found). A premium piece for a reader without Premium is `locked`: its
 * body is the opening only, rendered from the first paragraph, and nothing after it is read out.
 */
export async function getArticle(db: Db, slug: string, reader: Reader): Promise<Article | null> {
  const [row] = await db
    .select({ ...summaryColumns, holdings: researchPieces.holdings })
    .from(researchPieces)
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(and(published, eq(researchPieces.slug, slug)))
    .limit(1);
  if (!row) return null;
  const locked = row.premium && !reader.canReadPremium;
  const now = reader.now ?? new Date();
  const [bodyHtml, corrections, related] = await Promise.all([
    locked ? renderTeaserHtml(db, row.bodyMd, now) : renderResearchHtml(db, row.bodyMd, now),
    db
      .select({
        version: researchVersions.version,
        at: researchVersions.createdAt,
        note: researchVersions.changeNote,
      })
      .from(researchVersions)
      .where(and(eq(researchVersions.pieceId, row.id), gt(researchVersions.version, 1)))
      .orderBy(desc(researchVersions.version)),
    relatedPieces(db, row),
  ]);
  return {
    piece: { ...toSummary(row), holdings: row.holdings },
    locked,
    bodyHtml,
    corrections: corrections.map((c) => ({
      version: c.version,
      at: c.at.toISOString(),
      note: c.note ?? "Corrected.",
    })),
    related,
  };
}

/** The newest free published piece of the first kind in `kinds` that has one (with `topic`, if given). */
export async function latestFreePiece(
  db: Db,
  kinds: readonly ResearchKind[],
  options: { topic?: string } = {},
): Promise<PieceSummary | null> {
  for (const kind of kinds) {
    const [row] = await db
      .select(summaryColumns)
      .from(researchPieces)
      .innerJoin(users, eq(users.id, researchPieces.authorId))
      .where(
        and(
          published,
          eq(researchPieces.premium, false),
          eq(researchPieces.kind, kind),
          options.topic ? sql`${researchPieces.topics} @> array[${options.topic}]::text[]` : undefined,
        ),
      )
      .orderBy(desc(researchPieces.publishedAt))
      .limit(1);
    if (row) return toSummary(row);
  }
  return null;
}

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Research (issue 18). A published pick is a record, not a draft: its asset, entry price (taken
// from the price feed at publishing, with Bitcoin's at the same moment, for the track record's
// comparison) and publishing time never change, and it is never deleted — only closed, once, with
// the exit prices. Triggers in the migration make that a database rule (migration 0024).

export const researchPicks = pgTable(
  "research_picks",
  {
    id: text("id").primaryKey(),
    /** The asset picked, by symbol ('SOL'). */
    asset: text("asset").notNull(),
    analystId: text("analyst_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    thesis: text("thesis").notNull(),
    risk: text("risk", { enum: ["low", "medium", "high"] }).notNull(),
    horizon: text("horizon", { enum: ["short", "medium", "long"] }).notNull(),
    /** USD prices from the feed at publishing: the pick's asset and Bitcoin. */
    entryPrice: numeric("entry_price", { precision: 38, scale: 18 }).notNull(),
    btcEntryPrice: numeric("btc_entry_price", { precision: 38, scale: 18 }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    exitPrice: numeric("exit_price", { precision: 38, scale: 18 }),
    btcExitPrice: numeric("btc_exit_price", { precision: 38, scale: 18 }),
    /** Sample content shipped with the product, labelled Sample; only it may carry a past date. */
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    index("research_picks_published_idx").on(t.publishedAt),
    index("research_picks_asset_idx").on(t.asset, t.publishedAt),
    check("research_picks_risk_check", sql`${t.risk} in ('low', 'medium', 'high')`),
    check("research_picks_horizon_check", sql`${t.horizon} in ('short', 'medium', 'long')`),
    check("research_picks_prices_positive", sql`${t.entryPrice} > 0 and ${t.btcEntryPrice} > 0`),
    check(
      "research_picks_closed_whole",
      sql`(${t.closedAt} is null and ${t.exitPrice} is null and ${t.btcExitPrice} is null)
          or (${t.closedAt} is not null and ${t.exitPrice} > 0 and ${t.btcExitPrice} > 0)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Written research (issue 18, ADR 0073): one table for every piece an analyst writes — reports,
// picks, trading setups and market updates — moving draft → in_review → scheduled | published.
// The body is Markdown, rendered sanitised (app/domain/research/markdown.ts). A correction after
// publishing is a new row in research_versions with what changed; the piece shows the latest.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** PostgreSQL's text-search vector; drizzle has no column type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const researchKinds = Object.freeze(["report", "pick", "setup", "update"] as const);
export type ResearchKind = (typeof researchKinds)[number];
export const researchStatuses = Object.freeze(["draft", "in_review", "scheduled", "published"] as const);
export type ResearchStatus = (typeof researchStatuses)[number];

export const researchPieces = pgTable(
  "research_pieces",
  {
    id: text("id").primaryKey(),
    /** The address of the article page (/research/:slug); fixed once published. */
    slug: text("slug").notNull(),
    kind: text("kind", { enum: researchKinds }).notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: researchStatuses }).notNull().default("draft"),
    title: text("title").notNull(),
    /** Plain text: the teaser a reader without Premium sees, and the list's line. */
    summary: text("summary").notNull().default(""),
    bodyMd: text("body_md").notNull().default(""),
    premium: boolean("premium").notNull().default(false),
    /** Required before review: "The author holds BTC" or "holds none of the assets mentioned". */
    holdings: text("holdings").notNull().default(""),
    /** Asset symbols ('BTC') and topic words ('defi') the piece is tagged with. */
    assets: text("assets").array().notNull().default(sql`'{}'::text[]`),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    /** The kind's own fields, validated by the domain: a pick's asset, risk and horizon; a setup's levels. */
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewerId: text("reviewer_id").references(() => users.id),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The reviewer's note when sending a piece back to draft. */
    reviewNote: text("review_note"),
    /** When approved for later: the publishing job publishes it at this time. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The published pick or setup this piece announced. */
    pickId: text("pick_id").references(() => researchPicks.id),
    setupId: text("setup_id"),
    /** 1 when published; each correction adds one (research_versions). */
    version: integer("version").notNull().default(0),
    sample: boolean("sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Full-text search: title over summary over body (ranked by weight). */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(body_md, '')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex("research_pieces_slug_unique").on(t.slug),
    index("research_pieces_published_idx").on(t.status, t.publishedAt),
    index("research_pieces_author_idx").on(t.authorId, t.updatedAt),
    index("research_pieces_search_idx").using("gin", t.search),
    index("research_pieces_assets_idx").using("gin", t.assets),
    index("research_pieces_scheduled_idx").on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
    check("research_pieces_kind_check", sql`${t.kind} in ('report', 'pick', 'setup', 'update')`),
    check(
      "research_pieces_status_check",
      sql`${t.status} in ('draft', 'in_review', 'scheduled', 'published')`,
    ),
    check(
      "research_pieces_published_whole",
      sql`(${t.status} = 'published') = (${t.publishedAt} is not null and ${t.version} >= 1)`,
    ),
    check("research_pieces_scheduled_time", sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
  ],
);

/** Every published text of a piece: version 1 at publishing, then one per correction. */
export const researchVersions = pgTable(
  "research_versions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    pieceId: text("piece_id")
      .notNull()
      .references(() => researchPieces.id),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    bodyMd: text("body_md").notNull(),
    holdings: text("holdings").notNull(),
    /** "What changed", shown as "Updated on …: what changed"; null for the first version. */
    changeNote: text("change_note"),
    editorId: text("editor_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("research_versions_piece_version_unique").on(t.pieceId, t.version)],
);

/** Images authors upload, kept in the database so every app server serves them. */
export const researchImages = pgTable("research_images", {
  /** Content hash (sha256 hex): the same image uploaded twice is stored once. */
  id: text("id").primaryKey(),
  uploaderId: text("uploader_id")
    .notNull()
    .references(() => users.id),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const setupStatuses = Object.freeze([
  "waiting",
  "triggered",
  "target_1",
  "target_2",
  "target_3",
  "stopped",
  "expired",
] as const);
export type SetupStatus = (typeof setupStatuses)[number];

/**
 * A published trading setup. Its levels never change; its status moves by itself with the price
 * feed (app/domain/research/setups.ts), each move recorded once in trading_setup_events.
 */
export const tradingSetups = pgTable(
  "trading_setups",
  {
    id: text("id").primaryKey(),
    pieceId: text("piece_id")
      .notNull()
      .references(() => researchPieces.id),
    asset: text("asset").notNull(),
    side: text("side", { enum: ["long", "short"] }).notNull(),
    entryLow: numeric("entry_low", { precision: 38, scale: 18 }).notNull(),
    entryHigh: numeric("entry_high", { precision: 38, scale: 18 }).notNull(),
    stop: numeric("stop", { precision: 38, scale: 18 }).notNull(),
    /** One to three targets, in the order they are reached. */
    targets: numeric("targets", { precision: 38, scale: 18 }).array().notNull(),
    timeframe: text("timeframe").notNull(),
    status: text("status", { enum: setupStatuses }).notNull().default("waiting"),
    /** The feed price when it was published. */
    publishedPrice: numeric("published_price", { precision: 38, scale: 18 }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Not triggered by then: expired. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    statusAt: timestamp("status_at", { withTimezone: true }).notNull().defaultNow(),
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    uniqueIndex("trading_setups_piece_unique").on(t.pieceId),
    index("trading_setups_live_idx")
      .on(t.asset)
      .where(sql`${t.status} in ('waiting', 'triggered', 'target_1', 'target_2')`),
    check("trading_setups_side_check", sql`${t.side} in ('long', 'short')`),
    check(
      "trading_setups_status_check",
      sql`${t.status} in ('waiting', 'triggered', 'target_1', 'target_2', 'target_3', 'stopped', 'expired')`,
    ),
    check(
      "trading_setups_levels_check",
      sql`${t.entryLow} > 0 and ${t.entryLow} <= ${t.entryHigh} and ${t.stop} > 0
          and cardinality(${t.targets}) between 1 and 3`,
    ),
  ],
);

/** Each status a setup reached, once, with the feed price that moved it there. */
export const tradingSetupEvents = pgTable(
  "trading_setup_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    setupId: text("setup_id")
      .notNull()
      .references(() => tradingSetups.id),
    status: text("status", { enum: setupStatuses }).notNull(),
    price: numeric("price", { precision: 38, scale: 18 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trading_setup_events_once").on(t.setupId, t.status)],
);

export const stanceHorizons = Object.freeze(["short", "medium", "long"] as const);
export const stances = Object.freeze(["bullish", "neutral", "bearish"] as const);

/** The desk's market direction: each row a stance taken; the latest per horizon is the current one. */
export const marketStances = pgTable(
  "market_stances",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    horizon: text("horizon", { enum: stanceHorizons }).notNull(),
    stance: text("stance", { enum: stances }).notNull(),
    rationale: text("rationale").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    index("market_stances_horizon_idx").on(t.horizon, t.setAt),
    check("market_stances_horizon_check", sql`${t.horizon} in ('short', 'medium', 'long')`),
    check("market_stances_stance_check", sql`${t.stance} in ('bullish', 'neutral', 'bearish')`),
  ],
);

/** A member follows an asset ('BTC') or an analyst (a user id): e-mail on new picks and setups. */
export const researchFollows = pgTable(
  "research_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["asset", "analyst"] }).notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.target] }),
    index("research_follows_target_idx").on(t.kind, t.target),
    check("research_follows_kind_check", sql`${t.kind} in ('asset', 'analyst')`),
  ],
);

/**
 * Development only (/dev/market): a sample price set by hand, which the sample quotes provider
 * reports instead of its own until cleared. Never read when the market data is live.
 */
export const samplePriceOverrides = pgTable("sample_price_overrides", {
  symbol: text("symbol").primaryKey(),
  priceUsd: numeric("price_usd", { precision: 38, scale: 18 }).notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
});

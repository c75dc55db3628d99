// The research studio's rules (issue 18, ADR 0073), pure so the editor's form and the server read
// the same ones: what a draft may hold, what it needs before review, who may review it, and how a
// holdings disclosure reads. A piece moves draft → in_review → scheduled | published; a reviewer
// sends it back to draft with a note. The author never reviews their own piece.
import { trackedSymbols } from "../market-data/types.ts";
import { z } from "../zod.ts";
import { RESEARCH_KINDS, type ResearchKind } from "./reading.ts";

/** The kinds an analyst writes, with the reading side's labels (reading.ts). */
export { KIND_LABELS as RESEARCH_KIND_LABELS } from "./reading.ts";
export type StudioKind = ResearchKind;
export const STUDIO_KINDS: readonly StudioKind[] = RESEARCH_KINDS;

export const STATUS_LABELS = Object.freeze({
  draft: "Draft",
  in_review: "In review",
  scheduled: "Scheduled",
  published: "Published",
} as const);

/** Assets a piece may be tagged with and a pick may be about (USDT is a dollar, not a pick). */
export const PICKABLE_ASSETS: readonly string[] = Object.freeze(trackedSymbols.filter((s) => s !== "USDT"));

export { NOT_FINANCIAL_ADVICE as NOT_ADVICE_NOTICE } from "./reading.ts";

export const studioMessages = Object.freeze({
  titleRequired: "Give the piece a title",
  titleLong: "Keep the title under 140 characters",
  summaryRequired: "Write a summary of one or two sentences: it is the teaser readers see first",
  summaryLong: "Keep the summary under 400 characters",
  bodyRequired: "Write the piece",
  bodyLong: "The piece is too long (over 60,000 characters)",
  holdingsRequired: "Say which of the mentioned assets you hold, or that you hold none",
  assetUnknown: "Choose assets from the list",
  topicsInvalid: "Topics are short words separated by commas (letters, digits and hyphens)",
  pickAsset: "Choose the asset this pick is about",
  pickRisk: "Choose a risk level",
  pickHorizon: "Choose a horizon",
  ownPiece: "Another analyst or an admin reviews your piece, not you.",
  notInReview: "This piece is not waiting for review.",
  notDraft: "Only a draft can be edited; ask the reviewer to send it back first.",
  notYours: "Only the author edits a draft.",
  publishAtPast: "Choose a time in the future, or publish now",
  publishAtFar: "Schedule it within 90 days",
  changeNoteRequired: "Say what changed: readers see it as “Updated on …”",
  notPublished: "Only a published piece takes corrections.",
  reviewNoteRequired: "Tell the author what to change",
});

/** "btc, ETH" → ['BTC', 'ETH'], each once, in the order written. */
export function parseList(text: string, upper = false): string[] {
  const items = text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (upper ? s.toUpperCase() : s.toLowerCase()));
  return [...new Set(items)];
}

const TOPIC = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** What an author may save at any time: a draft is allowed to be unfinished, never malformed. */
export const draftSchema = z.object({
  title: z.string().trim().max(140, studioMessages.titleLong),
  summary: z.string().trim().max(400, studioMessages.summaryLong),
  body: z.string().max(60_000, studioMessages.bodyLong),
  premium: z.boolean(),
  holdings: z.string().trim().max(300),
  assets: z.array(z.string()).refine((list) => list.every((a) => PICKABLE_ASSETS.includes(a)), {
    message: studioMessages.assetUnknown,
  }),
  topics: z
    .array(z.string())
    .max(8)
    .refine((list) => list.every((t) => TOPIC.test(t)), {
      message: studioMessages.topicsInvalid,
    }),
});
export type DraftInput = z.infer<typeof draftSchema>;

export const pickDetailsSchema = z.object({
  asset: z.string().refine((a) => PICKABLE_ASSETS.includes(a), { message: studioMessages.pickAsset }),
  risk: z.enum(["low", "medium", "high"], { message: studioMessages.pickRisk }),
  horizon: z.enum(["short", "medium", "long"], { message: studioMessages.pickHorizon }),
});
export type PickDetails = z.infer<typeof pickDetailsSchema>;

/** What review needs on top of a draft: every field a reader sees, and the disclosure. */
export const readySchema = draftSchema.extend({
  title: z.string().trim().min(1, studioMessages.titleRequired).max(140, studioMessages.titleLong),
  summary: z.string().trim().min(1, studioMessages.summaryRequired).max(400, studioMessages.summaryLong),
  body: z.string().trim().min(1, studioMessages.bodyRequired).max(60_000, studioMessages.bodyLong),
  holdings: z.string().trim().min(1, studioMessages.holdingsRequired).max(300),
});

/** The disclosure sentence from the assets the author says they hold (none → "holds none …"). */
export function holdingsSentence(held: readonly string[]): string {
  if (held.length === 0) return "The author holds none of the assets mentioned.";
  const list = held.length === 1 ? held[0] : `${held.slice(0, -1).join(", ")} and ${held[held.length - 1]}`;
  return `The author holds ${list}.`;
}

/** The address of a piece: its title in lower-case words, and a short suffix so titles may repeat. */
export function slugFor(title: string, suffix: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `${words || "piece"}-${suffix}`;
}

/** Who reviews: an analyst or an admin who is not the author. */
export function mayReview(reviewer: { id: string; role: string }, authorId: string): boolean {
  if (reviewer.id === authorId) return false;
  return reviewer.role === "analyst" || reviewer.role === "admin";
}

export const MAX_SCHEDULE_DAYS = 90;

/** A publishing time for "schedule": in the future and within 90 days, or a message. */
export function checkPublishAt(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return studioMessages.publishAtPast;
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) return studioMessages.publishAtFar;
  return null;
}

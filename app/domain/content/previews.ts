/**
 * The public previews the landing page's 'Learn More' buttons open (issue 18): for each research
 * feature, a real free piece from the database and what Premium adds. Visitors learn what a
 * feature is before they are asked to sign up. Only what the product does is listed here.
 */
import { deepFreeze } from "../freeze.ts";
import type { ResearchKind } from "../research/reading.ts";

export type PreviewId = "research" | "altcoins" | "picks" | "market-updates" | "market-direction";

export interface FeaturePreview {
  id: PreviewId;
  title: string;
  intro: string;
  /** Which free piece is the sample: the newest of the first kind that has one (and, if set, topic). */
  sample: { kinds: ResearchKind[]; topic?: string } | null;
  /** Where a member finds the feature itself. */
  memberPath: string;
  premiumAdds: string[];
}

export const featurePreviews: readonly FeaturePreview[] = deepFreeze([
  {
    id: "research",
    title: "Premium Research",
    intro:
      "Long-form reports on projects, sectors and market cycles, written by our analysts. Each one states its thesis, the evidence, the risks and what would change our mind, and says what the author holds.",
    sample: { kinds: ["report"] },
    memberPath: "/research?kind=report",
    premiumAdds: [
      "Every premium report in full — members without Premium read the opening only",
      "Search across all research by any word in it",
      "Corrections shown on the piece, with the date and what changed",
    ],
  },
  {
    id: "altcoins",
    title: "Altcoin opportunities",
    intro:
      "Research on altcoins and trading setups with an entry zone, a stop and targets, so you know the risk before you take it.",
    sample: { kinds: ["setup", "report"], topic: "altcoins" },
    memberPath: "/research?topic=altcoins",
    premiumAdds: [
      "Premium altcoin reports and setups in full",
      "Each setup's status followed against our price feed",
    ],
  },
  {
    id: "picks",
    title: "Picks",
    intro:
      "Tokens our analysts pick, with the thesis, risk level and horizon. Entry prices come from our price feed at the moment of publishing, and every pick stays on the record, losers included, measured against holding Bitcoin.",
    sample: { kinds: ["pick"] },
    memberPath: "/picks",
    premiumAdds: [
      "The research behind each premium pick in full",
      "The track record of every pick, open and closed, against holding Bitcoin (for every member)",
    ],
  },
  {
    id: "market-updates",
    title: "Market Updates",
    intro: "Short, dated notes from our analysts on what moved the market and what it means for our view.",
    sample: { kinds: ["update"] },
    memberPath: "/research?kind=update",
    premiumAdds: ["Premium market updates in full", "Every update in one searchable archive"],
  },
  {
    id: "market-direction",
    title: "Market Direction",
    intro:
      "Our desk's stance on the overall market for the short, medium and long term — bullish, neutral or bearish — with the reasons, and a timeline of every change of view.",
    sample: null,
    memberPath: "/market-direction",
    premiumAdds: [
      "The full timeline of past stances and their reasons (for every member)",
      "Premium reports that explain the stance in depth",
    ],
  },
]);

export function findPreview(id: string): FeaturePreview | null {
  return featurePreviews.find((p) => p.id === id) ?? null;
}

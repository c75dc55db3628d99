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
  /** What a free account already gives. */
  memberGets: string[];
  /** Only what the Premium entitlement opens on top of it. */
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
    memberGets: [
      "Free reports and market updates in full",
      "Search across all research by any word in it",
      "Corrections shown on each piece, with the date and what changed",
    ],
    premiumAdds: [
      "Every premium report in full — without Premium you read its opening",
      "Premium market updates in full",
    ],
  },
  {
    id: "altcoins",
    title: "Altcoin opportunities",
    intro:
      "Research on altcoins and trading setups with an entry zone, a stop and targets, so you know the risk before you take it.",
    sample: { kinds: ["setup", "report"], topic: "altcoins" },
    memberPath: "/research?topic=altcoins",
    memberGets: ["Free altcoin research in full", "Research filtered by asset and topic"],
    premiumAdds: ["Premium altcoin reports and trading setups in full"],
  },
  {
    id: "picks",
    title: "Picks",
    intro:
      "Tokens our analysts pick, with the thesis, risk level and horizon. Entry prices come from our price feed at the moment of publishing, and every pick stays on the record, losers included, measured against holding Bitcoin.",
    sample: { kinds: ["pick"] },
    memberPath: "/picks",
    memberGets: ["The track record of every pick, open and closed, against holding Bitcoin"],
    premiumAdds: ["The research behind each premium pick in full"],
  },
  {
    id: "market-updates",
    title: "Market Updates",
    intro: "Short, dated notes from our analysts on what moved the market and what it means for our view.",
    sample: { kinds: ["update"] },
    memberPath: "/research?kind=update",
    memberGets: ["Free market updates in full, and every update in one searchable archive"],
    premiumAdds: ["Premium market updates in full"],
  },
  {
    id: "market-direction",
    title: "Market Direction",
    intro:
      "Our desk's stance on the overall market for the short, medium and long term — bullish, neutral or bearish — with the reasons, and a timeline of every change of view.",
    sample: null,
    memberPath: "/market-direction",
    memberGets: ["The current stance with its reasons, and the timeline of every change of view"],
    premiumAdds: ["Premium reports and updates that explain the stance in depth"],
  },
]);

export function findPreview(id: string): FeaturePreview | null {
  return featurePreviews.find((p) => p.id === id) ?? null;
}

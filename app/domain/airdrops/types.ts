// The shapes the airdrop pages receive (pure, so app/ui can name them).
import type { AirdropStatus } from "./rules.ts";

export interface AirdropView {
  id: string;
  project: string;
  chain: string;
  reward: string;
  requirements: string;
  /** ISO timestamp, or null when the project has not announced one. */
  deadline: string | null;
  /** As members see it: a deadline that has passed has ended it. */
  status: AirdropStatus;
  /** The official source (https). */
  url: string;
  riskNotes: string;
  estimatedValue: string | null;
  estimatedValueSource: string | null;
  isSample: boolean;
}

export interface ChecklistTask {
  id: string;
  title: string;
  url: string | null;
  /** Ticked by the signed-in member (never anyone else's tick). */
  done: boolean;
}

export interface MemberAirdrop extends Omit<AirdropView, "estimatedValue" | "estimatedValueSource"> {
  estimate: { text: string; source: string | null };
  tasks: ChecklistTask[];
  done: number;
}

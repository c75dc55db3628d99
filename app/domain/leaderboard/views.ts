// What the leaderboard page shows (ADR 0084): shared by its loader and its components. Pure.
import type { LeaderboardPeriod } from "./rules.ts";

export interface LeaderboardRow {
  rank: number;
  displayName: string;
  returnBps: number;
  me: boolean;
}

export interface LeaderboardView {
  period: LeaderboardPeriod;
  rows: LeaderboardRow[];
  /** How many members the period ranks (every one who joined and has demo money). */
  ranked: number;
  /** When the job last wrote the standings (ISO); null before its first run. */
  computedAt: string | null;
  hasDemoAccount: boolean;
  me: {
    displayName: string;
    joinedAt: string;
    /** Null until the job has ranked the member (or when they have nothing in their demo account). */
    standing: { rank: number; returnBps: number } | null;
  } | null;
}

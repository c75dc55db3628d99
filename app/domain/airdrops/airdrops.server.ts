import { asc, sql } from "drizzle-orm";
import { airdrops } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export type AirdropStatus = "upcoming" | "active" | "ended";

export interface AirdropView {
  id: string;
  project: string;
  reward: string;
  requirements: string;
  /** ISO timestamp, or null when the project has not announced one. */
  deadline: string | null;
  status: AirdropStatus;
  url: string | null;
  isSample: boolean;
}

/** Active first, then upcoming, then ended; within each, the nearest deadline first. */
export async function listAirdrops(db: Db): Promise<AirdropView[]> {
  const rows = await db
    .select()
    .from(airdrops)
    .orderBy(
      sql`case ${airdrops.status} when 'active' then 0 when 'upcoming' then 1 else 2 end`,
      sql`${airdrops.deadline} asc nulls last`,
      asc(airdrops.project),
    );
  return rows.map((row) => ({
    id: row.id,
    project: row.project,
    reward: row.reward,
    requirements: row.requirements,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    status: row.status as AirdropStatus,
    url: row.url,
    isSample: row.isSample,
  }));
}

/**
 * Sample rows for a fresh install, clearly fictional and flagged `is_sample` so the page labels
 * them. Deadlines are relative to the seeding day so the list never looks abandoned.
 */
export async function seedSampleAirdrops(db: Db, now = new Date()): Promise<number> {
  const day = 24 * 60 * 60_000;
  const rows = await db
    .insert(airdrops)
    .values([
      {
        id: "sample-airdrop-orbit",
        project: "Orbit Rollup (sample)",
        reward: "Share of 2,000,000 ORB test tokens",
        requirements: "Bridge to the testnet, make three swaps and hold a testnet position for 7 days.",
        deadline: new Date(now.getTime() + 21 * day),
        status: "active",
        isSample: true,
      },
      {
        id: "sample-airdrop-meadow",
        project: "Meadow Wallet (sample)",
        reward: "Up to 150 MDW for early users",
        requirements: "Create a wallet, verify an e-mail address and complete the in-app tutorial.",
        deadline: new Date(now.getTime() + 45 * day),
        status: "upcoming",
        isSample: true,
      },
      {
        id: "sample-airdrop-harbor",
        project: "Harbor Oracle (sample)",
        reward: "Share of 500,000 HBR",
        requirements: "Run a light node for 30 days and report uptime.",
        deadline: new Date(now.getTime() - 10 * day),
        status: "ended",
        isSample: true,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: airdrops.id });
  return rows.length;
}

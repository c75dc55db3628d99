import { asc, inArray, sql } from "drizzle-orm";
import { airdrops, airdropTasks } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type AirdropStatus, effectiveStatus } from "./rules.ts";
import type { AirdropView } from "./types.ts";

export type { AirdropStatus, AirdropView };

const orderAt = (now: Date) => [
  sql`case when ${airdrops.deadline} <= ${now.toISOString()}::timestamptz or ${airdrops.status} = 'ended' then 2 when ${airdrops.status} = 'active' then 0 else 1 end`,
  sql`${airdrops.deadline} asc nulls last`,
  asc(airdrops.project),
];

/** Active first, then upcoming, then ended; within each, the nearest deadline first. */
export async function listAirdrops(db: Db, now = new Date()): Promise<AirdropView[]> {
  const rows = await db
    .select()
    .from(airdrops)
    .orderBy(...orderAt(now));
  return rows.map((row) => ({
    id: row.id,
    project: row.project,
    chain: row.chain,
    reward: row.reward,
    requirements: row.requirements,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    status: effectiveStatus(row.status as AirdropStatus, row.deadline, now),
    url: row.url,
    riskNotes: row.riskNotes,
    estimatedValue: row.estimatedValue,
    estimatedValueSource: row.estimatedValueSource,
    isSample: row.isSample,
  }));
}

/** The tasks of the given airdrops, in order, grouped by airdrop. */
export async function tasksOf(db: Db, airdropIds: readonly string[]) {
  const byAirdrop = new Map<string, { id: string; title: string; url: string | null }[]>();
  if (airdropIds.length === 0) return byAirdrop;
  const rows = await db
    .select()
    .from(airdropTasks)
    .where(inArray(airdropTasks.airdropId, [...airdropIds]))
    .orderBy(asc(airdropTasks.airdropId), asc(airdropTasks.position));
  for (const row of rows) {
    const list = byAirdrop.get(row.airdropId) ?? [];
    list.push({ id: row.id.toString(), title: row.title, url: row.url });
    byAirdrop.set(row.airdropId, list);
  }
  return byAirdrop;
}

const SAMPLE_SOURCE = "https://example.com/";

/**
 * Sample rows for a fresh install, clearly fictional and flagged `is_sample` so the page labels
 * them; their sources are on example.com, the domain reserved for examples. Deadlines are relative
 * to the seeding day so the list never looks abandoned.
 */
export async function seedSampleAirdrops(db: Db, now = new Date()): Promise<number> {
  const day = 24 * 60 * 60_000;
  return withTx(db, async (tx) => {
    const rows = await tx
      .insert(airdrops)
      .values([
        {
          id: "sample-airdrop-orbit",
          project: "Orbit Rollup (sample)",
          chain: "Ethereum",
          reward: "Share of 2,000,000 ORB test tokens",
          requirements: "Bridge to the testnet, make three swaps and hold a testnet position for 7 days.",
          deadline: new Date(now.getTime() + 21 * day),
          status: "active",
          url: `${SAMPLE_SOURCE}orbit-rollup`,
          riskNotes: "Testnet tokens have no value. Bridge only from the official site.",
          isSample: true,
        },
        {
          id: "sample-airdrop-meadow",
          project: "Meadow Wallet (sample)",
          chain: "Solana",
          reward: "Up to 150 MDW for early users",
          requirements: "Create a wallet, verify an e-mail address and complete the in-app tutorial.",
          deadline: new Date(now.getTime() + 45 * day),
          status: "upcoming",
          url: `${SAMPLE_SOURCE}meadow-wallet`,
          riskNotes: "A new wallet app: install it only from the project's own links.",
          isSample: true,
        },
        {
          id: "sample-airdrop-harbor",
          project: "Harbor Oracle (sample)",
          chain: "Arbitrum",
          reward: "Share of 500,000 HBR",
          requirements: "Run a light node for 30 days and report uptime.",
          deadline: new Date(now.getTime() - 10 * day),
          status: "ended",
          url: `${SAMPLE_SOURCE}harbor-oracle`,
          isSample: true,
        },
      ])
      .onConflictDoNothing()
      .returning({ id: airdrops.id });
    const tasks: Record<string, [string, string | null][]> = {
      "sample-airdrop-orbit": [
        ["Bridge test ETH to the Orbit testnet", `${SAMPLE_SOURCE}orbit-rollup/bridge`],
        ["Make three swaps on the testnet", null],
        ["Hold a testnet position for 7 days", null],
      ],
      "sample-airdrop-meadow": [
        ["Create a Meadow wallet", `${SAMPLE_SOURCE}meadow-wallet/download`],
        ["Verify your e-mail address in the app", null],
        ["Complete the in-app tutorial", null],
      ],
      "sample-airdrop-harbor": [["Run a light node for 30 days", `${SAMPLE_SOURCE}harbor-oracle/node`]],
    };
    const values = rows.flatMap(({ id }) =>
      (tasks[id] ?? []).map(([title, url], position) => ({ airdropId: id, position, title, url })),
    );
    if (values.length > 0) await tx.insert(airdropTasks).values(values);
    return rows.length;
  });
}

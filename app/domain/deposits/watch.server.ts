// Runs the chain watchers: one pass over every deposit address per asset, on an interval, and on
// demand after a simulated payment. Live providers in production (CHAIN_WATCHER=live), the
// simulated chain otherwise. Each pass is safe to run on several servers at once (ADR 0052).
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { createEsploraWatcher } from "../chain/esplora.server.ts";
import { getChainKeys } from "../chain/keys.server.ts";
import { createSimulatedWatcher } from "../chain/simulated.server.ts";
import { createTronGridWatcher } from "../chain/trongrid.server.ts";
import type { ChainWatcher } from "../chain/watcher.ts";
import { expireAnnouncedDeposits, scanDeposits } from "./detection.server.ts";

type WatchConfig = Pick<Config, "chainWatcher" | "payments" | "dataDir" | "isProduction">;

export function createWatchers(
  db: Db,
  config: WatchConfig,
): { watcher: ChainWatcher; requiredConfirmations: number }[] {
  const p = config.payments;
  if (config.chainWatcher === "simulated") {
    return [
      { watcher: createSimulatedWatcher(db, "bitcoin"), requiredConfirmations: p.btcConfirmations },
      { watcher: createSimulatedWatcher(db, "tron"), requiredConfirmations: p.tronConfirmations },
    ];
  }
  const keys = getChainKeys(config);
  const esplora =
    p.esploraUrl ??
    (keys.btc.network === "mainnet"
      ? "https://blockstream.info/api"
      : "https://blockstream.info/testnet/api");
  const trongrid =
    p.trongridUrl ?? (p.tronNetwork === "mainnet" ? "https://api.trongrid.io" : "https://nile.trongrid.io");
  return [
    { watcher: createEsploraWatcher({ baseUrl: esplora }), requiredConfirmations: p.btcConfirmations },
    {
      watcher: createTronGridWatcher({
        baseUrl: trongrid,
        contract: p.usdtTrc20Contract,
        apiKey: p.trongridApiKey,
      }),
      requiredConfirmations: p.tronConfirmations,
    },
  ];
}

/** One pass of every watcher; a failing provider is logged and the others still run. */
export async function scanAllDeposits(db: Db, config: WatchConfig): Promise<number> {
  try {
    const days = config.payments.depositAnnouncedDays;
    const expired = await expireAnnouncedDeposits(db, {
      olderThan: new Date(Date.now() - days * 86_400_000),
    });
    if (expired.length > 0) log.info("announced deposits expired", { expired: expired.length });
  } catch (error) {
    log.error("deposit expiry failed", { error });
  }
  let credited = 0;
  for (const { watcher, requiredConfirmations } of createWatchers(db, config)) {
    try {
      const results = await scanDeposits(db, watcher, { requiredConfirmations });
      credited += results.filter((r) => r.credited).length;
    } catch (error) {
      log.warn("chain watcher pass failed", { chain: watcher.chain, error: (error as Error).message });
    }
  }
  return credited;
}

// Process-wide state (ADR 0064): the chain watchers' interval, one per process.
let timer: ReturnType<typeof setInterval> | undefined;

export function startDepositWatchers(db: Db, config: WatchConfig, intervalMs = 30_000): void {
  if (!config.payments.depositsEnabled || timer) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    observeJobRun("deposit-watch", () => scanAllDeposits(db, config))
      .catch((error) => log.error("deposit scan failed", { error }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref?.();
}

export function stopDepositWatchers(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}

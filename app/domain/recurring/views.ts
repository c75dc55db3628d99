// What the recurring buys page receives of a plan. Pure: the page imports the types.
import type { Ledger } from "../ledger/types.ts";
import type { BuyAsset, Frequency, PayAsset } from "./rules.ts";

export type PlanStatus = "active" | "paused" | "cancelled" | "finished";

export interface PlanRunView {
  runOn: string;
  status: "bought" | "skipped" | "failed";
  /** Minor units as text when bought. */
  paid: string | null;
  received: string | null;
  reason: string | null;
}

export interface PlanView {
  id: string;
  ledger: Ledger;
  asset: BuyAsset;
  payAsset: PayAsset;
  amountMinor: string;
  frequency: Frequency;
  runDay: number | null;
  nextRunOn: string;
  endOn: string | null;
  maxRuns: number | null;
  runsDone: number;
  status: PlanStatus;
  runs: PlanRunView[];
}

// What the stake and early-exit actions answer (/stake and /fixed-etf), as the stake form reads
// it. Pure: the form imports these types.
import type { CryptoAsset } from "../money/assets.ts";
import type { StakeFieldErrors } from "./schemas.ts";

/** An opened stake, as the success card shows it (amounts in minor units, as text). */
export interface StakeReceipt {
  positionId: string;
  asset: CryptoAsset;
  amountMinor: string;
  rewardMinor: string;
  aprBps: number;
  durationDays: number;
  maturesAt: string;
}

export type StakeActionData =
  | { intent: "stake"; ok: true; receipt: StakeReceipt }
  | {
      intent: "stake";
      ok: false;
      errors?: StakeFieldErrors;
      /** The seed's 'Staking failed. Please try again.' or 'An error occurred. Please try again.' */
      formError?: string;
      /** Why the server refused, in plain words (the pool, capacity, the member maximum, prices). */
      reason?: string;
    }
  | { intent: "exit"; exited?: string; exitError?: string };

// The /setups board's shapes (issue 18), shared by the server that builds it
// (setup-board.server.ts) and the components that draw it. Pure: types only.
import type { SetupChart } from "./setup-chart.ts";
import type { SetupStatus, SetupStatusTone } from "./setup-rules.ts";

export interface BoardEvent {
  status: SetupStatus;
  label: string;
  price: string;
  at: string;
}

export interface BoardSetup {
  id: string;
  asset: string;
  assetName: string;
  title: string;
  slug: string;
  author: string;
  sample: boolean;
  premium: boolean;
  /** Premium and the viewer without it: `levels` is null. */
  locked: boolean;
  timeframe: string;
  status: SetupStatus;
  statusLabel: string;
  statusTone: SetupStatusTone;
  statusAt: string;
  publishedAt: string;
  expiresAt: string;
  live: boolean;
  levels: {
    side: "long" | "short";
    entryLow: string;
    entryHigh: string;
    stop: string;
    targets: string[];
    publishedPrice: string;
    /** The price of the last change (the published price while waiting). */
    statusPrice: string;
    events: BoardEvent[];
    chart: SetupChart | null;
  } | null;
}

export interface SetupBoard {
  live: BoardSetup[];
  finished: BoardSetup[];
  /** Any sample setup on the board (labelled Sample). */
  sample: boolean;
  prices: { asOf: string | null; stale: boolean; sample: boolean };
}

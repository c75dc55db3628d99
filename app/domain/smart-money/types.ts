// The shapes the smart-money pages receive (pure, so app/ui can name them).
import type { AddressCategory, Direction, Flow, SmartAsset, SmartChain } from "./transfers.ts";

export interface WatchedAddressView {
  chain: SmartChain;
  address: string;
  label: string;
  category: AddressCategory;
  sourceUrl: string;
  isSample: boolean;
}

export interface TransferView {
  id: string;
  txid: string;
  chain: SmartChain;
  address: string;
  label: string;
  asset: SmartAsset;
  flow: Flow;
  amountMinor: string;
  counterparty: string | null;
  counterpartyLabel: string | null;
  direction: Direction;
  usdValueCents: string | null;
  priceSource: string | null;
  occurredAt: string;
  isSample: boolean;
  notes: { id: string; body: string; author: string; at: string }[];
}

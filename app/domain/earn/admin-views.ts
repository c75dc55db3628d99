// What /admin/earn's loader sends to the page and what its actions answer (admin-page.server.ts
// builds the first): types only, so the back office's components name them without importing
// server code (ADR 0065). Amounts arrive formatted; ids as decimal text (loader data is JSON).
import type { StaffActor } from "../approvals/four-eyes.ts";
import type { Ledger } from "../ledger/types.ts";
import type { Asset, CryptoAsset } from "../money/assets.ts";
import type {
  BrokerField,
  BrokerFields,
  FieldErrors,
  FundingField,
  ProductField,
  productFormDefaults,
} from "./admin-forms.ts";

export interface ProductRowView {
  id: string;
  /** "BCH · 2 weeks" */
  label: string;
  asset: CryptoAsset;
  apr: string;
  minimum: string;
  perMemberMaximum: string;
  totalCapacity: string;
  /** What is open now, "real / demo". */
  open: string;
  enabled: boolean;
}

/** The product being edited, with its terms as the form's text. */
export interface ProductEditingView extends ProductRowView {
  form: ReturnType<typeof productFormDefaults>;
}

/** One ledger's rewards pool (crypto only, else "—") and treasury in one asset. */
export interface PoolRowView {
  key: string;
  ledger: Ledger;
  asset: Asset;
  pool: string;
  reserved: string;
  treasury: string;
}

export interface BrokerRowView extends BrokerFields {
  id: string;
}

export interface EarnAdminPage {
  products: ProductRowView[];
  pools: PoolRowView[];
  spreadBps: number;
  /** The referral reward on offer (ADR 0084): asset and amount as typed, or empty for none. */
  referralReward: { asset: string; amount: string } | null;
  brokers: BrokerRowView[];
  /** ?product=<id> opens the product editor. */
  editingProduct: ProductEditingView | null;
  /** ?broker=<id|new> opens the broker editor. */
  editingBroker: BrokerRowView | "new" | null;
  /** What the last save changed (?done=…&id=…), for the status line. */
  notice: string | null;
}

/** A form that was refused: one message per field, and what was typed, to be corrected. */
interface Refused<Intent extends string, Field extends string> {
  intent: Intent;
  errors: FieldErrors<Field>;
  values: Record<string, string>;
  message?: string;
}

export type EarnActionData =
  | Refused<"product", ProductField>
  | Refused<"fund", FundingField>
  | Refused<"spread", "spreadBps">
  | Refused<"referral", "asset" | "amount">
  | Refused<"broker", BrokerField>
  | { intent: "done"; message: string };

/** What each section's action receives once the page has checked who is asking. */
export interface EarnSubmission {
  actor: StaffActor;
  intent: string;
  values: Record<string, string>;
}

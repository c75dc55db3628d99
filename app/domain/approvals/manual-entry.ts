// What a manual entry is (ADR 0055 addendum): money made by hand, proposed by one admin and
// approved or declined by a second. Pure: the pages import the types and the words.
import type { Ledger } from "../ledger/types.ts";
import type { Asset } from "../money/assets.ts";

export type ManualEntryKind = "bank-credit" | "rewards-pool" | "treasury";
export type ManualEntryStatus = "proposed" | "approved" | "declined";

export interface ManualEntry {
  id: bigint;
  kind: ManualEntryKind;
  ledger: Ledger;
  asset: Asset;
  amountMinor: bigint;
  memberId: string | null;
  memberEmail: string | null;
  bankReference: string | null;
  bankTransactionId: string | null;
  statementLineId: bigint | null;
  note: string | null;
  status: ManualEntryStatus;
  proposedBy: string;
  proposedByEmail: string;
  proposedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  declineReason: string | null;
}

export type Refusal = { ok: false; status: 403 | 404 | 409; message: string; field?: string };
export type EntryResult = { ok: true; entry: ManualEntry; replayed?: boolean } | Refusal;

export const manualEntryMessages = Object.freeze({
  noMember: "No member has this reference.",
  bankIdUsed: (id: string) =>
    `The bank transaction ${id} has already been recorded or credited. Each bank transaction is credited once.`,
  lineMismatch: (amount: string, reference: string) =>
    `This does not match the imported bank statement line for that transaction (${amount} USD, reference ${reference}).`,
  noSuchEntry: "No such entry awaiting approval.",
  alreadyDecided: (status: string) => `This entry is already ${status}.`,
  reasonRequired: "Enter the reason: the admin who recorded it reads it in the audit log.",
  noSuchLine: "No such bank statement line.",
  lineUsed: "This statement line has already been recorded.",
  keyReused:
    "This form was already sent with other values. Reload the page, check what is recorded, and try again.",
});

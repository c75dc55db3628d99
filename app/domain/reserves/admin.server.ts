// The back-office side of the proof of reserves (ADR 0087): one admin enters what a bank account
// held, a second approves or rejects it. Form in, answer out; the route only checks the permission.
import type { Db } from "../../db/client.server.ts";
import { safeParseAmount } from "../money/amount.ts";
import { ASSETS, isAsset } from "../money/assets.ts";
import {
  type BankEntryActor,
  decideBankBalance,
  enterBankBalance,
  listBankBalances,
} from "./reserves.server.ts";

export interface ReservesAnswer {
  intent: "enter" | "decide";
  ok: boolean;
  message?: string;
  errors?: Partial<Record<"asset" | "amount" | "bank" | "asOf", string>>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function reservesAdminAction(
  db: Db,
  actor: BankEntryActor,
  form: FormData,
  now = new Date(),
): Promise<ReservesAnswer> {
  const intent = form.get("intent");
  if (intent === "decide") {
    const id = String(form.get("id") ?? "");
    if (!/^\d{1,18}$/.test(id))
      return { intent, ok: false, message: "This balance has already been decided." };
    const approve = form.get("decision") === "approve";
    const result = await decideBankBalance(db, actor, { id: BigInt(id), approve });
    return result.ok
      ? {
          intent,
          ok: true,
          message: approve ? "Approved: the balance counts from the next snapshot." : "Rejected.",
        }
      : { intent, ok: false, message: result.message };
  }
  const errors: NonNullable<ReservesAnswer["errors"]> = {};
  const asset = String(form.get("asset") ?? "");
  const bank = String(form.get("bank") ?? "").trim();
  const asOf = String(form.get("asOf") ?? "");
  if (!isAsset(asset)) errors.asset = "Choose an asset.";
  let amount = 0n;
  if (isAsset(asset)) {
    const parsed = safeParseAmount(String(form.get("amount") ?? ""), asset);
    if (parsed.ok) amount = parsed.value;
    else errors.amount = parsed.error.message;
  }
  if (bank.length < 2 || bank.length > 80) errors.bank = "Enter the bank's name (2 to 80 characters).";
  if (!DAY.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)))
    errors.asOf = "Enter the statement's date.";
  else if (asOf > now.toISOString().slice(0, 10))
    errors.asOf = "The statement's date cannot be in the future.";
  if (Object.keys(errors).length > 0 || !isAsset(asset)) return { intent: "enter", ok: false, errors };
  await enterBankBalance(db, actor, { asset, amount, bank, asOf });
  return { intent: "enter", ok: true, message: "Entered. It counts once another admin approves it." };
}

export async function reservesAdminView(db: Db, viewerId: string) {
  return { entries: await listBankBalances(db, viewerId), assets: ASSETS };
}

// The curated list (ADR 0085): staff with manage:watched-address:any add a labelled public address
// with the source that attributes it. The address is checked like a withdrawal destination
// (checksum, mainnet); the source is https. Audited.
import { smartMoneyAddresses } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { isHttpsUrl } from "../airdrops/rules.ts";
import { validateBtcAddress, validateTronAddress } from "../chain/validate.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { AddressCategory, SmartChain } from "./transfers.ts";

export type AddWatchedResult = { ok: true } | { ok: false; errors: Record<string, string> };

export const curationMessages = Object.freeze({
  chain: "Choose Bitcoin or TRON.",
  category: "Choose what the address belongs to.",
  label: "Enter a label of up to 80 characters.",
  source: "Enter the https:// source that attributes this address.",
  duplicate: "This address is already watched.",
});

export async function addWatchedAddress(
  db: Db,
  staff: { adminId: string; ip?: string | undefined },
  values: Record<string, string>,
): Promise<AddWatchedResult> {
  const errors: Record<string, string> = {};
  const chain = values.chain as SmartChain;
  const category = values.category as AddressCategory;
  const address = (values.address ?? "").trim();
  const label = (values.label ?? "").trim();
  const sourceUrl = (values.sourceUrl ?? "").trim();
  if (chain !== "bitcoin" && chain !== "tron") errors.chain = curationMessages.chain;
  else {
    const check = chain === "bitcoin" ? validateBtcAddress(address, "mainnet") : validateTronAddress(address);
    if (!check.ok) errors.address = check.message;
  }
  if (!["exchange", "fund", "holder"].includes(category)) errors.category = curationMessages.category;
  if (!label || label.length > 80) errors.label = curationMessages.label;
  if (!isHttpsUrl(sourceUrl)) errors.sourceUrl = curationMessages.source;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return withTx(db, async (tx) => {
    const inserted = await tx
      .insert(smartMoneyAddresses)
      .values({ chain, address, label, category, sourceUrl })
      .onConflictDoNothing()
      .returning({ id: smartMoneyAddresses.id });
    if (inserted.length === 0) return { ok: false as const, errors: { address: curationMessages.duplicate } };
    await recordAdminAudit(tx, {
      adminId: staff.adminId,
      event: "admin-watched-address-added",
      detail: { chain, address, label, category, sourceUrl },
      ip: staff.ip,
    });
    return { ok: true as const };
  });
}

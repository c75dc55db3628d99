// /admin/earn, staking products: new terms for one product (intent "product").
import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { editStakingProduct } from "~/domain/earn/admin.server.ts";
import { parseProductForm } from "~/domain/earn/admin-forms.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";
import { parseId } from "~/domain/forms.ts";
import { getStakingProduct } from "~/domain/staking/products.server.ts";

export async function saveProduct({ actor, values }: EarnSubmission) {
  const db = getDb();
  const id = parseId(values.id);
  const product = id === null ? undefined : await getStakingProduct(db, id);
  if (!product || id === null)
    throw data({ message: "This staking product does not exist." }, { status: 404 });
  const parsed = parseProductForm(product.asset, values);
  if (!parsed.ok) return data<EarnActionData>({ intent: "product", errors: parsed.errors, values }, 400);
  const result = await editStakingProduct(db, actor, id, parsed.value);
  if (!result.ok) throw data({ message: result.message }, { status: 404 });
  return redirect(`/admin/earn?done=product&id=${id}`);
}

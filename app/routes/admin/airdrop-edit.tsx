import { data, Link, redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import {
  adminAirdrop,
  airdropFormValues,
  newAirdropKey,
  saveAirdrop,
} from "~/domain/airdrops/admin.server.ts";
import { formValues } from "~/domain/forms.ts";
import { AirdropForm } from "~/ui/airdrops/airdrop-form.tsx";
import type { Route } from "./+types/airdrop-edit";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Airdrop · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:airdrop:any");
  const id = args.params.id;
  const saved = new URL(args.request.url).searchParams.has("saved");
  if (id === undefined)
    return { id: null, project: null, saved: false, values: { status: "upcoming", key: newAirdropKey() } };
  const airdrop = await adminAirdrop(getDb(), id);
  if (!airdrop) throw data("Not found", { status: 404 });
  return { id, project: airdrop.project, saved, values: airdropFormValues(airdrop) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "manage:airdrop:any");
  const values = formValues(await args.request.formData());
  const result = await saveAirdrop(getDb(), staff, { id: args.params.id, values });
  if (result === null) throw data("Not found", { status: 404 });
  if (!result.ok) return { errors: result.errors, values };
  throw redirect(`/admin/airdrops/${result.id}?saved=1`);
}

/** /admin/airdrops/new and /admin/airdrops/:id: one airdrop and its tasks. */
export default function AdminAirdropEdit({ loaderData, actionData }: Route.ComponentProps) {
  const saved = loaderData.saved;
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm">
          <Link to="/admin/airdrops" className="font-semibold text-brand hover:underline">
            ← Airdrops
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-semibold text-ink">{loaderData.project ?? "New airdrop"}</h1>
      </header>
      <p
        role="status"
        className={
          saved && !actionData
            ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
            : "sr-only"
        }
      >
        {saved && !actionData ? "Saved." : ""}
      </p>
      <AirdropForm
        key={loaderData.id ?? "new"}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
      />
    </div>
  );
}

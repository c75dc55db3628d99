// The studio editor's form, read into what the studio saves (pure: the browser's preview and the
// server's action read it the same way). Holdings are chosen, not typed: "none" or the assets
// held, turned into the disclosure sentence, and kept in the details to show the choice again.
import { type DraftInput, holdingsSentence, PICKABLE_ASSETS, parseList } from "./studio-rules.ts";

export type HeldChoice = { none: true } | { none: false; assets: string[] } | null;

export function readHeld(details: unknown): HeldChoice {
  const held = (details as { held?: unknown } | null)?.held;
  if (held === "none") return { none: true };
  if (Array.isArray(held))
    return { none: false, assets: held.filter((a): a is string => typeof a === "string") };
  return null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The kind's own fields are named `<kind>.<field>` (pick.asset, setup.stop, setup.target1…). */
function kindFields(form: FormData, kind: string): Record<string, unknown> {
  const prefix = `${kind}.`;
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (!key.startsWith(prefix) || typeof value !== "string") continue;
    const field = key.slice(prefix.length);
    out[field] = value.trim();
  }
  return out;
}

export function readEditorForm(
  form: FormData,
  kind: string,
): { draft: DraftInput; details: Record<string, unknown> } {
  const holdingChoice = text(form, "holdings");
  const heldAssets = form
    .getAll("held")
    .filter((v): v is string => typeof v === "string" && PICKABLE_ASSETS.includes(v));
  const held: HeldChoice =
    holdingChoice === "none"
      ? { none: true }
      : holdingChoice === "some"
        ? { none: false, assets: heldAssets }
        : null;
  const holdings =
    held === null
      ? ""
      : held.none
        ? holdingsSentence([])
        : held.assets.length > 0
          ? holdingsSentence(held.assets)
          : "";
  return {
    draft: {
      title: text(form, "title"),
      summary: text(form, "summary"),
      body: text(form, "body"),
      premium: form.get("premium") === "on",
      holdings,
      assets: form.getAll("assets").filter((v): v is string => typeof v === "string"),
      topics: parseList(text(form, "topics")),
    },
    details: {
      ...kindFields(form, kind),
      held: held === null ? null : held.none ? "none" : held.assets,
    },
  };
}

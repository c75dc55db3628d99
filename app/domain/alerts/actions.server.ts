// What the /alerts and /watchlists forms do: one workflow per intent, each rate-limited and scoped
// to the signed-in member; the routes only parse the form and map the answer (ADR 0075).
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume, type Window } from "../accounts/rate-limit.server.ts";
import { fieldErrors, formText, formValues, parseId } from "../forms.ts";
import { createAlert, deleteAlert, setAlertPaused } from "./alerts.server.ts";
import { alertFormSchema, type FormAnswer, watchlistMessages, watchlistNameSchema } from "./rules.ts";
import {
  addToWatchlist,
  createWatchlist,
  deleteWatchlist,
  removeFromWatchlist,
  renameWatchlist,
} from "./watchlists.server.ts";

/** Changes to alerts and watchlists by one member: far above any person's use, a stop for a script. */
export const PORTFOLIO_TOOL_CHANGES_PER_MEMBER: Readonly<Window> = Object.freeze({
  limit: 300,
  windowMs: 60 * 60_000,
});
export const TOO_MANY = "Too many changes in a short time. Try again later.";

async function limited(db: Db, userId: string) {
  const decision = await consume(
    db,
    `portfolio-tools:${userId}`,
    PORTFOLIO_TOOL_CHANGES_PER_MEMBER,
    systemClock,
  );
  return !decision.allowed;
}

export async function alertsAction(
  db: Db,
  userId: string,
  form: FormData,
  options: { staleSeconds: number },
): Promise<FormAnswer> {
  const intent = formText(form.get("intent"));
  if (await limited(db, userId)) return { ok: false, intent, errors: { form: TOO_MANY } };
  if (intent === "create") {
    const parsed = alertFormSchema.safeParse(formValues(form));
    if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
    const created = await createAlert(db, userId, parsed.data, options);
    if (!created.ok) return { ok: false, intent, errors: created.errors };
    return { ok: true, intent, message: "Alert created." };
  }
  const id = parseId(form.get("id"));
  const missing = {
    ok: false,
    intent,
    errors: { form: "That alert no longer exists or cannot change now." },
  };
  if (id === null) return missing;
  if (intent === "pause" || intent === "resume") {
    return (await setAlertPaused(db, userId, id, intent === "pause"))
      ? { ok: true, intent, message: intent === "pause" ? "Alert paused." : "Alert resumed." }
      : missing;
  }
  if (intent === "delete") {
    return (await deleteAlert(db, userId, id)) ? { ok: true, intent, message: "Alert deleted." } : missing;
  }
  return { ok: false, intent, errors: { form: "Unknown action." } };
}

export async function watchlistsAction(
  db: Db,
  userId: string,
  form: FormData,
  options: { staleSeconds: number },
): Promise<FormAnswer> {
  const intent = formText(form.get("intent"));
  const listId = formText(form.get("id")) || undefined;
  if (await limited(db, userId)) return { ok: false, intent, listId, errors: { form: TOO_MANY } };
  if (intent === "create" || intent === "rename") {
    const name = watchlistNameSchema.safeParse(formText(form.get("name")));
    if (!name.success) return { ok: false, intent, listId, errors: { name: watchlistMessages.name } };
    const id = parseId(form.get("id"));
    if (intent === "rename" && id === null)
      return { ok: false, intent, listId, errors: { form: "That list no longer exists." } };
    const done =
      intent === "create" || id === null
        ? await createWatchlist(db, userId, name.data)
        : await renameWatchlist(db, userId, id, name.data);
    if (!done.ok) return { ok: false, intent, listId, errors: { [done.field]: done.message } };
    return {
      ok: true,
      intent,
      listId: done.id,
      message: intent === "create" ? "List created." : "List renamed.",
    };
  }
  const id = parseId(form.get("id"));
  if (id === null) return { ok: false, intent, listId, errors: { form: "That list no longer exists." } };
  if (intent === "delete") {
    return (await deleteWatchlist(db, userId, id))
      ? { ok: true, intent, message: "List deleted." }
      : { ok: false, intent, listId, errors: { form: "That list no longer exists." } };
  }
  const symbol = formText(form.get("symbol")).trim();
  if (intent === "add") {
    if (!symbol) return { ok: false, intent, listId, errors: { symbol: watchlistMessages.symbol } };
    const added = await addToWatchlist(db, userId, id, symbol, options);
    if (!added.ok) return { ok: false, intent, listId, errors: { [added.field]: added.message } };
    return { ok: true, intent, listId, message: `${symbol} added.` };
  }
  if (intent === "remove") {
    await removeFromWatchlist(db, userId, id, symbol);
    return { ok: true, intent, listId, message: `${symbol} removed.` };
  }
  return { ok: false, intent, listId, errors: { form: "Unknown action." } };
}

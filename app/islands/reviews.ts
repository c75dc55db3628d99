import { prepareToasts, showToast } from "./toast.ts";

/**
 * ui/marketing/review-cards.tsx's actions. 'Useful' (signed-in members only: visitors get a link
 * to sign in, rendered by the server) and the report flag are forms posting to the review's
 * resource route (routes/review-action.ts); here they post in the background, like the hydrated
 * page's fetchers, and the card changes only when the server says ok. Share uses the share sheet
 * or copies the card's link.
 */
export function enhanceReviews(doc: Document) {
  if (!doc.querySelector("[data-review-action], [data-share]")) return;
  prepareToasts(doc);
  const pending = new WeakSet<HTMLFormElement>();

  doc.addEventListener("submit", async (event) => {
    const form = event.target as HTMLFormElement;
    const kind = form.dataset.reviewAction;
    if (kind !== "useful" && kind !== "flag") return;
    event.preventDefault();
    const button = form.querySelector("button");
    if (!button || button.disabled || pending.has(form)) return;
    pending.add(form);
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form) });
      const result = (await response.json()) as { ok?: boolean; usefulCount?: number };
      if (result.ok !== true) return;
      button.disabled = true;
      if (kind === "useful") {
        button.setAttribute("aria-pressed", "true");
        const label = button.querySelector("[data-label]");
        const count = result.usefulCount ?? 0;
        if (label) label.textContent = `Useful${count > 0 ? ` (${count})` : ""}`;
      } else {
        button.setAttribute("aria-label", "Reported for moderation");
        const reported = doc.createElement("span");
        reported.className = "text-xs";
        reported.textContent = "Reported";
        button.append(reported);
      }
    } catch {
      // Offline or an unexpected answer: the card stays as it was, as with the hydrated page.
    } finally {
      pending.delete(form);
    }
  });

  doc.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-share]");
    if (!button) return;
    const url = `${window.location.origin}/${button.dataset.share ?? ""}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: button.dataset.shareTitle ?? "", url });
        return;
      } catch {
        // Cancelled or unavailable: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast("Link copied");
    } catch {
      showToast("Could not copy the link", { tone: "negative" });
    }
  });
}

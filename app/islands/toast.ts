/**
 * A short message at the foot of the screen, as ui/toast-layer.tsx shows on the hydrated pages:
 * inside a "Notifications" region whose list is a polite live region, gone after `durationMs`.
 */
const tones = {
  neutral: "bg-ink text-inverse",
  positive: "bg-positive text-inverse",
  negative: "bg-negative text-inverse",
} as const;

// Browser-only state (ADR 0064): the landing page's one toast region.
let list: HTMLOListElement | null = null;

/** Creates the (empty) live region up front: screen readers announce changes to an existing one. */
export function prepareToasts(doc: Document) {
  if (list) return;
  const region = doc.createElement("div");
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", "Notifications");
  list = doc.createElement("ol");
  list.setAttribute("aria-live", "polite");
  list.className =
    "fixed bottom-20 left-1/2 z-[60] flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2";
  region.append(list);
  doc.body.append(region);
}

export function showToast(
  message: string,
  { tone = "neutral", durationMs = 4000 }: { tone?: keyof typeof tones; durationMs?: number } = {},
) {
  prepareToasts(document);
  const item = document.createElement("li");
  item.className = `rounded-lg px-4 py-3 text-sm font-medium shadow-pop ${tones[tone]}`;
  item.textContent = message;
  list?.append(item);
  setTimeout(() => item.remove(), durationMs);
}

/**
 * Native modal dialogs rendered closed with the page (ui/static-dialog.tsx, the static mobile menu
 * in ui/layout/public-nav.tsx), opened by `[data-opens-dialog=<id>]`. Like the Radix dialogs of the
 * hydrated pages: the rest of the page is inert while one is open (showModal), the page behind
 * does not scroll, Escape, a `[data-closes-dialog]` button or a click on the backdrop closes it,
 * and focus returns to the button that opened it, whose aria-expanded follows. A dialog with
 * `data-close-when=<media query>` closes when the query starts to match (the mobile menu at
 * more than 800 px).
 */
export function enhanceDialogs(doc: Document) {
  for (const opener of doc.querySelectorAll<HTMLElement>("[data-opens-dialog]")) {
    const dialog = doc.getElementById(opener.dataset.opensDialog ?? "");
    if (!(dialog instanceof HTMLDialogElement)) continue;
    opener.addEventListener("click", () => openDialog(dialog, opener));
  }
}

function openDialog(dialog: HTMLDialogElement, opener: HTMLElement) {
  if (dialog.open) return;
  const body = dialog.ownerDocument.body;
  const overflow = body.style.overflow;
  const query = dialog.dataset.closeWhen ? window.matchMedia(dialog.dataset.closeWhen) : null;
  const onQuery = () => {
    if (query?.matches) dialog.close();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-closes-dialog]")) dialog.close();
  };

  dialog.showModal();
  body.style.overflow = "hidden";
  opener.setAttribute("aria-expanded", "true");
  dialog.addEventListener("click", onClick);
  query?.addEventListener("change", onQuery);
  dialog.addEventListener(
    "close",
    () => {
      body.style.overflow = overflow;
      opener.setAttribute("aria-expanded", "false");
      dialog.removeEventListener("click", onClick);
      query?.removeEventListener("change", onQuery);
      opener.focus();
    },
    { once: true },
  );
}

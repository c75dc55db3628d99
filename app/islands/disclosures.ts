/** ui/disclosure.tsx's panels: the button's aria-expanded and its panel's `hidden` change together. */
export function enhanceDisclosures(doc: Document) {
  doc.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-disclosure]");
    if (!button) return;
    const panel = doc.getElementById(button.getAttribute("aria-controls") ?? "");
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    if (panel) panel.hidden = !open;
  });
}

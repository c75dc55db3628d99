/**
 * The wide navigation's Tools and Products menus (ui/layout/public-nav.tsx's DesktopNav): one open
 * at a time; a click outside, tabbing out of the menu or Escape (which returns focus to its
 * button) closes it.
 */
export function enhanceNavMenus(doc: Document) {
  const container = doc.querySelector<HTMLElement>("[data-nav-menus]");
  if (!container) return;
  const triggers = [...container.querySelectorAll<HTMLButtonElement>("button[data-menu-trigger]")];
  let open: HTMLButtonElement | null = null;

  function show(next: HTMLButtonElement | null) {
    for (const trigger of triggers) {
      trigger.setAttribute("aria-expanded", String(trigger === next));
      const menu = doc.getElementById(trigger.getAttribute("aria-controls") ?? "");
      if (menu) menu.hidden = trigger !== next;
    }
    open = next;
  }

  for (const trigger of triggers) {
    trigger.addEventListener("click", () => show(open === trigger ? null : trigger));
    const item = trigger.parentElement;
    item?.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !item.contains(next) && open === trigger) show(null);
    });
  }
  doc.addEventListener("pointerdown", (event) => {
    if (open && !container.contains(event.target as Node)) show(null);
  });
  doc.addEventListener("keydown", (event) => {
    if (open && event.key === "Escape") {
      const trigger = open;
      show(null);
      trigger.focus();
    }
  });
}

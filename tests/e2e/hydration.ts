import type { Page } from "@playwright/test";

/**
 * Open a page and wait until its script has taken it over, so a click is not lost on
 * server-rendered HTML whose handlers are not attached yet (likely on a loaded CI machine). React
 * marks the DOM nodes it has hydrated with `__reactFiber$…` properties; a page sent without
 * hydration (the landing page, ADR 0063) has its own script, which sets `data-enhanced` on <html>
 * once every behaviour is attached. `networkidle` is no signal here because the ticker keeps a
 * Server-Sent Events stream open.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.enhanced === "true") return true;
    const node = document.querySelector("main") ?? document.body;
    return Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
  });
}

import type { Page } from "@playwright/test";

/** Keeps every EventSource the page opens from the next page on, so a test can play a server event on one. */
export async function keepEventSources(page: Page) {
  await page.addInitScript(() => {
    const kept: EventSource[] = [];
    (window as unknown as { __eventSources: EventSource[] }).__eventSources = kept;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        kept.push(this);
      }
    };
  });
}

/**
 * The account stream asks the page to re-read its loaders (`resync`, as after a reconnect; any
 * account event does the same), and this waits for that re-read. React Router drops actionData on
 * such a re-read, which once emptied a form's answer (useKeptAnswer).
 */
export async function playAccountResync(page: Page, timeout = 20_000) {
  const dataPath = `${new URL(page.url()).pathname.replace(/\/$/, "") || "/_root"}.data`;
  const reread = page.waitForResponse(
    (response) => response.request().method() === "GET" && new URL(response.url()).pathname === dataPath,
    { timeout },
  );
  await page.evaluate(() => {
    const sources = (window as unknown as { __eventSources: EventSource[] }).__eventSources;
    for (const source of sources)
      if (source.url.endsWith("/api/stream/account")) source.dispatchEvent(new Event("resync"));
  });
  await reread;
  // The response is in; React Router then decodes it and React commits the page in a transition.
  // Waiting for the router to settle and for two frames means the checks that follow see the page
  // after the re-read, not before it.
  await page.waitForFunction(
    () => {
      const router = (
        window as unknown as {
          __reactRouterDataRouter?: { state: { revalidation: string; navigation: { state: string } } };
        }
      ).__reactRouterDataRouter;
      return router?.state.revalidation === "idle" && router.state.navigation.state === "idle";
    },
    undefined,
    { timeout },
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

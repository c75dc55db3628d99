// The service worker (public/sw.js) run against a stand-in for its global scope: a push shows the
// notification with its title, body and same-site link; a click focuses or opens that page, and a
// link to another site opens this site's home instead.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const source = readFileSync(path.resolve(import.meta.dirname, "../../../public/sw.js"), "utf8");

function worker(windows: { url: string; focus: () => Promise<void> }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; data: { link: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://coinlens.example" },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]["options"]) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function("self", source)(self);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { fire, shown, opened };
}

const pushOf = (message: unknown) => ({ data: { json: () => message, text: () => JSON.stringify(message) } });

describe("the service worker", () => {
  it("shows a push with its title and body, keeping its link on this site", async () => {
    const sw = worker();
    await sw.fire(
      "push",
      pushOf({ title: "BTC is above $101,000.00", body: "Information, not advice.", link: "/alerts" }),
    );
    expect(sw.shown).toEqual([
      {
        title: "BTC is above $101,000.00",
        options: expect.objectContaining({
          body: "Information, not advice.",
          data: { link: "https://coinlens.example/alerts" },
        }),
      },
    ]);
    await sw.fire("push", pushOf({ title: "Phish", link: "https://evil.example/login" }));
    expect(sw.shown[1]?.options.data.link).toBe("https://coinlens.example/");
  });

  it("a click opens the link, or focuses the tab already on it", async () => {
    let focused = 0;
    const sw = worker([{ url: "https://coinlens.example/alerts", focus: async () => void focused++ }]);
    const click = (link: string) => ({ notification: { close: () => undefined, data: { link } } });
    await sw.fire("notificationclick", click("https://coinlens.example/alerts"));
    expect(focused).toBe(1);
    await sw.fire("notificationclick", click("https://coinlens.example/watchlists"));
    await sw.fire("notificationclick", click("//evil.example/x"));
    expect(sw.opened).toEqual(["https://coinlens.example/watchlists", "https://coinlens.example/"]);
  });
});

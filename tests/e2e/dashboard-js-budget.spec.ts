import { gzipSync } from "node:zlib";
import type { Response } from "@playwright/test";
import { expect, test, viewports } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// The signed-in dashboard's JavaScript budget (issue 21, ADR 0095): at most 250 KiB gzipped.
// Counted as a phone receives it: every script response's body as it came over the wire (the
// server compresses; a file too small to compress counts in full), plus the inline scripts
// (hydration data, route manifest) gzipped, since they travel inside the compressed document.
// bench/dashboard-bench.ts measures the same page in detail and with Lighthouse.

const BUDGET_BYTES = 250 * 1024;

test.use({ viewport: viewports.mobile });

test("the signed-in dashboard downloads at most 250 KiB of gzipped JavaScript", async ({
  page: signInPage,
  browser,
}) => {
  await signInNewMember(signInPage, "js-budget");
  // A fresh load, as after opening the app: a new context has the session but an empty cache.
  const context = await browser.newContext({
    viewport: viewports.mobile,
    storageState: await signInPage.context().storageState(),
  });
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  const document = await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  await page.waitForLoadState("load");

  const files: { url: string; transferred: number; gzip: number }[] = [];
  for (const response of scripts) {
    const body = await response.body();
    const { responseBodySize } = await response.request().sizes();
    files.push({
      url: new URL(response.url()).pathname,
      transferred: responseBodySize,
      gzip: gzipSync(body).length,
    });
  }
  const html = (await document?.text()) ?? "";
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? "")
    .join("\n");
  const inlineGzip = gzipSync(inline).length;
  const transferred = files.reduce((sum, f) => sum + f.transferred, 0) + inlineGzip;
  const gzipped = files.reduce((sum, f) => sum + f.gzip, 0) + inlineGzip;

  expect(files.length, "the dashboard loads its scripts").toBeGreaterThan(0);
  const report = `${files.length} files, ${(transferred / 1024).toFixed(1)} KiB transferred, ${(gzipped / 1024).toFixed(1)} KiB gzipped (inline ${(inlineGzip / 1024).toFixed(1)} KiB):\n${files
    .sort((a, b) => b.transferred - a.transferred)
    .map((f) => `  ${f.url} ${(f.transferred / 1024).toFixed(1)} KiB`)
    .join("\n")}`;
  test.info().annotations.push({ type: "dashboard JavaScript", description: report });
  await context.close();
  expect(transferred, report).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(gzipped, report).toBeLessThanOrEqual(BUDGET_BYTES);
});

/**
 * How much JavaScript the landing page really makes a phone download: every script response
 * Debian's Chromium receives while loading `/` at 375 px until the network is idle, gzipped
 * (level 9) the way a compressing server or CDN would send it.
 *
 *   BUILD_DIR=build npm run build && node server/main.ts &      # any running instance
 *   node bench/landing-js.ts [http://localhost:3000]
 *
 * Goal (ADR 0043): at most 120 KiB gzipped.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";

const base = (process.argv[2] ?? process.env.BASE ?? "http://localhost:3000").replace(/\/$/, "");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  const html = await page.content();
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? "")
    .join("\n");
  const rows: { path: string; raw: number; gzip: number }[] = [];
  for (const response of scripts) {
    const body = await response.body();
    rows.push({
      path: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  rows.push({
    path: "(inline scripts)",
    raw: Buffer.byteLength(inline),
    gzip: gzipSync(inline, { level: 9 }).length,
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const kib = (n: number) => (n / 1024).toFixed(1);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
  console.log(`Landing page JavaScript at ${base}/ (375 px, ${scripts.length} script files)\n`);
  console.log("| File | Raw KiB | Gzip KiB |\n|---|---:|---:|");
  for (const row of rows.slice(0, 10)) console.log(`| ${row.path} | ${kib(row.raw)} | ${kib(row.gzip)} |`);
  if (rows.length > 10) {
    const rest = rows.slice(10);
    console.log(
      `| ${rest.length} smaller files | ${kib(rest.reduce((s, r) => s + r.raw, 0))} | ${kib(rest.reduce((s, r) => s + r.gzip, 0))} |`,
    );
  }
  console.log(`| **Total** | **${kib(totalRaw)}** | **${kib(total)}** |\n`);
  console.log(`Goal ≤ 120 KiB gzipped: ${total / 1024 <= 120 ? "met" : "not met"}`);
} finally {
  await browser.close();
}

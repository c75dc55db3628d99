/**
 * Every script a page makes Debian's Chromium download at 375 px until the network is idle, plus
 * its inline scripts (hydration data, manifest; JSON-LD excepted), each gzipped at level 9 the way
 * a compressing server or CDN sends it.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";

export interface ScriptRow {
  path: string;
  raw: number;
  gzip: number;
}

export interface PageJs {
  rows: ScriptRow[];
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** The document itself, raw and gzipped (level 9). */
  html: { raw: number; gzip: number };
}

export async function measurePageJs(url: string, cookie?: { name: string; value: string }): Promise<PageJs> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response);
    });
    const documentResponse = await page.goto(url, { waitUntil: "networkidle" });
    const documentBody = (await documentResponse?.body()) ?? Buffer.alloc(0);
    const html = documentBody.toString("utf8");
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1] ?? "")
      .join("\n");
    const rows: ScriptRow[] = [];
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
    return {
      rows,
      files: scripts.length,
      rawBytes: rows.reduce((s, r) => s + r.raw, 0),
      gzipBytes: rows.reduce((s, r) => s + r.gzip, 0),
      html: { raw: documentBody.length, gzip: gzipSync(documentBody, { level: 9 }).length },
    };
  } finally {
    await browser.close();
  }
}

const kib = (n: number) => (n / 1024).toFixed(1);

/** A Markdown table: the `top` largest files, the rest summed, and the total. */
export function jsTable(js: PageJs, top = 10): string {
  const lines = ["| File | Raw KiB | Gzip KiB |", "|---|---:|---:|"];
  for (const row of js.rows.slice(0, top)) lines.push(`| ${row.path} | ${kib(row.raw)} | ${kib(row.gzip)} |`);
  const rest = js.rows.slice(top);
  if (rest.length)
    lines.push(
      `| ${rest.length} smaller files | ${kib(rest.reduce((s, r) => s + r.raw, 0))} | ${kib(rest.reduce((s, r) => s + r.gzip, 0))} |`,
    );
  lines.push(`| **Total (${js.files} files)** | **${kib(js.rawBytes)}** | **${kib(js.gzipBytes)}** |`);
  return lines.join("\n");
}

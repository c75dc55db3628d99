/**
 * How much JavaScript the landing page really makes a phone download: every script response
 * Debian's Chromium receives while loading `/` at 375 px until the network is idle, gzipped
 * (level 9) the way a compressing server or CDN would send it (bench/lib/page-js.ts, which the
 * dashboard bench counts with too).
 *
 *   BUILD_DIR=build npm run build && node server/main.ts &      # any running instance
 *   node bench/landing-js.ts [http://localhost:3000]
 *
 * Goal (ADR 0043): at most 120 KiB gzipped.
 */
import { jsTable, measurePageJs } from "./lib/page-js.ts";

const base = (process.argv[2] ?? process.env.BASE ?? "http://localhost:3000").replace(/\/$/, "");
const js = await measurePageJs(`${base}/`);
console.log(`Landing page JavaScript at ${base}/ (375 px, ${js.files} script files)\n`);
console.log(`${jsTable(js)}\n`);
console.log(`Goal ≤ 120 KiB gzipped: ${js.gzipBytes / 1024 <= 120 ? "met" : "not met"}`);

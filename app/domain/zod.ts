// Zod for the schemas the browser loads too. Zod probes `new Function` to decide whether to compile
// its validators; our Content-Security-Policy forbids eval, so in the browser the probe shows up
// as a CSP violation. Every schema module imports `z` from here, so the setting is made before any
// schema parses — and only pages that validate something download Zod at all (the landing page
// does not: its JavaScript budget, ADR 0043).
import { z } from "zod";

z.config({ jitless: true });

export { z };

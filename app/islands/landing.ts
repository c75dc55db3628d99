/**
 * The landing page's behaviour without React (ADR 0063). `/` is rendered on the server and sent
 * without hydration; this script — plain TypeScript, a few KiB — drives the server-rendered markup
 * of the same components the other pages hydrate: the disclosures, the navigation menus, the
 * mobile menu and the Terms dialog, the pricing toggle and payment switch, the reviews' Useful,
 * Share and report, and the live ticker. The components mark what it drives with data-*
 * attributes; the browser tests run against both implementations.
 *
 * Loaded as a module script from <head> (app/root.tsx): it runs once the document is parsed. When it
 * has attached everything it sets `data-enhanced` on <html> (tests wait for it, as they wait for
 * hydration elsewhere).
 */
import { enhanceDialogs } from "./dialogs.ts";
import { enhanceDisclosures } from "./disclosures.ts";
import { enhanceNavMenus } from "./nav-menus.ts";
import { enhancePricing } from "./pricing.ts";
import { enhanceReviews } from "./reviews.ts";
import { followTicker } from "./ticker.ts";

enhanceDisclosures(document);
enhanceNavMenus(document);
enhanceDialogs(document);
enhancePricing(document);
enhanceReviews(document);
followTicker(document);
document.documentElement.dataset.enhanced = "true";

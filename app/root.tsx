import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getConfig } from "./config.server.ts";
import { parseTheme } from "./domain/preferences/theme.ts";
import { ErrorPanel } from "./ui/error-panel.tsx";
import { useThemeChoice } from "./ui/theme.tsx";
import { ToastProvider } from "./ui/toast.tsx";
import type { RootData } from "./utils/brand.ts";
import { errorPageContent } from "./utils/error-page.ts";
import { LowPriorityModulePreloads } from "./utils/module-preloads.tsx";
import { useNonce } from "./utils/nonce.tsx";
import { StaticDocumentContext, staticPageScript } from "./utils/static-document.tsx";

export function loader({ request }: Route.LoaderArgs): RootData {
  const { brand, publicUrl } = getConfig();
  return {
    brand,
    year: new Date().getFullYear(),
    publicUrl: publicUrl.replace(/\/$/, ""),
    // This device's colour theme, so the first paint is already right (ADR 0068).
    theme: parseTheme(request.headers.get("cookie")),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A route with `handle: { hydrate: false, script }` is sent without React: no <Scripts /> (the
  // framework, its modulepreloads and the hydration data), only its own small script (ADR 0063).
  const staticScript = staticPageScript(useMatches());
  const [theme] = useThemeChoice();
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        {staticScript ? null : <LowPriorityModulePreloads nonce={nonce} />}
        <Meta />
        <Links />
        {/* A module script runs after parsing, like defer; the built file is one self-contained IIFE. */}
        {staticScript ? <script type="module" src={staticScript} nonce={nonce} /> : null}
      </head>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow-pop"
        >
          Skip to content
        </a>
        {staticScript ? (
          <StaticDocumentContext.Provider value={true}>{children}</StaticDocumentContext.Provider>
        ) : (
          <>
            {children}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/**
 * Friendly error pages: the real status (403, 404, 429 … or 500), no stack traces, a way back;
 * the request is logged server-side. Back-office pages have their own (admin/forbidden.tsx).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="bg-canvas">
      <ErrorPanel content={errorPageContent(error)} />
    </main>
  );
}

import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, ServerInstrumentation } from "react-router";
import { RouterContextProvider, ServerRouter } from "react-router";
import { requestContext } from "./context.server.ts";
import { log } from "./log.server.ts";
import { NonceContext } from "./utils/nonce.tsx";
import { isStaticDocument } from "./utils/static-document.tsx";

export const streamTimeout = 5_000;

/**
 * Tells the HTTP server which route pattern answered (`/research/:slug`), for the metrics' route
 * label (ADR 0089): the pattern, never the address, so the label has a fixed set of values.
 */
export const instrumentations: readonly ServerInstrumentation[] = Object.freeze([
  Object.freeze({
    handler(handler: Parameters<NonNullable<ServerInstrumentation["handler"]>>[0]) {
      handler.instrument({
        async request(handle, info) {
          const result = await handle();
          const pattern = result.meta?.pattern;
          if (pattern) readRequestInfo(info.context)?.notePattern?.(pattern);
        },
      });
    },
  }),
]);

function readRequestInfo(context: Pick<RouterContextProvider, "get"> | undefined) {
  try {
    return context?.get(requestContext);
  } catch {
    return undefined;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const info = loadContext.get(requestContext);
  // A document without hydration runs no inline script (ADR 0063): it is sent whole, with no nonce
  // in it or in its Content-Security-Policy, so it is the same for every visitor (ADR 0091).
  const staticDocument = isStaticDocument(routerContext);
  if (staticDocument) info.noteStaticDocument?.();
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { requestId } = info;
  const nonce = staticDocument ? "" : info.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      // A static document waits for everything: streaming the rest of a suspended part would need
      // React's inline scripts, which its policy does not allow.
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || staticDocument
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error", { requestId, error });
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }) {
  if (request.signal.aborted) return;
  // The request id ties this line to the request's own log line and the response's X-Request-Id.
  let requestId: string | undefined;
  try {
    requestId = context instanceof RouterContextProvider ? context.get(requestContext).requestId : undefined;
  } catch {
    // no request context (not served through server/app.ts)
  }
  log.error("server error", {
    requestId,
    path: new URL(request.url).pathname,
    error,
    stack: (error as Error)?.stack,
  });
}

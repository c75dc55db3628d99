import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { errorPageContent } from "./error-page.ts";

// What the root ErrorBoundary shows: a thrown response is an ErrorResponse by the time it reaches
// the boundary (status, statusText, data), exactly as constructed here.
const thrown = (status: number, data: unknown = null) => new ErrorResponse(status, "", data);

describe("errorPageContent", () => {
  it("a 403 keeps its status and shows the message the server wrote for the member", () => {
    expect(
      errorPageContent(
        thrown(403, {
          message: "Please confirm your e-mail address first. We sent you a link when you signed up.",
        }),
      ),
    ).toEqual({
      status: 403,
      title: "You don't have access to this",
      message: "Please confirm your e-mail address first. We sent you a link when you signed up.",
    });
  });

  it("a 4xx may offer one next step inside the site, never a link elsewhere", () => {
    const next = { to: "/settings", label: "Send a new confirmation link" };
    expect(errorPageContent(thrown(403, { message: "Confirm first.", next }))).toEqual({
      status: 403,
      title: "You don't have access to this",
      message: "Confirm first.",
      next,
    });
    for (const to of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "settings", ""]) {
      expect(errorPageContent(thrown(403, { next: { to, label: "Go" } })).next, to).toBeUndefined();
    }
    expect(errorPageContent(thrown(403, { next: { to: "/settings", label: " " } })).next).toBeUndefined();
    // A 5xx never carries anything from the error.
    expect(errorPageContent(thrown(500, { next })).next).toBeUndefined();
  });

  it("a 403 without a message says so in plain words", () => {
    expect(errorPageContent(thrown(403, "Forbidden"))).toMatchObject({
      status: 403,
      message: "Your account does not have access to this. If you think it should, contact support.",
    });
  });

  it("a 404 is the friendly not-found page, whatever the response carried", () => {
    expect(errorPageContent(thrown(404, { message: "No such row 42" }))).toEqual({
      status: 404,
      title: "We can't find that page",
      message: "The page may have moved, or the address may be mistyped.",
    });
  });

  it("other client errors keep their status: 401, 429, 405", () => {
    expect(errorPageContent(thrown(401))).toMatchObject({ status: 401, title: "Please sign in" });
    expect(errorPageContent(thrown(429))).toMatchObject({ status: 429, title: "Too many requests" });
    expect(errorPageContent(thrown(405, "Method not allowed"))).toMatchObject({
      status: 405,
      title: "We couldn't complete that request",
      message: "Please go back and try again. Nothing was changed.",
    });
  });

  it("an exception or a 5xx is a 500-style page that never repeats what the error said", () => {
    const exception = errorPageContent(new Error("relation users does not exist at db.ts:12:3"));
    expect(exception).toEqual({
      status: 500,
      title: "Something went wrong",
      message:
        "An unexpected error occurred on our side. Your money and data are safe. Please try again in a moment.",
    });
    const unavailable = errorPageContent(thrown(503, { message: "pool exhausted" }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.message).not.toContain("pool");
    expect(errorPageContent("a string")).toMatchObject({ status: 500 });
  });
});

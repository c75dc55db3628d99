import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";

// Members for browser tests. The test-only endpoints (/api/test/trade, /api/test/history,
// /api/test/staff) exist only in a build made with APP_ENV=test (ADR 0062); the member then signs
// in through the form, as a person would.

export const PASSWORD = "Member-session-2026!";
let counter = 0;

/** A credit posted through the ledger by /api/test/trade, to the real ledger unless told. */
export interface Credit {
  asset: string;
  amount: string;
  ledger?: "real" | "demo";
}

/** POSTs to a test-only endpoint; a refusal fails the test with the server's answer. */
export async function testApi(request: APIRequestContext, path: string, body: unknown) {
  const response = await request.post(path, { data: body });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response;
}

/** A unique address for a new member: "<tag>-<time>-<process>-<n>@<domain>". */
export function memberEmail(tag: string, domain = "coinlens.test") {
  return `${tag}-${Date.now()}-${process.pid}-${++counter}@${domain}`;
}

/** A verified member with a real and a demo account, and each credit posted; returns the e-mail. */
export async function createMember(
  request: APIRequestContext,
  options: { email: string; password: string; credits?: readonly Credit[] },
) {
  const { email, password } = options;
  await testApi(request, "/api/test/trade", { action: "member", email, password });
  for (const credit of options.credits ?? []) {
    await testApi(request, "/api/test/trade", {
      action: "credit",
      email,
      ledger: credit.ledger ?? "real",
      asset: credit.asset,
      amount: credit.amount,
    });
  }
  return email;
}

/**
 * Signs in by posting the sign-in form's fields to its action (the document request a browser
 * without JavaScript makes), with the page's cookies, then opens where it sends the member: the
 * dashboard. The form itself, hydrated and typed into, is auth.spec's subject; here it would only
 * cost every test another page load on the 2-core CI machine.
 */
export async function signInWithPassword(page: Page, email: string, password: string) {
  const response = await page.request.post("/login", {
    form: { email, password, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  const location = response.headers().location;
  if (response.status() !== 302 || !location) {
    throw new Error(`sign-in refused (${response.status()}): ${(await response.text()).slice(0, 200)}`);
  }
  await page.goto(location);
  await page.waitForURL(/\/dashboard/, { timeout: 20_000 });
}

/**
 * A new member (`credits` posted first) signed in on `page`. Returns the e-mail; the page is on
 * /dashboard, its address changed but not necessarily rendered.
 */
export async function newSignedInMember(
  page: Page,
  options: { tag: string; password: string; domain?: string; credits?: readonly Credit[] },
) {
  const email = memberEmail(options.tag, options.domain);
  await createMember(page.request, { email, password: options.password, credits: options.credits ?? [] });
  await signInWithPassword(page, email, options.password);
  return email;
}

/** The same as newSignedInMember, in a browser context of the member's own (cookies apart). */
export async function newMemberInOwnContext(
  browser: Browser,
  options: { tag: string; password: string; domain?: string; credits?: readonly Credit[] },
) {
  const page = await (await browser.newContext()).newPage();
  const email = await newSignedInMember(page, options);
  return { page, email };
}

/**
 * A fresh verified member with a real and a demo account, signed in through the form and left on a
 * hydrated, rendered /dashboard. Returns the e-mail.
 */
export async function signInNewMember(page: Page, tag = "member") {
  const email = await newSignedInMember(page, { tag, password: PASSWORD });
  // A client-side navigation changes the URL just before the new page renders.
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  return email;
}

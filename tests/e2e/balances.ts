import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The signed-in member's real available balance of `asset`, as the API's exact decimal text. */
export async function availableBalance(member: Page, asset: string): Promise<string> {
  const response = await member.request.get("/api/user");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { balances: { real: Record<string, { available: string }> } };
  return body.balances.real[asset]?.available ?? "";
}

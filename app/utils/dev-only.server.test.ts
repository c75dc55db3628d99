import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./dev-only.server.ts";

describe("isLoopbackAddress", () => {
  it("accepts 127.0.0.0/8 and ::1, also IPv4-mapped as a dual-stack socket reports them", () => {
    for (const address of [
      "127.0.0.1",
      "127.0.0.9",
      "127.255.255.254",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::FFFF:127.1.2.3",
    ]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it("refuses every other address, and no address at all", () => {
    for (const address of [
      undefined,
      "",
      "128.0.0.1",
      "10.0.0.5",
      "192.168.1.20",
      "203.0.113.7",
      "0.0.0.0",
      "::",
      "::2",
      "fe80::1",
      "::ffff:10.0.0.5",
      "::ffff:203.0.113.7",
      "localhost",
      "127.0.0.1.evil.example",
      "127.0.0.1, 203.0.113.7",
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

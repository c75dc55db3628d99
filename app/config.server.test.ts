import { describe, expect, it } from "vitest";
import { productionBasics, productionBilling } from "../tests/config.ts";
import { parseConfig } from "./config.server.ts";

describe("parseConfig", () => {
  it("gives safe development defaults for an empty environment", () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.appEnv).toBe("development");
    expect(result.config.port).toBe(3000);
    expect(result.config.database).toEqual({ kind: "pglite", dataDir: "./data/pglite" });
    expect(result.config.seedSampleData).toBe(true);
    expect(result.config.marketData).toBe("sample");
    expect(result.config.brand.name).toBe("Coinlens");
    // Unset operator claims stay unset: nothing is claimed.
    expect(result.config.brand.legalEntity).toBeUndefined();
    expect(result.config.brand.regulator).toBeUndefined();
  });

  it("listens on loopback only outside production unless HOST is set; on every interface in production", () => {
    const production = productionBasics;
    const host = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? result.config.host : result.problems;
    };
    expect(host({})).toBe("127.0.0.1");
    expect(host({ APP_ENV: "development" })).toBe("127.0.0.1");
    expect(host({ APP_ENV: "test" })).toBe("127.0.0.1");
    // An empty value counts as unset, so `HOST=` in a .env file cannot open the server up.
    expect(host({ APP_ENV: "development", HOST: "" })).toBe("127.0.0.1");
    expect(host({ APP_ENV: "development", HOST: "0.0.0.0" })).toBe("0.0.0.0");
    expect(host({ APP_ENV: "test", HOST: "::1" })).toBe("::1");
    expect(host(production)).toBe("0.0.0.0");
    expect(host({ ...production, HOST: "10.0.0.5" })).toBe("10.0.0.5");
  });

  it("limits live-price streams per client address and in all, 6 and 1000 unless set", () => {
    const streams = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? result.config.market.quoteStreams : result.problems;
    };
    expect(streams({})).toEqual({ perClient: 6, total: 1000 });
    expect(streams({ QUOTE_STREAMS_PER_CLIENT: "20", QUOTE_STREAMS_TOTAL: "5000" })).toEqual({
      perClient: 20,
      total: 5000,
    });
    const refused = streams({ QUOTE_STREAMS_PER_CLIENT: "0", QUOTE_STREAMS_TOTAL: "lots" });
    expect(Array.isArray(refused) && refused.map((p) => p.split(":")[0])).toEqual([
      "QUOTE_STREAMS_PER_CLIENT",
      "QUOTE_STREAMS_TOTAL",
    ]);
  });

  it("names the server for X-Served-By only when INSTANCE_NAME is set, and only with a plain name", () => {
    const unset = parseConfig({});
    expect(unset.ok && unset.config.instanceName).toBeUndefined();
    const named = parseConfig({ INSTANCE_NAME: "app-1" });
    expect(named.ok && named.config.instanceName).toBe("app-1");
    const refused = parseConfig({ INSTANCE_NAME: "app 1\r\nSet-Cookie: x" });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems[0]).toMatch(/^INSTANCE_NAME: /);
  });

  it("lets only this machine read /metrics unless METRICS_ALLOW says otherwise, and refuses a non-address", () => {
    const allow = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? result.config.metricsAllow : result.problems;
    };
    expect(allow({})).toBe("127.0.0.1,::1");
    expect(allow({ METRICS_ALLOW: "10.0.0.0/8, 127.0.0.1" })).toBe("10.0.0.0/8, 127.0.0.1");
    const refused = allow({ METRICS_ALLOW: "prometheus.internal" });
    expect(Array.isArray(refused) && refused.map((p) => p.split(":")[0])).toEqual(["METRICS_ALLOW"]);
  });

  it("serves the anonymous landing page from memory for 5 s unless PAGE_CACHE_SECONDS says otherwise (0: off)", () => {
    const seconds = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? result.config.pageCacheSeconds : result.problems.map((p) => p.split(":")[0]);
    };
    expect(seconds({})).toBe(5);
    expect(seconds({ PAGE_CACHE_SECONDS: "0" })).toBe(0);
    expect(seconds({ PAGE_CACHE_SECONDS: "30" })).toBe(30);
    expect(seconds({ PAGE_CACHE_SECONDS: "3600" })).toEqual(["PAGE_CACHE_SECONDS"]);
    expect(seconds({ PAGE_CACHE_SECONDS: "-1" })).toEqual(["PAGE_CACHE_SECONDS"]);
  });

  it("switches to PostgreSQL when DATABASE_URL is set", () => {
    const result = parseConfig({ DATABASE_URL: "postgres://127.0.0.1:5432/test" });
    expect(result.ok && result.config.database).toEqual({
      kind: "postgres",
      url: "postgres://127.0.0.1:5432/test",
      maxConnections: 10,
    });
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE (for PgBouncer, ADR 0094), refusing nonsense", () => {
    const pool = (env: Record<string, string>) => {
      const result = parseConfig({ DATABASE_URL: "postgres://127.0.0.1:5432/test", ...env });
      return result.ok ? result.config.database : result.problems.map((p) => p.split(":")[0]);
    };
    expect(pool({ DATABASE_POOL_SIZE: "4" })).toMatchObject({ kind: "postgres", maxConnections: 4 });
    expect(pool({ DATABASE_POOL_SIZE: "0" })).toEqual(["DATABASE_POOL_SIZE"]);
    expect(pool({ DATABASE_POOL_SIZE: "many" })).toEqual(["DATABASE_POOL_SIZE"]);
  });

  it("reports one clear line per invalid value", () => {
    const result = parseConfig({
      PORT: "seventy",
      DATABASE_URL: "mysql://x",
      BRAND_CONTACT_EMAIL: "not-an-email",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(3);
    expect(result.problems.some((p) => p.startsWith("PORT:"))).toBe(true);
    expect(result.problems).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(result.problems).toContain("BRAND_CONTACT_EMAIL: must be an e-mail address");
  });

  it("refuses insecure defaults in production, one line each", () => {
    const result = parseConfig({ APP_ENV: "production" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.split(":")[0])).toEqual([
      "SESSION_SECRET",
      "PUBLIC_URL",
      "MARKET_DATA",
      "CHAIN_WATCHER",
      "BILLING_PROVIDER",
    ]);
  });

  it("refuses a short session secret and sample data in production", () => {
    const result = parseConfig({
      APP_ENV: "production",
      SESSION_SECRET: "short",
      PUBLIC_URL: "https://coinlens.example",
      MARKET_DATA: "live",
      CHAIN_WATCHER: "live",
      SEED_SAMPLE_DATA: "true",
      ...productionBilling(),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(["SESSION_SECRET: must be at least 32 characters"]);
  });

  it("accepts a complete production configuration without sample data", () => {
    const result = parseConfig({
      APP_ENV: "production",
      SESSION_SECRET: "x".repeat(48),
      PUBLIC_URL: "https://coinlens.example",
      MARKET_DATA: "live",
      CHAIN_WATCHER: "live",
      ...productionBilling(),
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.config.seedSampleData).toBe(false);
  });

  it("takes card payments with the sample provider by default outside production, and only with a live Stripe in production", () => {
    const billing = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? result.config.billing.provider : result.problems;
    };
    expect(billing({})).toBe("sample");
    expect(billing({ APP_ENV: "test" })).toBe("sample");
    expect(billing({ BILLING_PROVIDER: "stripe" })).toEqual([
      "STRIPE_SECRET_KEY: required with BILLING_PROVIDER=stripe",
      "STRIPE_WEBHOOK_SECRET: required with BILLING_PROVIDER=stripe (the endpoint's whsec_…)",
    ]);
    expect(
      billing({
        BILLING_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
      }),
    ).toBe("stripe");
    const { BILLING_PROVIDER: _, ...withoutProvider } = productionBasics;
    expect(billing(withoutProvider)).toEqual([
      "BILLING_PROVIDER: required in production and must be 'stripe' (the sample provider takes no real payment)",
    ]);
    expect(billing({ ...productionBasics, BILLING_PROVIDER: "sample" })).toHaveLength(1);
    expect(billing({ ...productionBasics, STRIPE_SECRET_KEY: "sk_test_abc" })).toEqual([
      "STRIPE_SECRET_KEY: a test-mode key takes no real payment; production needs a live key",
    ]);
    expect(billing(productionBasics)).toBe("stripe");
    const bad = billing({
      STRIPE_SECRET_KEY: "pk_live_abc",
      STRIPE_WEBHOOK_SECRET: "secret",
      BILLING_WEBHOOK_SECRET: "short",
    });
    expect(Array.isArray(bad) && bad.map((p) => p.split(":")[0])).toEqual([
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "BILLING_WEBHOOK_SECRET",
    ]);
  });
});

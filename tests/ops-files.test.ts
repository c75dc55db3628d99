import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The deployment files (ADR 0090) no test here can run whole: Docker has no daemon on these
// machines. What can be checked is: Caddy accepts both Caddyfiles and they say what the ADR says,
// and the Dockerfile and compose.yaml keep the properties an operator relies on.

interface Proxy {
  handler: string;
  upstreams: { dial: string }[];
  load_balancing: { selection_policy: { policy: string }; try_duration: number };
  health_checks: { active: { uri: string } };
  flush_interval: number;
}

/** Caddy's own reading of a Caddyfile (`caddy adapt`), with the given environment. */
function adapt(file: string, env: Record<string, string> = {}) {
  const json = execFileSync(
    process.env.CADDY_BIN ?? "caddy",
    ["adapt", "--config", file, "--adapter", "caddyfile"],
    {
      env: { ...process.env, ...env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const config = JSON.parse(json);
  const proxies: Proxy[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      if ((node as { handler?: string }).handler === "reverse_proxy") proxies.push(node as Proxy);
      Object.values(node).forEach(walk);
    }
  };
  walk(config);
  return { config, proxies };
}

describe("Caddy in front of two app servers", () => {
  it("npm run cluster: plain HTTP on loopback, round robin over both, /readyz health checks, no admin port", () => {
    const { config, proxies } = adapt("ops/cluster.Caddyfile", {
      CLUSTER_HOST: "127.0.0.1",
      CLUSTER_PORT: "8080",
      CLUSTER_UPSTREAMS: "127.0.0.1:8081 127.0.0.1:8082",
    });
    expect(config.admin).toEqual({ disabled: true });
    expect(config.apps.http.servers.srv0.listen).toEqual(["127.0.0.1:8080"]);
    expect(proxies).toHaveLength(1);
    const [proxy] = proxies as [Proxy];
    expect(proxy.upstreams.map((u) => u.dial)).toEqual(["127.0.0.1:8081", "127.0.0.1:8082"]);
    expect(proxy.load_balancing.selection_policy.policy).toBe("round_robin");
    expect(proxy.load_balancing.try_duration).toBeGreaterThan(0);
    expect(proxy.health_checks.active.uri).toBe("/readyz");
    expect(proxy.flush_interval).toBe(-1);
  });

  it("compose: HTTPS on localhost from Caddy's local CA, both servers, /readyz health checks", () => {
    const { config, proxies } = adapt("ops/Caddyfile");
    expect(config.apps.tls.automation.policies[0]).toEqual({
      subjects: ["localhost"],
      issuers: [{ module: "internal" }],
    });
    const [proxy] = proxies as [Proxy];
    expect(proxy.upstreams.map((u) => u.dial)).toEqual(["app1:3000", "app2:3000"]);
    expect(proxy.load_balancing.selection_policy.policy).toBe("round_robin");
    expect(proxy.health_checks.active.uri).toBe("/readyz");
  });
});

describe("the container image and compose.yaml", () => {
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const compose = readFileSync("compose.yaml", "utf8");

  it("builds in stages on Node 24 and runs production dependencies only, unprivileged, with a /readyz healthcheck", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    // The final stage takes node_modules from the production-only stage, never the build's.
    expect(dockerfile).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
    expect(dockerfile).not.toMatch(/COPY --from=build \/app\/node_modules/);
  });

  it("leaves tests, benches and docs out of the build context, so out of the image", () => {
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const entry of ["**/*.test.ts", "**/*.test.tsx", "tests", "bench", "docs", ".env"]) {
      expect(ignored).toContain(entry);
    }
  });

  it("starts two app servers behind Caddy with TRUST_PROXY, PostgreSQL 17 and Mailpit for e-mail", () => {
    for (const service of ["app1", "app2", "caddy", "postgres", "mailpit"]) {
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, "m"));
    }
    expect(compose).toMatch(/TRUST_PROXY: "true"/);
    expect(compose).toMatch(/image: postgres:17$/m);
    expect(compose).toMatch(/SMTP_URL: \$\{SMTP_URL:-smtp:\/\/mailpit:1025\}/);
    expect(compose).toMatch(/\.\/ops\/Caddyfile:\/etc\/caddy\/Caddyfile/);
  });
});

import { z } from "zod";
import { billingProblems, chainKeyProblems, vapidProblems } from "./config-checks.server.ts";
import { deepFreeze } from "./domain/freeze.ts";
import { defaultNewsFeeds, isValidFeedList, parseFeedList } from "./domain/market-data/feeds.ts";
import { parseAmount } from "./domain/money/amount.ts";
import { isValidAllowList } from "./observability/metrics-allow.ts";

/**
 * Configuration from environment variables, validated once at start-up.
 *
 * APP_ENV (not NODE_ENV) decides how strict we are: `npm start` runs a production *build*
 * with safe development defaults so a fresh clone works; a real deployment sets
 * APP_ENV=production and must then supply every secret and a real provider for anything
 * that touches money. See docs/decisions/0004-configuration.md.
 */

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ message: "must be a full URL such as https://example.com" }).optional())
  .optional();

const instanceName = z.string().regex(/^[\w.-]{1,40}$/, { message: "must be 1–40 of A–Z a–z 0–9 . - _" });
const DEV_SESSION_SECRET = "development-only-session-secret-not-for-production";

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: every interface in production (containers need it), loopback only elsewhere (README, Security). */
  HOST: optionalText,
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: bool.default(false),
  /** This server's name among several behind one proxy (ADR 0090): sent as X-Served-By when set. */
  INSTANCE_NAME: optionalText.pipe(instanceName.optional()),
  /** Who may read /metrics: addresses and CIDR ranges, comma-separated (ADR 0089). */
  METRICS_ALLOW: z.string().trim().default("127.0.0.1,::1").refine(isValidAllowList, {
    message: "must be comma-separated addresses or ranges such as 127.0.0.1,::1,10.0.0.0/8",
  }),
  /** How long the anonymous landing page is served from memory (ADR 0091); 0 turns that off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
        .optional(),
    )
    .optional(),
  /** Connections this server's PostgreSQL pool opens at most (ADR 0094: size it for PgBouncer). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  SEED_SAMPLE_DATA: bool.optional(),
  MARKET_DATA: z.enum(["sample", "live"]).default("sample"),
  MARKET_DATA_STALE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  MARKET_DATA_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Open /api/stream/quotes streams one app server keeps per client address and in all (ADR 0022). */
  QUOTE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(6),
  QUOTE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** How long a swap quote holds (ADR 0061). */
  SWAP_QUOTE_SECONDS: z.coerce.number().int().min(5).max(300).default(30),
  /** The swap fee in basis points of what the member receives; the seed promises no swap fees. */
  SWAP_FEE_BPS: z.coerce.number().int().min(0).max(500).default(0),
  COINGECKO_API_KEY: optionalText,
  COINGECKO_API_PLAN: z.enum(["demo", "pro"]).default("demo"),
  EXCHANGE_RATE_API_KEY: optionalText,
  ALPHA_VANTAGE_API_KEY: optionalText,
  MARKET_NEWS_FEEDS: optionalText.refine((v) => v === undefined || isValidFeedList(v), {
    message: "must be comma-separated feeds such as CoinDesk|https://www.coindesk.com/arc/outboundfeeds/rss/",
  }),
  CHAIN_WATCHER: z.enum(["simulated", "live"]).default("simulated"),
  /** Deposits and withdrawals (docs/decisions/0050–0053). */
  /** Default: on outside production; production turns deposits on explicitly, with keys. */
  DEPOSITS_ENABLED: bool.optional(),
  /** Operator's BIP84 account key m/84'/0'/0' (xpub or zpub; tpub or vpub on test networks). Public only. */
  BTC_XPUB: optionalText,
  /** Operator's TRON account key m/44'/195'/0' (xpub). Public only. */
  TRON_XPUB: optionalText,
  TRON_NETWORK: z.enum(["mainnet", "testnet"]).optional(),
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  TRON_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(20),
  ESPLORA_URL: optionalUrl,
  TRONGRID_URL: optionalUrl,
  TRONGRID_API_KEY: optionalText,
  USDT_TRC20_CONTRACT: z.string().trim().default("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
  WITHDRAWAL_NEW_ADDRESS_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** An announced chain deposit that nothing paid within this many days expires (ADR 0052). */
  DEPOSIT_ANNOUNCED_DAYS: z.coerce.number().gt(0).max(365).default(7),
  /**
   * A closed account's records the law requires (ledger, operations, invoices) are kept this many
   * days after closure; then the account is anonymised (ADR 0086). 1825 days = 5 years (the EU's
   * anti-money-laundering minimum); set what your jurisdiction requires.
   */
  ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(0).max(7300).default(1825),
  /** A member's "Download all my data" file can be downloaded for this many days (ADR 0086). */
  DATA_EXPORT_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** A withdrawal confirmed by e-mail must be confirmed within this many minutes, or it lapses (ADR 0054). */
  WITHDRAWAL_CONFIRM_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * A member's withdrawals worth more than this many USD within WITHDRAWAL_TWO_ADMIN_WINDOW_HOURS
   * (rolling, so splitting a sum does not avoid it) need two different admins (ADR 0053).
   */
  WITHDRAWAL_TWO_ADMIN_USD: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: "must be an amount in USD such as 1000 or 999.99" })
    .default("1000"),
  WITHDRAWAL_TWO_ADMIN_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** A membership refund of more than this many USD needs a second admin's approval (ADR 0070). */
  BILLING_REFUND_TWO_ADMIN_USD: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: "must be an amount in USD such as 100 or 99.99" })
    .default("100"),
  /** Whether this server delivers queued e-mail (ADR 0056); off for a server that must not send. */
  OUTBOX_WORKER: bool.default(true),
  NGN_PER_USD: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, { message: "must be a decimal such as 1458.65" })
    .default("1458.65"),
  DEPOSIT_BANK_ACCOUNT_HOLDER: optionalText,
  DEPOSIT_BANK_NAME: optionalText,
  DEPOSIT_BANK_IBAN: optionalText,
  DEPOSIT_BANK_BIC: optionalText,
  SMTP_URL: optionalUrl,
  /** Web Push (VAPID): both keys or neither; outside production a pair is generated under DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who the push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalText,
  MAIL_FROM: z.string().default("Coinlens <no-reply@coinlens.invalid>"),
  BRAND_NAME: z.string().trim().min(1).default("Coinlens"),
  BRAND_LEGAL_ENTITY: optionalText,
  BRAND_REGISTRATION: optionalText,
  BRAND_REGULATOR: optionalText,
  BRAND_GOVERNING_LAW: optionalText,
  BRAND_CONTACT_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  /** Where /contact messages go; defaults to BRAND_CONTACT_EMAIL. */
  SUPPORT_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  /** Card payments (ADR 0070): the offline sample provider, or Stripe (required in production). */
  BILLING_PROVIDER: z.enum(["sample", "stripe"]).optional(),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { message: "must be a Stripe secret key (sk_live_… or rk_live_…)" })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, { message: "must be a Stripe webhook signing secret (whsec_…)" })
      .optional(),
  ),
  /** The sample provider's webhook signing secret; derived from SESSION_SECRET when unset. */
  BILLING_WEBHOOK_SECRET: optionalText.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_TELEGRAM_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
});

export type Config = ReturnType<typeof shapeConfig>;

/** The pool size is optional in the type so code (tests) that builds a target from a URL alone still fits. */
type PostgresTarget = { readonly kind: "postgres"; readonly url: string; readonly maxConnections?: number };

function shapeConfig(env: z.infer<typeof envSchema>) {
  const isProduction = env.APP_ENV === "production";
  return {
    appEnv: env.APP_ENV,
    isProduction,
    port: env.PORT,
    // A development or test server shows the outbox (sign-in and reset links) and test tools:
    // it listens only on this machine unless HOST says otherwise.
    host: env.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    instanceName: env.INSTANCE_NAME,
    logLevel: env.LOG_LEVEL,
    metricsAllow: env.METRICS_ALLOW,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    database: env.DATABASE_URL
      ? ({
          kind: "postgres",
          url: env.DATABASE_URL,
          maxConnections: env.DATABASE_POOL_SIZE,
        } as PostgresTarget)
      : ({ kind: "pglite", dataDir: `${env.DATA_DIR.replace(/\/$/, "")}/pglite` } as const),
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    /** A session ends after this long without a request, and in any case after sessionAbsoluteHours. */
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    seedSampleData: env.SEED_SAMPLE_DATA ?? !isProduction,
    marketData: env.MARKET_DATA,
    /** Swaps (ADR 0061): the spread is an admin setting in the database, these are deployment settings. */
    swap: { quoteSeconds: env.SWAP_QUOTE_SECONDS, feeBps: env.SWAP_FEE_BPS },
    /** Market data providers and cache (docs/decisions/0020–0022). Keys are optional. */
    market: {
      /** Quotes older than this are stale: labelled in the UI, refused by money features. */
      staleSeconds: env.MARKET_DATA_STALE_SECONDS,
      sweepSeconds: env.MARKET_DATA_SWEEP_SECONDS,
      intervals: {} as Partial<Record<"quotes" | "markets" | "fx" | "news" | "etfs", number>>,
      coingeckoApiKey: env.COINGECKO_API_KEY,
      coingeckoPlan: env.COINGECKO_API_PLAN,
      exchangeRateApiKey: env.EXCHANGE_RATE_API_KEY,
      alphaVantageApiKey: env.ALPHA_VANTAGE_API_KEY,
      newsFeeds: env.MARKET_NEWS_FEEDS ? parseFeedList(env.MARKET_NEWS_FEEDS) : defaultNewsFeeds,
      /** Live-price streams this process serves: beyond either limit a new one gets 429. */
      quoteStreams: { perClient: env.QUOTE_STREAMS_PER_CLIENT, total: env.QUOTE_STREAMS_TOTAL },
    },
    chainWatcher: env.CHAIN_WATCHER,
    /** Closing an account and downloading one's data (ADR 0086). */
    accountData: { retentionDays: env.ACCOUNT_RETENTION_DAYS, exportDays: env.DATA_EXPORT_DAYS },
    payments: {
      depositsEnabled: env.DEPOSITS_ENABLED ?? !isProduction,
      /** Undefined: development keys are generated under dataDir on first use (ADR 0051). */
      btcXpub: env.BTC_XPUB,
      tronXpub: env.TRON_XPUB,
      tronNetwork: env.TRON_NETWORK ?? (env.TRON_XPUB ? "mainnet" : "testnet"),
      btcConfirmations: env.BTC_CONFIRMATIONS,
      tronConfirmations: env.TRON_CONFIRMATIONS,
      depositAnnouncedDays: env.DEPOSIT_ANNOUNCED_DAYS,
      esploraUrl: env.ESPLORA_URL,
      trongridUrl: env.TRONGRID_URL,
      trongridApiKey: env.TRONGRID_API_KEY,
      usdtTrc20Contract: env.USDT_TRC20_CONTRACT,
      withdrawalNewAddressHours: env.WITHDRAWAL_NEW_ADDRESS_HOURS,
      /** USD minor units, parsed once. */
      withdrawalTwoAdminUsdMinor: parseAmount(env.WITHDRAWAL_TWO_ADMIN_USD, "USD"),
      withdrawalTwoAdminWindowHours: env.WITHDRAWAL_TWO_ADMIN_WINDOW_HOURS,
      refundTwoAdminUsdMinor: parseAmount(env.BILLING_REFUND_TWO_ADMIN_USD, "USD"),
      withdrawalConfirmMinutes: env.WITHDRAWAL_CONFIRM_MINUTES,
      ngnPerUsd: env.NGN_PER_USD,
      bank: {
        accountHolder: env.DEPOSIT_BANK_ACCOUNT_HOLDER,
        bankName: env.DEPOSIT_BANK_NAME,
        iban: env.DEPOSIT_BANK_IBAN,
        bic: env.DEPOSIT_BANK_BIC,
      },
    },
    billing: {
      provider: env.BILLING_PROVIDER ?? ("sample" as const),
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** Undefined: derived from the session secret (app/domain/membership/provider.server.ts). */
      sampleWebhookSecret: env.BILLING_WEBHOOK_SECRET,
    },
    outboxWorker: env.OUTBOX_WORKER,
    /** Web Push (ADR 0079). Undefined keys: generated under dataDir outside production, push off in production. */
    push: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject:
        env.VAPID_SUBJECT ??
        `mailto:${env.SUPPORT_EMAIL ?? env.BRAND_CONTACT_EMAIL ?? "support@coinlens.invalid"}`,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Contact-form mail: the configured address, or the local outbox's placeholder outside production. */
    supportEmail:
      env.SUPPORT_EMAIL ?? env.BRAND_CONTACT_EMAIL ?? (isProduction ? undefined : "support@coinlens.invalid"),
    brand: {
      name: env.BRAND_NAME,
      legalEntity: env.BRAND_LEGAL_ENTITY,
      registration: env.BRAND_REGISTRATION,
      regulator: env.BRAND_REGULATOR,
      contactEmail: env.BRAND_CONTACT_EMAIL,
      governingLaw: env.BRAND_GOVERNING_LAW,
      social: {
        x: env.SOCIAL_X_URL,
        telegram: env.SOCIAL_TELEGRAM_URL,
        youtube: env.SOCIAL_YOUTUBE_URL,
        instagram: env.SOCIAL_INSTAGRAM_URL,
      },
    },
  };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Pure: validates an environment and returns the config or one line per problem. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
      ),
    };
  }
  const e = parsed.data;
  const problems: string[] = [];
  problems.push(...chainKeyProblems(e.BTC_XPUB, e.TRON_XPUB));
  if (e.APP_ENV === "production") {
    // Insecure development defaults are refused where they would put members or money at risk.
    if (!e.SESSION_SECRET)
      problems.push("SESSION_SECRET: required in production (at least 32 random characters)");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production (the https:// address members use)");
    if (e.MARKET_DATA === "sample")
      problems.push(
        "MARKET_DATA: 'sample' prices cannot price real money in production; set MARKET_DATA=live",
      );
    if (e.CHAIN_WATCHER === "simulated")
      problems.push(
        "CHAIN_WATCHER: a simulated chain cannot credit real deposits in production; set CHAIN_WATCHER=live",
      );
    if (e.DEPOSITS_ENABLED) {
      if (!e.BTC_XPUB)
        problems.push(
          "BTC_XPUB: required in production while DEPOSITS_ENABLED (the operator's BIP84 account xpub/zpub)",
        );
      if (!e.TRON_XPUB)
        problems.push(
          "TRON_XPUB: required in production while DEPOSITS_ENABLED (the operator's m/44'/195'/0' xpub)",
        );
    }
    if (e.SEED_SAMPLE_DATA)
      problems.push("SEED_SAMPLE_DATA: sample data and the demo member are not allowed in production");
  }
  problems.push(...billingProblems(e), ...vapidProblems(e));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: shapeConfig(e) };
}

// Process-wide state (ADR 0064): the configuration, validated on first use. Deeply frozen, since
// every request reads the same object.
let cached: Config | undefined;

/** The process's config. Exits with one clear line per problem on the first call if invalid. */
export function getConfig(): Config {
  if (cached) return cached;
  const result = parseConfig(process.env);
  if (!result.ok) {
    console.error("Coinlens cannot start because the configuration is invalid:");
    for (const problem of result.problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  cached = deepFreeze(result.config);
  return cached;
}

/**
 * The one place that reads environment variables. Every value is validated at start-up and the
 * server refuses to start with a message naming each invalid variable.
 */
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_DAILY_GENERATION_LIMIT } from '@tshirt/shared/catalog';
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  REMOTE_ENTRY_FILE,
  type RemoteName,
} from '@tshirt/shared/contract';
import { REMOTE_LOAD_TIMEOUT_MS } from '@tshirt/shared/timing';

/** The server package folder and the repository root (static folders default relative to them). */
export const SERVER_ROOT = resolve(__dirname, '..');
export const REPO_ROOT = resolve(SERVER_ROOT, '..');

export const DEFAULT_PORT = 8080;
export const DEFAULT_IMAGE_MODEL = 'gpt-image-1';
export const DEFAULT_OPENAI_TIMEOUT_MS = 120_000;
export const DEFAULT_IMAGE_PARTIAL_IMAGES = 2;
export const DEFAULT_STRIPE_TIMEOUT_MS = 30_000;
export const DEFAULT_CHECKOUT_RATE_LIMIT_PER_MINUTE = 30;
/** Long enough for a remote's origin nearby, short enough that a slow one never holds a page back. */
export const DEFAULT_REMOTE_MARKUP_BUDGET_MS = 250;
export const DEFAULT_VITALS_RATE_LIMIT_PER_MINUTE = 60;
export const DEFAULT_VITALS_MAX_ROWS = 100_000;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** Generous: opening and migrating the embedded database takes tens of seconds on a busy machine. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 5 * 60_000;
/** `DATA_DIR` value that keeps the embedded database in memory (tests, throwaway demos). */
export const IN_MEMORY_DATA_DIR = 'memory://';

export type StorageConfig =
  | { kind: 'pglite'; /** undefined: in memory. */ dataDir: string | undefined }
  | { kind: 'postgres'; databaseUrl: string };

export type ImageProviderConfig =
  | { kind: 'builtin' }
  | {
      kind: 'openai';
      apiKey: string;
      baseUrl: string | undefined;
      model: string;
      timeoutMs: number;
      /** Partial images the model streams while it draws (0: none, the answer comes whole). */
      partialImages: number;
    };

export type PaymentProviderConfig =
  | { kind: 'test' }
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      apiBase: URL | undefined;
      timeoutMs: number;
    };

export type PrintProviderConfig =
  | { kind: 'none' }
  | {
      kind: 'printful';
      apiKey: string;
      /** Signs the provider's webhooks (HMAC-SHA256 of the body). */
      webhookSecret: string;
      apiBase: URL;
      timeoutMs: number;
      /** How long a print file link handed to the provider may be fetched. */
      printFileUrlTtlSeconds: number;
      /** Submissions tried before an order is left for the owner as failed. */
      submitAttempts: number;
      /** Wait before the second try; it doubles for each try after. */
      retryDelaySeconds: number;
    };

export const DEFAULT_PRINTFUL_API_BASE = 'https://api.printful.com';
export const DEFAULT_PRINT_PROVIDER_TIMEOUT_MS = 30_000;
/** A week: the provider fetches the file when it starts production, which can wait for a weekend. */
export const DEFAULT_PRINT_FILE_URL_TTL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_PRINT_SUBMIT_ATTEMPTS = 8;
export const DEFAULT_PRINT_SUBMIT_RETRY_DELAY_SECONDS = 30;
export const DEFAULT_SHIPPING_COUNTRIES = ['US'];

export interface SiteSettings {
  brandName: string;
  contactEmail: string;
  /** Entry file URL (absolute or same-origin path) of each remote. */
  remoteEntries: Record<RemoteName, string>;
  remoteTimeoutMs: number;
  /** How long a page request waits for a remote's server-rendered markup before using its placeholder. */
  markupBudgetMs: number;
}

export interface PrintRenderingConfig {
  /** Worker threads rendering print PNGs at once (each holds a 3600 × 4800 image while it works). */
  threads: number;
  /** Renders that may wait for a thread; past that a print request is answered 503 + Retry-After. */
  queueLimit: number;
  /** Megabytes of print files kept for anonymous requests (least recently used out first); 0 keeps none. */
  cacheMaxMb: number;
}

/** One core is left to answer pages and the API while print files render. */
export const DEFAULT_PRINT_RENDER_THREADS = Math.max(1, availableParallelism() - 1);
export const DEFAULT_PRINT_RENDER_QUEUE = 8;
/** Room for about 170 print files of 1.5 MB. */
export const DEFAULT_PRINT_CACHE_MAX_MB = 256;

export interface ArtEngineConfig {
  /** Worker threads drawing artwork at once. */
  threads: number;
  /** Drawings that may wait for a thread; past that a generation is answered 503 + Retry-After. */
  queueLimit: number;
}

/** Every core draws: the event loop only hands out the work and answers. */
export const DEFAULT_ART_ENGINE_THREADS = availableParallelism();
export const DEFAULT_ART_ENGINE_QUEUE = 1000;

export interface AppConfig {
  host: string;
  port: number;
  /** Origin (and optional base path) shoppers reach the store at, without a trailing slash. */
  publicUrl: string;
  /** Origins whose pages may spend a visitor's quota or change state: the store's own and `standaloneOrigins`. */
  allowedOrigins: readonly string[];
  /** Origins of remotes' pages running alone that may call the API (CORS), e.g. `http://localhost:3001`. */
  standaloneOrigins: readonly string[];
  /** `false`, a hop count, or proxy addresses; never `true` (any client could pick its visitor key). */
  trustProxy: false | number | string;
  /** NODE_ENV=production. */
  production: boolean;
  logLevel: string;
  storage: StorageConfig;
  dailyGenerationLimit: number;
  imageProvider: ImageProviderConfig;
  paymentProvider: PaymentProviderConfig;
  printProvider: PrintProviderConfig;
  /** ISO 3166-1 alpha-2 codes of the countries orders ship to (the payment page offers only these). */
  shippingCountries: readonly string[];
  checkoutRateLimitPerMinute: number;
  vitalsRateLimitPerMinute: number;
  /** Web Vitals rows kept; the oldest go first. */
  vitalsMaxRows: number;
  /** How long a stop waits for requests in flight before it ends them. */
  shutdownTimeoutMs: number;
  /** How long one part of start-up (above all the database) may take; 0: no limit. */
  startupTimeoutMs: number;
  /** Whether built `*.map` files are served (they show the source to anyone). */
  serveSourceMaps: boolean;
  printRendering: PrintRenderingConfig;
  artEngine: ArtEngineConfig;
  site: SiteSettings;
  /** Built front-end folders the server serves. */
  staticDirs: { host: string; designer: string; checkout: string };
  /** Bearer token for the owner's HTTP listings; undefined: only the local scripts get one. */
  adminToken: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads variables, collecting every problem instead of stopping at the first. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  flag(name: string): boolean {
    const raw = this.text(name)?.toLowerCase();
    if (raw === undefined || raw === 'false' || raw === '0') return false;
    if (raw === 'true' || raw === '1') return true;
    this.problems.push(`${name} must be "true" or "false" (got "${raw}")`);
    return false;
  }

  httpUrl(name: string, raw: string): URL | undefined {
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url;
    } catch {
      // reported below
    }
    this.problems.push(`${name} must be an absolute http(s) URL (got "${raw}")`);
    return undefined;
  }
}

/** Names proxy-addr knows for whole address ranges. */
const PROXY_RANGE_NAMES = /^(loopback|linklocal|uniquelocal)$/;

function parseTrustProxy(reader: EnvReader): false | number | string {
  const raw = reader.text('TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    reader.problems.push(
      'TRUST_PROXY=true would believe the X-Forwarded-For of any client, so anyone could choose their ' +
        'visitor address and with it a fresh daily generation limit. Set the number of proxies in front ' +
        'of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => /^[0-9a-fA-F.:/]+$/.test(entry) || PROXY_RANGE_NAMES.test(entry))) {
    return entries.join(',');
  }
  reader.problems.push(
    `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy IPs/CIDRs (or loopback, linklocal, uniquelocal) (got "${raw}")`,
  );
  return false;
}

/** A remote's base URL (folder where its build is served) or its entry file URL, to the entry URL. */
function remoteEntry(reader: EnvReader, name: string, fallbackBase: string): string {
  const raw = reader.text(name) ?? fallbackBase;
  if (!raw.startsWith('/') || raw.startsWith('//')) {
    if (!reader.httpUrl(name, raw)) return fallbackBase + REMOTE_ENTRY_FILE;
  }
  if (/\.(js|json)$/.test(new URL(raw, 'http://base.invalid').pathname)) return raw;
  return (raw.endsWith('/') ? raw : `${raw}/`) + REMOTE_ENTRY_FILE;
}

function staticDir(reader: EnvReader, name: string, fallback: string): string {
  const raw = reader.text(name);
  if (raw === undefined) return fallback;
  return isAbsolute(raw) ? raw : resolve(REPO_ROOT, raw);
}

function storageConfig(reader: EnvReader): StorageConfig {
  const databaseUrl = reader.text('DATABASE_URL');
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      reader.problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
    }
    return { kind: 'postgres', databaseUrl };
  }
  const dataDir = reader.text('DATA_DIR');
  if (dataDir === IN_MEMORY_DATA_DIR) return { kind: 'pglite', dataDir: undefined };
  const folder = dataDir ?? '.data';
  return { kind: 'pglite', dataDir: isAbsolute(folder) ? folder : resolve(REPO_ROOT, folder) };
}

function imageProviderConfig(reader: EnvReader): ImageProviderConfig {
  const apiKey = reader.text('OPENAI_API_KEY');
  const timeoutMs = reader.integer('OPENAI_TIMEOUT_MS', DEFAULT_OPENAI_TIMEOUT_MS, 100, 600_000);
  const baseUrl = reader.text('OPENAI_BASE_URL');
  if (baseUrl !== undefined) reader.httpUrl('OPENAI_BASE_URL', baseUrl);
  const model = reader.text('IMAGE_MODEL') ?? DEFAULT_IMAGE_MODEL;
  if (!/^[\w.:-]{1,100}$/.test(model))
    reader.problems.push(`IMAGE_MODEL is not a model name (got "${model}")`);
  const partialImages = reader.integer('IMAGE_PARTIAL_IMAGES', DEFAULT_IMAGE_PARTIAL_IMAGES, 0, 3);
  if (apiKey === undefined) return { kind: 'builtin' };
  return { kind: 'openai', apiKey, baseUrl, model, timeoutMs, partialImages };
}

function paymentProviderConfig(reader: EnvReader, production: boolean): PaymentProviderConfig {
  const secretKey = reader.text('STRIPE_SECRET_KEY');
  const webhookSecret = reader.text('STRIPE_WEBHOOK_SECRET');
  const apiBaseRaw = reader.text('STRIPE_API_BASE');
  const apiBase =
    apiBaseRaw === undefined ? undefined : reader.httpUrl('STRIPE_API_BASE', apiBaseRaw);
  const timeoutMs = reader.integer('STRIPE_TIMEOUT_MS', DEFAULT_STRIPE_TIMEOUT_MS, 100, 120_000);
  const testPaymentsWanted = reader.flag('ALLOW_TEST_PAYMENTS');
  if (secretKey === undefined) {
    if (production && !testPaymentsWanted) {
      reader.problems.push(
        'No payment provider: with NODE_ENV=production the built-in test payment page would give ' +
          'shirts away (its Pay button charges nothing). Set STRIPE_SECRET_KEY and ' +
          'STRIPE_WEBHOOK_SECRET, or set ALLOW_TEST_PAYMENTS=true to take test orders on purpose',
      );
    }
    return { kind: 'test' };
  }
  if (webhookSecret === undefined) {
    reader.problems.push(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (orders are confirmed by Stripe’s signed webhook)',
    );
  }
  return { kind: 'stripe', secretKey, webhookSecret: webhookSecret ?? '', apiBase, timeoutMs };
}

function printProviderConfig(reader: EnvReader): PrintProviderConfig {
  const apiKey = reader.text('PRINT_PROVIDER_API_KEY');
  const webhookSecret = reader.text('PRINT_PROVIDER_WEBHOOK_SECRET');
  const apiBaseRaw = reader.text('PRINT_PROVIDER_API_BASE') ?? DEFAULT_PRINTFUL_API_BASE;
  const apiBase = reader.httpUrl('PRINT_PROVIDER_API_BASE', apiBaseRaw);
  const timeoutMs = reader.integer(
    'PRINT_PROVIDER_TIMEOUT_MS',
    DEFAULT_PRINT_PROVIDER_TIMEOUT_MS,
    100,
    120_000,
  );
  const printFileUrlTtlSeconds = reader.integer(
    'PRINT_FILE_URL_TTL_SECONDS',
    DEFAULT_PRINT_FILE_URL_TTL_SECONDS,
    60,
    90 * 24 * 3600,
  );
  const submitAttempts = reader.integer(
    'PRINT_SUBMIT_ATTEMPTS',
    DEFAULT_PRINT_SUBMIT_ATTEMPTS,
    1,
    100,
  );
  const retryDelaySeconds = reader.integer(
    'PRINT_SUBMIT_RETRY_DELAY_SECONDS',
    DEFAULT_PRINT_SUBMIT_RETRY_DELAY_SECONDS,
    1,
    3600,
  );
  if (apiKey === undefined) return { kind: 'none' };
  if (webhookSecret === undefined) {
    reader.problems.push(
      'PRINT_PROVIDER_WEBHOOK_SECRET is required when PRINT_PROVIDER_API_KEY is set (shipments are confirmed by the provider’s signed webhook)',
    );
  }
  return {
    kind: 'printful',
    apiKey,
    webhookSecret: webhookSecret ?? '',
    apiBase: apiBase ?? new URL(DEFAULT_PRINTFUL_API_BASE),
    timeoutMs,
    printFileUrlTtlSeconds,
    submitAttempts,
    retryDelaySeconds,
  };
}

/** `SHIPPING_COUNTRIES`: comma-separated ISO 3166-1 alpha-2 codes. */
function shippingCountriesConfig(reader: EnvReader): string[] {
  const raw = reader.text('SHIPPING_COUNTRIES');
  if (raw === undefined) return DEFAULT_SHIPPING_COUNTRIES;
  const codes = raw
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const invalid = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
  if (codes.length === 0 || invalid.length > 0) {
    reader.problems.push(
      `SHIPPING_COUNTRIES must be comma-separated two-letter country codes, like US,CA (got "${raw}")`,
    );
    return DEFAULT_SHIPPING_COUNTRIES;
  }
  return [...new Set(codes)];
}

/** `STANDALONE_ORIGINS`: comma-separated origins (scheme://host[:port]) of remotes' standalone pages. */
function standaloneOriginsConfig(reader: EnvReader): string[] {
  const raw = reader.text('STANDALONE_ORIGINS');
  if (raw === undefined) return [];
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const url = reader.httpUrl('STANDALONE_ORIGINS', item);
    if (!url) continue;
    if (url.origin !== item.replace(/\/+$/, '')) {
      reader.problems.push(
        `STANDALONE_ORIGINS lists origins only, like http://localhost:3001 (got "${item}")`,
      );
      continue;
    }
    origins.push(url.origin);
  }
  return origins;
}

/** Builds the validated configuration, or throws a ConfigError listing every invalid variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const reader = new EnvReader(env);
  const standaloneOrigins = standaloneOriginsConfig(reader);
  const port = reader.integer('PORT', DEFAULT_PORT, 0, 65_535);
  const production = reader.text('NODE_ENV') === 'production';

  const publicUrlRaw = reader.text('PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrl = (
    reader.httpUrl('PUBLIC_URL', publicUrlRaw)?.href ?? `http://localhost:${port}/`
  ).replace(/\/+$/, '');

  const logLevel = reader.text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    reader.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const brandName = reader.text('BRAND_NAME') ?? DEFAULT_BRAND_NAME;
  if (brandName.length > 60) reader.problems.push('BRAND_NAME must be at most 60 characters');
  const contactEmail = reader.text('CONTACT_EMAIL') ?? DEFAULT_CONTACT_EMAIL;
  if (!/^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(contactEmail)) {
    reader.problems.push(`CONTACT_EMAIL must be an email address (got "${contactEmail}")`);
  }

  const config: AppConfig = {
    host: reader.text('HOST') ?? '0.0.0.0',
    port,
    publicUrl,
    allowedOrigins: [new URL(publicUrl).origin, ...standaloneOrigins],
    standaloneOrigins,
    trustProxy: parseTrustProxy(reader),
    production,
    logLevel,
    storage: storageConfig(reader),
    dailyGenerationLimit: reader.integer(
      'GENERATION_DAILY_LIMIT',
      DEFAULT_DAILY_GENERATION_LIMIT,
      1,
      1_000_000,
    ),
    imageProvider: imageProviderConfig(reader),
    paymentProvider: paymentProviderConfig(reader, production),
    printProvider: printProviderConfig(reader),
    shippingCountries: shippingCountriesConfig(reader),
    checkoutRateLimitPerMinute: reader.integer(
      'CHECKOUT_RATE_LIMIT_PER_MINUTE',
      DEFAULT_CHECKOUT_RATE_LIMIT_PER_MINUTE,
      1,
      100_000,
    ),
    vitalsRateLimitPerMinute: reader.integer(
      'VITALS_RATE_LIMIT_PER_MINUTE',
      DEFAULT_VITALS_RATE_LIMIT_PER_MINUTE,
      1,
      100_000,
    ),
    vitalsMaxRows: reader.integer('VITALS_MAX_ROWS', DEFAULT_VITALS_MAX_ROWS, 10, 100_000_000),
    shutdownTimeoutMs: reader.integer(
      'SHUTDOWN_TIMEOUT_MS',
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
      100,
      600_000,
    ),
    startupTimeoutMs: reader.integer(
      'STARTUP_TIMEOUT_MS',
      DEFAULT_STARTUP_TIMEOUT_MS,
      0,
      3_600_000,
    ),
    serveSourceMaps: reader.flag('SERVE_SOURCE_MAPS'),
    printRendering: {
      threads: reader.integer('PRINT_RENDER_THREADS', DEFAULT_PRINT_RENDER_THREADS, 1, 64),
      queueLimit: reader.integer('PRINT_RENDER_QUEUE', DEFAULT_PRINT_RENDER_QUEUE, 1, 1000),
      cacheMaxMb: reader.integer('PRINT_CACHE_MAX_MB', DEFAULT_PRINT_CACHE_MAX_MB, 0, 1_048_576),
    },
    artEngine: {
      threads: reader.integer('ART_ENGINE_THREADS', DEFAULT_ART_ENGINE_THREADS, 1, 64),
      queueLimit: reader.integer('ART_ENGINE_QUEUE', DEFAULT_ART_ENGINE_QUEUE, 1, 100_000),
    },
    site: {
      brandName,
      contactEmail,
      remoteEntries: {
        designer: remoteEntry(reader, 'DESIGNER_URL', '/remotes/designer/'),
        checkout: remoteEntry(reader, 'CHECKOUT_URL', '/remotes/checkout/'),
      },
      remoteTimeoutMs: reader.integer('REMOTE_TIMEOUT_MS', REMOTE_LOAD_TIMEOUT_MS, 1000, 600_000),
      markupBudgetMs: reader.integer(
        'REMOTE_MARKUP_BUDGET_MS',
        DEFAULT_REMOTE_MARKUP_BUDGET_MS,
        10,
        5_000,
      ),
    },
    staticDirs: {
      host: staticDir(reader, 'HOST_DIST_DIR', resolve(REPO_ROOT, 'host', 'dist')),
      designer: staticDir(
        reader,
        'DESIGNER_DIST_DIR',
        resolve(REPO_ROOT, 'remote-designer', 'dist'),
      ),
      checkout: staticDir(
        reader,
        'CHECKOUT_DIST_DIR',
        resolve(REPO_ROOT, 'remote-checkout', 'dist'),
      ),
    },
    adminToken: reader.text('ADMIN_TOKEN'),
  };
  if (config.adminToken !== undefined && config.adminToken.length < 16) {
    reader.problems.push('ADMIN_TOKEN must be at least 16 characters');
  }
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return config;
}

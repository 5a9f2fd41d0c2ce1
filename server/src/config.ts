/**
 * The one place that reads environment variables: one TypeBox schema of every variable (its
 * default and bounds), validated by env-schema at start-up, then the checks across variables. The
 * server refuses to start with a message naming each invalid variable.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import envSchema, { type EnvSchemaOpt } from 'env-schema';
import Type, { type Static } from 'typebox';
import {
  CURRENCY,
  DEFAULT_DAILY_GENERATION_LIMIT,
  UNIT_PRICE_CENTS,
  formatPrice,
} from '@tshirt/shared/catalog';
import {
  MAX_SHIPPING_ZONES,
  parseMoney,
  SALES_TAX_MODES,
  type SalesTaxMode,
  type ShippingZone,
} from '@tshirt/shared/money';
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  REMOTE_ENTRY_FILE,
  type RemoteName,
} from '@tshirt/shared/contract';
import { REMOTE_LOAD_TIMEOUT_MS } from '@tshirt/shared/timing';

/** The repository root: relative folders (DATA_DIR, the built front ends) are resolved from it. */
export const REPO_ROOT = resolve(__dirname, '../..');

/** Long enough for a remote's origin nearby, short enough that a slow one never holds a page back. */
export const DEFAULT_REMOTE_MARKUP_BUDGET_MS = 250;
/** The sender's address when MAIL_FROM is not set (the brand name is its display name). */
export const DEFAULT_MAIL_ADDRESS = 'orders@threadwise.example';
/** `DATA_DIR` value that keeps the embedded database in memory (tests, throwaway demos). */
export const IN_MEMORY_DATA_DIR = 'memory://';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** A comma-separated list's items, trimmed, empty ones left out. */
const listItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `CA,MX=9.99+4.00 free 100.00`: countries, first shirt + each additional, optionally free from. */
const ZONE_PATTERN =
  /^\s*([A-Za-z]{2}(?:\s*,\s*[A-Za-z]{2})*)\s*=\s*(\d+(?:\.\d{2})?)\s*\+\s*(\d+(?:\.\d{2})?)(?:\s+free\s+(\d+(?:\.\d{2})?))?\s*$/i;

/** SHIPPING_ZONES's groups (separated by `;`), or undefined when one does not read. */
function parseZones(value: string): ShippingZone[] | undefined {
  const zones: ShippingZone[] = [];
  for (const group of value.split(';').filter((item) => item.trim())) {
    const match = ZONE_PATTERN.exec(group);
    if (!match) return undefined;
    const [, countries, first, additional, free] = match as unknown as string[];
    zones.push({
      countries: listItems(countries!.toUpperCase()),
      firstItemCents: parseMoney(first!)!,
      additionalItemCents: parseMoney(additional!)!,
      ...(free !== undefined && { freeFromCents: parseMoney(free)! }),
    });
  }
  return zones;
}

/** ISO 4217 codes of the currencies Intl knows, upper case. */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const isKnownCurrency = (value: string) => KNOWN_CURRENCIES.has(value.toUpperCase());

/** The decimal places of a currency's amounts: USD 2, JPY 0, KWD 3 (ISO 4217, as Intl has it). */
function currencyDecimals(code: string): number | undefined {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits;
}

const isHttpUrl = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** Formats checked by the URL parser the server later reads them with. */
const FORMATS = {
  'http-url': isHttpUrl,
  /** A same-origin path or an absolute http(s) URL. */
  'remote-url': (value: string) => /^\/(?!\/)/.test(value) || isHttpUrl(value),
  money: (value: string) => parseMoney(value) !== undefined,
  currency: isKnownCurrency,
  'shipping-zones': (value: string) => parseZones(value) !== undefined,
  origins: (value: string) =>
    listItems(value).every(
      (item) => isHttpUrl(item) && new URL(item).origin === item.replace(/\/+$/, ''),
    ),
};

const wholeNumber = (minimum: number, maximum: number, fallback?: number) =>
  Type.Integer({ minimum, maximum, default: fallback });
const httpUrl = (options = {}) =>
  Type.String({ format: 'http-url', description: 'an absolute http(s) URL', ...options });
const remoteUrl = (fallback: string) =>
  Type.String({
    format: 'remote-url',
    description: 'an absolute http(s) URL or a path starting with /',
    default: fallback,
  });
/** `writeOnly`: a secret, never echoed in a start-up error. */
const secret = (options = {}) => Type.Optional(Type.String({ writeOnly: true, ...options }));
const money = (options = {}) =>
  Type.String({
    format: 'money',
    description: 'an amount in the store’s CURRENCY with at most two decimals, like 4.99',
    ...options,
  });
const folder = (fallback: string) => Type.String({ default: fallback });
/** An IP or CIDR, or a name proxy-addr knows for a whole address range. */
const PROXY_ENTRY = '[0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal';

/** Every variable the server reads, in the order the README lists them. */
export const ENV_SCHEMA = Type.Object({
  PORT: wholeNumber(0, 65_535, 8080),
  HOST: Type.String({ default: '0.0.0.0' }),
  PUBLIC_URL: Type.Optional(httpUrl()),
  DATA_DIR: folder('.data'),
  // Postgres's own default; the tests' short-lived stores start faster with less (storeServer.ts).
  PGLITE_SHARED_BUFFERS_MB: wholeNumber(1, 16_384, 128),
  DATABASE_URL: secret({
    pattern: '^postgres(ql)?://',
    description: 'a postgres:// or postgresql:// connection URL',
  }),
  TRUST_PROXY: Type.Optional(
    Type.String({
      // `true` and a hop count pass here to be refused with their own reason below.
      pattern: `^(true|false|\\d+|(${PROXY_ENTRY})(\\s*,\\s*(${PROXY_ENTRY}))*)$`,
      description:
        'a comma-separated list of proxy IPs/CIDRs (or loopback, linklocal, uniquelocal), or false',
    }),
  ),
  GENERATION_DAILY_LIMIT: wholeNumber(1, 1_000_000, DEFAULT_DAILY_GENERATION_LIMIT),
  CHECKOUT_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 30),
  // Its default, cores − 1, leaves one core to answer pages and the API while print files render.
  PRINT_RENDER_THREADS: Type.Optional(wholeNumber(1, 64)),
  PRINT_RENDER_NICENESS: wholeNumber(0, 19, 19),
  PRINT_RENDER_QUEUE: wholeNumber(1, 1000, 8),
  // Room for about 170 print files of 1.5 MB.
  PRINT_CACHE_MAX_MB: wholeNumber(0, 1_048_576, 256),
  // Its default, one per core: the event loop only hands out the work and answers.
  ART_ENGINE_THREADS: Type.Optional(wholeNumber(1, 64)),
  ART_ENGINE_QUEUE: wholeNumber(1, 100_000, 1000),
  WORKER_THREADS_ON_FIRST_JOB: Type.Boolean({ default: false }),
  VITALS_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 60),
  VITALS_MAX_ROWS: wholeNumber(10, 100_000_000, 100_000),
  BRAND_NAME: Type.String({ maxLength: 60, default: DEFAULT_BRAND_NAME }),
  CONTACT_EMAIL: Type.String({
    pattern: `^[^\\s@<>"']+@[^\\s@<>"']+\\.[^\\s@<>"']+$`,
    description: 'an email address',
    default: DEFAULT_CONTACT_EMAIL,
  }),
  DESIGNER_URL: remoteUrl('/remotes/designer/'),
  CHECKOUT_URL: remoteUrl('/remotes/checkout/'),
  REMOTE_TIMEOUT_MS: wholeNumber(1000, 600_000, REMOTE_LOAD_TIMEOUT_MS),
  STANDALONE_ORIGINS: Type.Optional(
    Type.String({
      format: 'origins',
      description: 'comma-separated origins only, like http://localhost:3001',
    }),
  ),
  REMOTE_MARKUP_BUDGET_MS: wholeNumber(10, 5000, DEFAULT_REMOTE_MARKUP_BUDGET_MS),
  OPENAI_API_KEY: secret(),
  OPENAI_BASE_URL: Type.Optional(httpUrl()),
  IMAGE_MODEL: Type.String({
    pattern: '^[\\w.:-]{1,100}$',
    description: 'a model name',
    default: 'gpt-image-1',
  }),
  OPENAI_TIMEOUT_MS: wholeNumber(100, 600_000, 120_000),
  IMAGE_PARTIAL_IMAGES: wholeNumber(0, 3, 2),
  STRIPE_SECRET_KEY: secret(),
  NODE_ENV: Type.Optional(Type.String()),
  ALLOW_TEST_PAYMENTS: Type.Boolean({ default: false }),
  STRIPE_WEBHOOK_SECRET: secret(),
  STRIPE_API_BASE: Type.Optional(httpUrl()),
  STRIPE_TIMEOUT_MS: wholeNumber(100, 120_000, 30_000),
  CURRENCY: Type.String({
    format: 'currency',
    description: 'an ISO 4217 currency code, like usd or eur',
    default: CURRENCY.toLowerCase(),
  }),
  SHIPPING_COUNTRIES: Type.String({
    pattern: '^[\\s,]*[A-Za-z]{2}(\\s*,[\\s,]*[A-Za-z]{2})*[\\s,]*$',
    description: 'comma-separated two-letter country codes, like US,CA',
    default: 'US',
  }),
  SHIPPING_FIRST_ITEM: money({ default: '4.99' }),
  SHIPPING_ADDITIONAL_ITEM: money({ default: '2.00' }),
  FREE_SHIPPING_FROM: Type.Optional(money()),
  SHIPPING_ZONES: Type.Optional(
    Type.String({
      format: 'shipping-zones',
      description:
        'groups like CA,MX=9.99+4.00 free 100.00 (countries=first shirt+each additional, optionally free from an amount), separated by ;',
    }),
  ),
  SALES_TAX: Type.Enum(SALES_TAX_MODES, { default: 'off' }),
  SALES_TAX_CODE: Type.String({
    pattern: '^txcd_\\d{8}$',
    description: 'a Stripe product tax code, like txcd_30011000',
    default: 'txcd_30011000',
  }),
  PRINT_PROVIDER_API_KEY: secret(),
  PRINT_PROVIDER_WEBHOOK_SECRET: secret(),
  PRINT_PROVIDER_API_BASE: httpUrl({ default: 'https://api.printful.com' }),
  PRINT_PROVIDER_TIMEOUT_MS: wholeNumber(100, 120_000, 30_000),
  PRINT_SUBMIT_ATTEMPTS: wholeNumber(1, 100, 8),
  // Six hours: providers change what they stock over days; a shirt refused meanwhile costs nothing.
  PRINT_CATALOG_REFRESH_MINUTES: wholeNumber(1, 10_080, 360),
  PRINT_SUBMIT_RETRY_DELAY_SECONDS: wholeNumber(1, 3600, 30),
  // A week: the provider fetches the file when it starts production, which can wait for a weekend.
  PRINT_FILE_URL_TTL_SECONDS: wholeNumber(60, 90 * 24 * 3600, 7 * 24 * 3600),
  SMTP_URL: secret({
    pattern: '^smtps?://',
    description: 'an smtp:// or smtps:// URL, like smtp://user:pass@mail.example.com:587',
  }),
  MAIL_FROM: Type.Optional(
    Type.String({
      // One address, optionally with a display name: `Shop <orders@shop.example>`.
      pattern: `^([^\\r\\n<>@,]{0,100}<[^\\s@<>"',]+@[^\\s@<>"',]+\\.[^\\s@<>"',]+>|[^\\s@<>"',]+@[^\\s@<>"',]+\\.[^\\s@<>"',]+)$`,
      description: 'one email address, optionally as "Name <address>"',
    }),
  ),
  MAIL_OUTBOX_DIR: Type.Optional(Type.String()),
  MAIL_SEND_ATTEMPTS: wholeNumber(1, 100, 12),
  MAIL_RETRY_DELAY_SECONDS: wholeNumber(1, 3600, 30),
  MAIL_TIMEOUT_MS: wholeNumber(100, 120_000, 30_000),
  OWNER_EMAIL: Type.Optional(
    Type.String({
      pattern: `^[^\\s@<>"',]+@[^\\s@<>"',]+\\.[^\\s@<>"',]+$`,
      description: 'an email address',
    }),
  ),
  STUCK_ORDER_HOURS: wholeNumber(1, 24 * 365, 24),
  SHOP_TIME_ZONE: Type.String({ maxLength: 64, default: 'UTC', description: 'an IANA time zone' }),
  ORDER_NUMBER_PREFIX: Type.Optional(
    Type.String({ pattern: '^[A-Z]{2,5}$', description: '2 to 5 capital letters, like TW' }),
  ),
  ADMIN_TOKEN: secret({ minLength: 16 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  // Unset: readable lines in a terminal, JSON lines for a service manager, a file or a pipe.
  LOG_FORMAT: Type.Optional(Type.Enum(['pretty', 'json'])),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 600_000, 10_000),
  // Generous: opening and migrating the embedded database takes tens of seconds on a busy machine.
  STARTUP_TIMEOUT_MS: wholeNumber(0, 3_600_000, 5 * 60_000),
  SERVE_SOURCE_MAPS: Type.Boolean({ default: false }),
  HOST_DIST_DIR: folder('host/dist'),
  DESIGNER_DIST_DIR: folder('remote-designer/dist'),
  CHECKOUT_DIST_DIR: folder('remote-checkout/dist'),
});

type EnvVars = Static<typeof ENV_SCHEMA>;
const PROPERTIES = ENV_SCHEMA.properties as unknown as Record<string, Record<string, unknown>>;

/** What a value of the variable must be, in words. */
function expected(schema: Record<string, unknown>): string {
  const { minimum, maximum, minLength, maxLength } = schema;
  if (schema.type === 'integer') return `a whole number from ${minimum} to ${maximum}`;
  if (schema.type === 'boolean') return '"true" or "false"';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (minLength) return `at least ${minLength} characters`;
  if (maxLength) return `at most ${maxLength} characters`;
  return String(schema.description);
}

/** One problem per invalid variable, in the schema's order. */
function schemaProblems(error: unknown, given: Env): string[] {
  const errors = (error as { errors?: Array<{ instancePath: string }> }).errors;
  if (!errors) throw error;
  const names = new Set(errors.map((failure) => failure.instancePath.slice(1)));
  return Object.entries(PROPERTIES).flatMap(([name, schema]) => {
    if (!names.has(name)) return [];
    const got = 'writeOnly' in schema ? '' : ` (got "${given[name]}")`;
    return [`${name} must be ${expected(schema)}${got}`];
  });
}

const NAME_THE_PROXIES =
  'Name the proxies in front of the server instead: TRUST_PROXY=loopback for one on this machine, ' +
  'or their addresses (e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, comma-separated)';

/**
 * The order numbers' prefix when ORDER_NUMBER_PREFIX is unset: `TW` for the default brand, else
 * the initials of the brand's words (`Ink & Thread` → `IT`), or its first two letters (`Acme` → `AC`).
 */
export function orderNumberPrefixOf(brandName: string): string {
  if (brandName === DEFAULT_BRAND_NAME) return 'TW';
  const words = brandName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  const initials = words.map((word) => word[0]).join('');
  const prefix = initials.length >= 2 ? initials.slice(0, 5) : (words[0] ?? '').slice(0, 2);
  return prefix.length >= 2 ? prefix : 'TW';
}

/** Whether `name` is a time zone this Node.js knows (`Europe/Berlin`, `UTC`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** What no single variable can say: these are read from the raw values, valid or not. */
function crossVariableProblems(given: Env): string[] {
  const problems = [
    given.TRUST_PROXY === 'true' &&
      'TRUST_PROXY=true would believe the X-Forwarded-For of any client, so anyone could choose their ' +
        `visitor address and with it a fresh daily generation limit. ${NAME_THE_PROXIES}`,
    given.TRUST_PROXY !== undefined &&
      /^0*[1-9]\d*$/.test(given.TRUST_PROXY) &&
      `TRUST_PROXY=${given.TRUST_PROXY} is a hop count, which cannot tell the proxy from a client that ` +
        'reaches the server directly, so the server (Fastify) believes no X-Forwarded-* header with it: ' +
        `every visitor would share one daily limit and the owner could not sign in behind TLS. ${NAME_THE_PROXIES}`,
    given.SHOP_TIME_ZONE !== undefined &&
      !isTimeZone(given.SHOP_TIME_ZONE) &&
      `SHOP_TIME_ZONE=${given.SHOP_TIME_ZONE} is not a time zone: name one like Europe/Berlin, America/New_York or UTC`,
    given.STRIPE_SECRET_KEY &&
      !given.STRIPE_WEBHOOK_SECRET &&
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (orders are confirmed by Stripe’s signed webhook)',
    given.PRINT_PROVIDER_API_KEY &&
      !given.PRINT_PROVIDER_WEBHOOK_SECRET &&
      'PRINT_PROVIDER_WEBHOOK_SECRET is required when PRINT_PROVIDER_API_KEY is set (shipments are confirmed by the provider’s signed webhook)',
    given.CURRENCY &&
      isKnownCurrency(given.CURRENCY) &&
      currencyDecimals(given.CURRENCY) !== 2 &&
      `CURRENCY=${given.CURRENCY} is a currency with ${currencyDecimals(given.CURRENCY)} decimal places: ` +
        'the store counts every amount in hundredths (cents), so only a currency with two decimal ' +
        'places can be used (like usd, eur, gbp, cad, aud)',
    given.NODE_ENV === 'production' &&
      !given.STRIPE_SECRET_KEY &&
      given.ALLOW_TEST_PAYMENTS !== 'true' &&
      'No payment provider: with NODE_ENV=production the built-in test payment page would give ' +
        'shirts away (its Pay button charges nothing). Set STRIPE_SECRET_KEY and ' +
        'STRIPE_WEBHOOK_SECRET, or set ALLOW_TEST_PAYMENTS=true to take test orders on purpose',
  ];
  return problems.filter((problem): problem is string => typeof problem === 'string');
}

/** A remote's base URL (folder where its build is served) or its entry file URL, to the entry URL. */
function remoteEntry(url: string): string {
  if (/\.(js|json)$/.test(new URL(url, 'http://base.invalid').pathname)) return url;
  return (url.endsWith('/') ? url : `${url}/`) + REMOTE_ENTRY_FILE;
}

/**
 * The shipping zones: each SHIPPING_ZONES group at its own rate, then SHIPPING_COUNTRIES not named
 * there at the default rate (SHIPPING_FIRST_ITEM + SHIPPING_ADDITIONAL_ITEM, FREE_SHIPPING_FROM).
 */
function shippingZones(vars: EnvVars): ShippingZone[] {
  const zones = parseZones(vars.SHIPPING_ZONES ?? '') ?? [];
  const named = new Set<string>();
  const own = zones.map((zone) => {
    const countries = [...new Set(zone.countries)].filter((code) => !named.has(code));
    for (const code of countries) named.add(code);
    return { ...zone, countries };
  });
  const defaultCountries = [...new Set(listItems(vars.SHIPPING_COUNTRIES.toUpperCase()))].filter(
    (code) => !named.has(code),
  );
  const freeFrom =
    vars.FREE_SHIPPING_FROM === undefined ? undefined : parseMoney(vars.FREE_SHIPPING_FROM);
  const defaultZone: ShippingZone = {
    countries: defaultCountries,
    firstItemCents: parseMoney(vars.SHIPPING_FIRST_ITEM)!,
    additionalItemCents: parseMoney(vars.SHIPPING_ADDITIONAL_ITEM)!,
    ...(freeFrom !== undefined && { freeFromCents: freeFrom }),
  };
  return [defaultZone, ...own].filter((zone) => zone.countries.length > 0);
}

/** What the variables say together once each is valid: the shipping zones fit Stripe Checkout. */
function settledProblems(vars: EnvVars): string[] {
  const zones = shippingZones(vars).length;
  return zones > MAX_SHIPPING_ZONES
    ? [
        `SHIPPING_ZONES makes ${zones} shipping zones (counting SHIPPING_COUNTRIES at the default rate): ` +
          `at most ${MAX_SHIPPING_ZONES} are allowed, as Stripe Checkout offers at most ` +
          `${MAX_SHIPPING_ZONES} shipping options, one per zone. Put countries that ship at the ` +
          'same rate in one zone (CA,MX=9.99+4.00)',
      ]
    : [];
}

/** The configuration the app runs with, from the validated variables. */
function appConfig(vars: EnvVars) {
  const publicUrl = new URL(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).href.replace(
    /\/+$/,
    '',
  );
  const standaloneOrigins = listItems(vars.STANDALONE_ORIGINS ?? '').map(
    (item) => new URL(item).origin,
  );
  const trustProxy = vars.TRUST_PROXY ?? 'false';
  const shipping = shippingZones(vars);
  return {
    host: vars.HOST,
    port: vars.PORT,
    /** Origin (and optional base path) shoppers reach the store at, without a trailing slash. */
    publicUrl,
    /** Origins whose pages may spend a visitor's quota or change state: the store's and standalone ones. */
    allowedOrigins: [new URL(publicUrl).origin, ...standaloneOrigins],
    /** Origins of remotes' pages running alone that may call the API (CORS), e.g. `http://localhost:3001`. */
    standaloneOrigins: standaloneOrigins,
    /** `false` or the proxies' addresses; never `true` nor a hop count (any client could pick its visitor key). */
    trustProxy: /^(false|0+)$/.test(trustProxy) ? false : listItems(trustProxy).join(','),
    production: vars.NODE_ENV === 'production',
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    storage: vars.DATABASE_URL
      ? { kind: 'postgres' as const, databaseUrl: vars.DATABASE_URL }
      : {
          kind: 'pglite' as const,
          /** undefined: in memory. */
          dataDir:
            vars.DATA_DIR === IN_MEMORY_DATA_DIR ? undefined : resolve(REPO_ROOT, vars.DATA_DIR),
          /** Postgres's `shared_buffers`, its page cache, in megabytes. */
          sharedBuffersMb: vars.PGLITE_SHARED_BUFFERS_MB,
        },
    dailyGenerationLimit: vars.GENERATION_DAILY_LIMIT,
    imageProvider: vars.OPENAI_API_KEY
      ? {
          kind: 'openai' as const,
          apiKey: vars.OPENAI_API_KEY,
          baseUrl: vars.OPENAI_BASE_URL,
          model: vars.IMAGE_MODEL,
          timeoutMs: vars.OPENAI_TIMEOUT_MS,
          /** Partial images the model streams while it draws (0: none, the answer comes whole). */
          partialImages: vars.IMAGE_PARTIAL_IMAGES,
        }
      : { kind: 'builtin' as const },
    paymentProvider: vars.STRIPE_SECRET_KEY
      ? {
          kind: 'stripe' as const,
          secretKey: vars.STRIPE_SECRET_KEY,
          webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? '',
          apiBase: vars.STRIPE_API_BASE ? new URL(vars.STRIPE_API_BASE) : undefined,
          timeoutMs: vars.STRIPE_TIMEOUT_MS,
        }
      : { kind: 'test' as const },
    printProvider: vars.PRINT_PROVIDER_API_KEY
      ? {
          kind: 'printful' as const,
          apiKey: vars.PRINT_PROVIDER_API_KEY,
          /** Signs the provider's webhooks (HMAC-SHA256 of the body). */
          webhookSecret: vars.PRINT_PROVIDER_WEBHOOK_SECRET ?? '',
          apiBase: new URL(vars.PRINT_PROVIDER_API_BASE),
          timeoutMs: vars.PRINT_PROVIDER_TIMEOUT_MS,
          /** How long a print file link handed to the provider may be fetched. */
          printFileUrlTtlSeconds: vars.PRINT_FILE_URL_TTL_SECONDS,
          /** Submissions tried before an order is left for the owner as failed. */
          submitAttempts: vars.PRINT_SUBMIT_ATTEMPTS,
          /** How often the provider's catalog (which shirts it makes) is read again. */
          catalogRefreshMinutes: vars.PRINT_CATALOG_REFRESH_MINUTES,
          /** Wait before the second try; it doubles for each try after. */
          retryDelaySeconds: vars.PRINT_SUBMIT_RETRY_DELAY_SECONDS,
        }
      : { kind: 'none' as const },
    /** The currency of every price, charge and record: ISO 4217, upper case, two decimal places. */
    currency: vars.CURRENCY.toUpperCase(),
    /** ISO 3166-1 alpha-2 codes of the countries orders ship to (the payment page offers only these). */
    shippingCountries: shipping.flatMap((zone) => zone.countries),
    /** What shipping costs, per group of countries; the first zone is the one quoted before payment. */
    shippingZones: shipping,
    /** Sales tax: off, or computed by Stripe Checkout on top of (`exclusive`) or inside the prices. */
    salesTax: {
      mode: vars.SALES_TAX as SalesTaxMode,
      /** The shirts' product tax code (Stripe's "Clothing" by default). */
      productTaxCode: vars.SALES_TAX_CODE,
    },
    checkoutRateLimitPerMinute: vars.CHECKOUT_RATE_LIMIT_PER_MINUTE,
    vitalsRateLimitPerMinute: vars.VITALS_RATE_LIMIT_PER_MINUTE,
    /** Web Vitals rows kept; the oldest go first. */
    vitalsMaxRows: vars.VITALS_MAX_ROWS,
    /** How long a stop waits for requests in flight before it ends them. */
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    /** How long one part of start-up (above all the database) may take; 0: no limit. */
    startupTimeoutMs: vars.STARTUP_TIMEOUT_MS,
    /** Whether built `*.map` files are served (they show the source to anyone). */
    serveSourceMaps: vars.SERVE_SOURCE_MAPS,
    printRendering: {
      /** Worker threads rendering print PNGs at once (each holds a 3600 × 4800 image while it works). */
      threads: vars.PRINT_RENDER_THREADS ?? Math.max(1, availableParallelism() - 1),
      /** Renders that may wait for a thread; past that a print request is answered 503 + Retry-After. */
      queueLimit: vars.PRINT_RENDER_QUEUE,
      /** The render threads' nice value: 19, the lowest priority, uses only the cores left idle. */
      niceness: vars.PRINT_RENDER_NICENESS,
      /** Megabytes of print files kept for anonymous requests (least recently used out first); 0 keeps none. */
      cacheMaxMb: vars.PRINT_CACHE_MAX_MB,
    },
    /**
     * Whether the art and print threads start at their first job instead of with the store: a
     * store started often that seldom draws (a test's) saves their start-up; the first drawing
     * then waits for them.
     */
    workerThreadsOnFirstJob: vars.WORKER_THREADS_ON_FIRST_JOB,
    artEngine: {
      threads: vars.ART_ENGINE_THREADS ?? availableParallelism(),
      /** Drawings that may wait for a thread; past that a generation is answered 503 + Retry-After. */
      queueLimit: vars.ART_ENGINE_QUEUE,
    },
    frontEnd: {
      brandName: vars.BRAND_NAME,
      contactEmail: vars.CONTACT_EMAIL,
      /** Entry file URL (absolute or same-origin path) of each remote. */
      remoteEntries: {
        designer: remoteEntry(vars.DESIGNER_URL),
        checkout: remoteEntry(vars.CHECKOUT_URL),
      } satisfies Record<RemoteName, string>,
      remoteTimeoutMs: vars.REMOTE_TIMEOUT_MS,
      /** One shirt's price as the pages write it, in CURRENCY. */
      unitPrice: formatPrice(UNIT_PRICE_CENTS, vars.CURRENCY),
      /** How long a page request waits for a remote's server-rendered markup before its placeholder. */
      markupBudgetMs: vars.REMOTE_MARKUP_BUDGET_MS,
    },
    /** Built front-end folders the server serves. */
    staticDirs: {
      host: resolve(REPO_ROOT, vars.HOST_DIST_DIR),
      designer: resolve(REPO_ROOT, vars.DESIGNER_DIST_DIR),
      checkout: resolve(REPO_ROOT, vars.CHECKOUT_DIST_DIR),
    },
    mail: {
      /** SMTP server the emails go through; undefined: they are written to `outboxDir` as .eml files. */
      smtpUrl: vars.SMTP_URL,
      from:
        vars.MAIL_FROM ??
        `${vars.BRAND_NAME.replace(/[<>"@,\r\n]/g, '')} <${DEFAULT_MAIL_ADDRESS}>`,
      outboxDir: vars.MAIL_OUTBOX_DIR
        ? resolve(REPO_ROOT, vars.MAIL_OUTBOX_DIR)
        : vars.DATA_DIR === IN_MEMORY_DATA_DIR
          ? join(tmpdir(), 'tshirt-store-outbox')
          : join(resolve(REPO_ROOT, vars.DATA_DIR), 'outbox'),
      /** Tries of one email before it is left unsent (the owner sees it); the wait doubles each time. */
      attempts: vars.MAIL_SEND_ATTEMPTS,
      retryDelaySeconds: vars.MAIL_RETRY_DELAY_SECONDS,
      timeoutMs: vars.MAIL_TIMEOUT_MS,
      /** Who is told when an order fails, is held, cancelled, returned or stuck. */
      ownerEmail: vars.OWNER_EMAIL ?? vars.CONTACT_EMAIL,
      /** How long an order may wait on the shop (not in production, held, refused) before the owner is told. */
      stuckOrderHours: vars.STUCK_ORDER_HOURS,
    },
    /** Bearer token for the owner's HTTP listings; undefined: only the local scripts get one. */
    adminToken: vars.ADMIN_TOKEN,
    /** The time zone the owner reads moments in: the desk, its CSV and the owner's alerts. */
    shopTimeZone: vars.SHOP_TIME_ZONE,
    /** What every new order number starts with (`TW` in `TW-4821-7730`). */
    orderNumberPrefix: vars.ORDER_NUMBER_PREFIX ?? orderNumberPrefixOf(vars.BRAND_NAME),
  };
}

/** The configuration's shape is what `appConfig` builds. */
export type AppConfig = ReturnType<typeof appConfig>;
export type StorageConfig = AppConfig['storage'];
export type ImageProviderConfig = AppConfig['imageProvider'];
export type PaymentProviderConfig = AppConfig['paymentProvider'];
export type PrintProviderConfig = AppConfig['printProvider'];
export type FrontEndSettings = AppConfig['frontEnd'];
export type MailConfig = AppConfig['mail'];
export type SalesTaxConfig = AppConfig['salesTax'];

type EnvAjv = Parameters<
  Extract<EnvSchemaOpt['ajv'], { customOptions: unknown }>['customOptions']
>[0];
/** env-schema's Ajv with FORMATS, made on the first call and kept: making one costs more than a check. */
let envAjv: EnvAjv | undefined;
function withFormats(fresh: EnvAjv): EnvAjv {
  for (const [name, check] of Object.entries(FORMATS)) fresh.addFormat(name, check);
  return (envAjv = fresh);
}

/** Builds the validated configuration, or throws a ConfigError listing every invalid variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  // An empty variable counts as unset, as a shell's `NAME=` means.
  const given = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
  );
  // Ajv's coercion takes "Infinity" and "1e400" for whole numbers past any maximum: digits only.
  const data = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [
      name,
      PROPERTIES[name]?.type === 'integer' && !/^-?\d+$/.test(value) ? NaN : value,
    ]),
  );
  let vars: EnvVars | undefined;
  let problems: string[] = [];
  try {
    vars = envSchema<EnvVars>({
      schema: ENV_SCHEMA,
      data,
      env: false,
      ajv: envAjv ?? { customOptions: withFormats },
    });
  } catch (error) {
    problems = schemaProblems(error, given);
  }
  problems.push(...crossVariableProblems(given));
  if (vars) problems.push(...settledProblems(vars));
  if (!vars || problems.length > 0) throw new ConfigError(problems);
  return appConfig(vars);
}

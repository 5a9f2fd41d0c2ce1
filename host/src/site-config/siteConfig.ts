import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  REMOTE_ENTRY_FILE,
  REMOTE_LOAD_TIMEOUT_MS,
  REMOTES,
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_PATH,
  UNIT_PRICE_CENTS,
  formatPrice,
  type RemoteName,
  type SiteConfig,
} from '@tshirt/shared';

const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** What the host uses when the server gives it nothing usable: the server serves both remotes itself. */
export const DEFAULT_SITE_CONFIG: SiteConfig = Object.freeze({
  brandName: DEFAULT_BRAND_NAME,
  contactEmail: DEFAULT_CONTACT_EMAIL,
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { entry: `/remotes/${name}/${REMOTE_ENTRY_FILE}` }]),
  ) as SiteConfig['remotes'],
  remoteTimeoutMs: REMOTE_LOAD_TIMEOUT_MS,
  unitPrice: formatPrice(UNIT_PRICE_CENTS),
});

const MAX_BRAND_NAME_LENGTH = 60;
/** Longer than this and a shopper would think the page is broken; shorter than 1 s is a typo. */
const MIN_REMOTE_TIMEOUT_MS = 1_000;
const MAX_REMOTE_TIMEOUT_MS = 10 * 60_000;
const EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validBrandName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_BRAND_NAME_LENGTH ? trimmed : undefined;
}

function validContactEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return EMAIL_PATTERN.test(trimmed) ? trimmed : undefined;
}

/** A remote entry must be an http(s) URL or a same-origin path; anything else could run foreign code. */
function validRemoteEntry(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function validRemoteTimeoutMs(value: unknown): number | undefined {
  return typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= MIN_REMOTE_TIMEOUT_MS &&
    value <= MAX_REMOTE_TIMEOUT_MS
    ? Math.round(value)
    : undefined;
}

/** A price as the server writes it: digits with two decimals and a currency code, nothing else. */
function validUnitPrice(value: unknown): string | undefined {
  return typeof value === 'string' && /^\$?\d{1,6}\.\d{2} [A-Z]{3}$/.test(value)
    ? value
    : undefined;
}

/** Keeps every valid field of `raw` and takes the default for each missing or invalid one. */
export function validateSiteConfig(raw: unknown): SiteConfig {
  const input = isRecord(raw) ? raw : {};
  const remotesInput = isRecord(input.remotes) ? input.remotes : {};
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const remote = remotesInput[name];
      const entry = isRecord(remote) ? validRemoteEntry(remote.entry) : undefined;
      return [name, { entry: entry ?? DEFAULT_SITE_CONFIG.remotes[name].entry }];
    }),
  ) as SiteConfig['remotes'];
  return {
    brandName: validBrandName(input.brandName) ?? DEFAULT_SITE_CONFIG.brandName,
    contactEmail: validContactEmail(input.contactEmail) ?? DEFAULT_SITE_CONFIG.contactEmail,
    remotes,
    remoteTimeoutMs:
      validRemoteTimeoutMs(input.remoteTimeoutMs) ?? DEFAULT_SITE_CONFIG.remoteTimeoutMs,
    unitPrice: validUnitPrice(input.unitPrice) ?? DEFAULT_SITE_CONFIG.unitPrice,
  };
}

/** The config the server inlined into the page, or undefined when absent or not JSON. */
export function readInlineSiteConfig(doc: Document = document): unknown {
  const element = doc.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The config from the server's endpoint, or undefined on any network or parse failure. */
export async function fetchSiteConfig(
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<unknown> {
  try {
    const response = await fetchImpl(SITE_CONFIG_PATH, { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const parsed: unknown = await response.json();
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export interface SiteConfigSources {
  doc?: Document;
  fetch?: typeof fetch;
}

/** Inline element first (no extra request), then the endpoint, then the defaults. */
export async function loadSiteConfig(sources: SiteConfigSources = {}): Promise<SiteConfig> {
  const inline = readInlineSiteConfig(sources.doc ?? document);
  if (inline !== undefined) return validateSiteConfig(inline);
  const fetched = await fetchSiteConfig(sources.fetch ?? globalThis.fetch?.bind(globalThis));
  return validateSiteConfig(fetched);
}

import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  REMOTE_LOAD_TIMEOUT_MS,
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_PATH,
} from '@tshirt/shared';
import { fakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { DEFAULT_SITE_CONFIG, loadSiteConfig, validateSiteConfig } from './siteConfig';

const SERVER_CONFIG = {
  brandName: 'Inkwell Tees',
  contactEmail: 'shop@inkwell.example',
  remotes: {
    designer: { entry: 'https://designer.inkwell.example/remoteEntry.js' },
    checkout: { entry: '/remotes/checkout/mf-manifest.json' },
  },
  remoteTimeoutMs: 5000,
  unitPrice: '24.00 EUR',
};

function documentWithInlineConfig(text: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('store');
  if (text !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SITE_CONFIG_ELEMENT_ID;
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe('loadSiteConfig', () => {
  it('reads the config the server inlined in the page without a request', async () => {
    const fetchConfig = jest.fn();
    const config = await loadSiteConfig({
      doc: documentWithInlineConfig(JSON.stringify(SERVER_CONFIG)),
      fetch: fetchConfig,
    });
    expect(config).toEqual(SERVER_CONFIG);
    expect(fetchConfig).not.toHaveBeenCalled();
  });

  it('fetches the config endpoint when the inline element is missing', async () => {
    const fetchConfig = fakeFetch(jsonResponse(200, SERVER_CONFIG));
    const config = await loadSiteConfig({
      doc: documentWithInlineConfig(undefined),
      fetch: fetchConfig,
    });
    expect(fetchConfig).toHaveBeenCalledWith(SITE_CONFIG_PATH, expect.anything());
    expect(config).toEqual(SERVER_CONFIG);
  });

  it('fetches the config endpoint when the inline element is not JSON', async () => {
    const fetchConfig = fakeFetch(jsonResponse(200, SERVER_CONFIG));
    const config = await loadSiteConfig({
      doc: documentWithInlineConfig('{oops'),
      fetch: fetchConfig,
    });
    expect(config.brandName).toBe('Inkwell Tees');
  });

  it('uses the defaults when the inline element is missing and the endpoint fails', async () => {
    const unreachable = fakeFetch(new TypeError('Failed to fetch'));
    const config = await loadSiteConfig({
      doc: documentWithInlineConfig(undefined),
      fetch: unreachable,
    });
    expect(config).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('uses the defaults when the endpoint answers with an error status', async () => {
    const notFound = fakeFetch(jsonResponse(404, { error: { code: 'not_found', message: '' } }));
    const config = await loadSiteConfig({
      doc: documentWithInlineConfig(undefined),
      fetch: notFound,
    });
    expect(config).toEqual(DEFAULT_SITE_CONFIG);
  });
});

describe('validateSiteConfig', () => {
  it('has defaults that serve both remotes from the same server', () => {
    expect(DEFAULT_SITE_CONFIG).toEqual({
      brandName: DEFAULT_BRAND_NAME,
      contactEmail: DEFAULT_CONTACT_EMAIL,
      remotes: {
        designer: { entry: '/remotes/designer/remoteEntry.js' },
        checkout: { entry: '/remotes/checkout/remoteEntry.js' },
      },
      remoteTimeoutMs: REMOTE_LOAD_TIMEOUT_MS,
      unitPrice: '$19.99 USD',
    });
  });

  it.each([null, 42, 'config', [], { brandName: 7 }])(
    'turns the garbage %p into the defaults',
    (garbage) => {
      expect(validateSiteConfig(garbage)).toEqual(DEFAULT_SITE_CONFIG);
    },
  );

  it('replaces each invalid field with its default and keeps the valid ones', () => {
    const config = validateSiteConfig({
      brandName: '   ',
      contactEmail: 'not an email',
      remotes: {
        designer: { entry: 'javascript:alert(1)' },
        checkout: { entry: 'http://localhost:3002/remoteEntry.js' },
      },
      remoteTimeoutMs: -1,
    });
    expect(config).toEqual({
      ...DEFAULT_SITE_CONFIG,
      remotes: {
        designer: DEFAULT_SITE_CONFIG.remotes.designer,
        checkout: { entry: 'http://localhost:3002/remoteEntry.js' },
      },
    });
  });

  it('keeps a price as the server writes it and refuses markup or words in its place', () => {
    expect(validateSiteConfig({ unitPrice: '24.00 EUR' }).unitPrice).toBe('24.00 EUR');
    for (const unitPrice of ['<b>free</b>', 'free', 19.99, '$19.99']) {
      expect(validateSiteConfig({ unitPrice }).unitPrice).toBe(DEFAULT_SITE_CONFIG.unitPrice);
    }
  });

  it('rejects protocol-relative remote entries and non-numeric timeouts', () => {
    const config = validateSiteConfig({
      remotes: { designer: { entry: '//evil.example/remoteEntry.js' } },
      remoteTimeoutMs: '5000',
    });
    expect(config.remotes.designer).toEqual(DEFAULT_SITE_CONFIG.remotes.designer);
    expect(config.remoteTimeoutMs).toBe(REMOTE_LOAD_TIMEOUT_MS);
  });
});

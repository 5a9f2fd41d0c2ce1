import { crossSiteRefusal } from './crossSite';

const STORE = new Set(['https://shop.example']);

function refusal(headers: Record<string, string>): string | undefined {
  return crossSiteRefusal({ host: 'shop.example', ...headers }, STORE);
}

describe('crossSiteRefusal', () => {
  it('lets the store’s own pages through, with or without an Origin', () => {
    expect(refusal({ 'sec-fetch-site': 'same-origin' })).toBeUndefined();
    expect(
      refusal({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' }),
    ).toBeUndefined();
    // Typed into the address bar, or a bookmark.
    expect(refusal({ 'sec-fetch-site': 'none' })).toBeUndefined();
  });

  it('believes Sec-Fetch-Site over Origin: a same-origin form post under no-referrer sends Origin: null', () => {
    expect(refusal({ 'sec-fetch-site': 'same-origin', origin: 'null' })).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'cross-site', origin: 'https://shop.example.evil' })).toBe(
      'Sec-Fetch-Site: cross-site',
    );
    expect(refusal({ 'sec-fetch-site': 'something-new' })).toBe('Sec-Fetch-Site: something-new');
  });

  it('lets clients that send neither header through (curl, servers, older browsers)', () => {
    expect(refusal({})).toBeUndefined();
    expect(crossSiteRefusal({}, STORE)).toBeUndefined();
  });

  it('refuses what a browser says comes from another site, even with no Origin', () => {
    expect(refusal({ 'sec-fetch-site': 'cross-site' })).toBe('Sec-Fetch-Site: cross-site');
    expect(refusal({ 'sec-fetch-site': 'CROSS-SITE' })).toBe('Sec-Fetch-Site: cross-site');
    expect(refusal({ 'sec-fetch-site': 'same-site', origin: 'https://blog.shop.example' })).toBe(
      'Sec-Fetch-Site: same-site',
    );
  });

  it('refuses, from a browser without Sec-Fetch-Site, an Origin that is not the store’s, "null" included', () => {
    expect(refusal({ origin: 'https://evil.example' })).toBe('Origin: https://evil.example');
    expect(refusal({ origin: 'null' })).toBe('Origin: null');
    expect(refusal({ origin: 'https://shop.example.evil.example' })).toBeDefined();
    expect(refusal({ origin: 'http://shop.example:8443' })).toBeDefined();
  });

  it('accepts an Origin naming the host the request reached, as a same-origin page behind a dev proxy sends it', () => {
    expect(
      crossSiteRefusal({ host: 'localhost:3002', origin: 'http://localhost:3002' }, STORE),
    ).toBeUndefined();
    expect(
      crossSiteRefusal({ host: 'shop.example:443', origin: 'https://shop.example' }, new Set()),
    ).toBeUndefined();
  });

  it('accepts an allowed origin even from another site, so standalone front ends can be added', () => {
    const withDesigner = new Set([...STORE, 'https://designer.example']);
    expect(
      crossSiteRefusal(
        {
          host: 'shop.example',
          'sec-fetch-site': 'cross-site',
          origin: 'https://designer.example',
        },
        withDesigner,
      ),
    ).toBeUndefined();
  });
});

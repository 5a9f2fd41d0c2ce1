import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import { canHydrate, PRERENDERED_ATTRIBUTE, prerenderFingerprint } from './prerenderedPage';

function prerenderedRoot(fingerprint: string): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute(PRERENDERED_ATTRIBUTE, fingerprint);
  root.innerHTML = '<main>Welcome</main>';
  return root;
}

describe('canHydrate', () => {
  const fingerprint = prerenderFingerprint('/product', DEFAULT_SITE_CONFIG, 2026);

  it('adopts HTML rendered for the same page, brand, contact address and year', () => {
    expect(canHydrate(prerenderedRoot(fingerprint), '/product', DEFAULT_SITE_CONFIG, 2026)).toBe(
      true,
    );
  });

  it('redraws HTML rendered for another page', () => {
    expect(canHydrate(prerenderedRoot(fingerprint), '/', DEFAULT_SITE_CONFIG, 2026)).toBe(false);
  });

  it('redraws HTML rendered for another brand, as a server configured for another store sends', () => {
    expect(
      canHydrate(
        prerenderedRoot(fingerprint),
        '/product',
        { ...DEFAULT_SITE_CONFIG, brandName: 'Tee Time' },
        2026,
      ),
    ).toBe(false);
  });

  it('redraws HTML whose footer carries last year', () => {
    expect(canHydrate(prerenderedRoot(fingerprint), '/product', DEFAULT_SITE_CONFIG, 2027)).toBe(
      false,
    );
  });

  it('draws an empty root (the plain index.html) from scratch', () => {
    const root = prerenderedRoot(fingerprint);
    root.replaceChildren();
    expect(canHydrate(root, '/product', DEFAULT_SITE_CONFIG, 2026)).toBe(false);
  });
});

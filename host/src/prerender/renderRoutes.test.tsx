import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { NOT_FOUND_ROUTE, PAGE_TEXT, PRODUCT_NAME, SITE_SETTING_TOKENS } from '@tshirt/shared';
import { App } from '../App';
import { createRemoteLoader } from '../remote-loading/remoteLoader';
import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import { canHydrate } from './prerenderedPage';
import { PRERENDERED_ROUTES, renderRoute } from './renderRoutes';

const YEAR = new Date().getFullYear();
const pendingRemotes = createRemoteLoader({
  loadModule: () => new Promise(() => {}),
  timeoutMs: 60_000,
});

/** What the server does before sending a page: the configured brand and address in place of the tokens. */
function withSiteSettings(text: string): string {
  return text
    .replaceAll(SITE_SETTING_TOKENS.brandName, DEFAULT_SITE_CONFIG.brandName)
    .replaceAll(SITE_SETTING_TOKENS.contactEmail, DEFAULT_SITE_CONFIG.contactEmail)
    .replaceAll(SITE_SETTING_TOKENS.unitPrice, DEFAULT_SITE_CONFIG.unitPrice);
}

function prerenderInto(path: string): HTMLElement {
  const { html, rootAttributes } = renderRoute(path, YEAR);
  const root = document.createElement('div');
  for (const [name, value] of Object.entries(rootAttributes))
    root.setAttribute(name, withSiteSettings(value));
  root.innerHTML = withSiteSettings(html.replace(/^(<link [^>]*\/?>)+/, ''));
  document.body.replaceChildren(root);
  return root;
}

describe('renderRoutes', () => {
  beforeEach(() => {
    window.scrollTo = jest.fn();
    // Hydrating by hand (not through Testing Library's render): tell React that act() is in use.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('pre-renders every page the server answers, and the not-found page', () => {
    expect(Object.keys(PRERENDERED_ROUTES)).toEqual([
      '/',
      '/product',
      '/loading',
      '/complete',
      '/order',
      '/empty',
      NOT_FOUND_ROUTE,
    ]);
  });

  it('renders the home hero and the product page with a placeholder for each remote part', () => {
    expect(renderRoute('/', YEAR).html).toContain(PAGE_TEXT.welcome);
    const product = renderRoute('/product', YEAR).html;
    expect(product).toContain(PRODUCT_NAME);
    for (const part of [
      'designer/ShirtPreview',
      'designer/ArtForm',
      'designer/DesignGallery',
      'checkout/CheckoutPanel',
    ]) {
      expect(product).toContain(`data-remote-placeholder="${part}"`);
    }
  });

  it('leaves the brand and contact address for the server to fill in', () => {
    const home = renderRoute('/', YEAR);
    expect(home.html).toContain(SITE_SETTING_TOKENS.brandName);
    expect(home.html).toContain(SITE_SETTING_TOKENS.contactEmail);
    expect(home.html).not.toContain(DEFAULT_SITE_CONFIG.brandName);
  });

  it.each(Object.keys(PRERENDERED_ROUTES))(
    'renders %s so the browser adopts it without a mismatch',
    async (route) => {
      const path = route === NOT_FOUND_ROUTE ? '/no/such/page' : route;
      window.history.replaceState(null, '', path);
      const root = prerenderInto(route);
      expect(canHydrate(root, path, DEFAULT_SITE_CONFIG, YEAR)).toBe(true);
      const onRecoverableError = jest.fn();
      const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
      await act(async () => {
        hydrateRoot(
          root,
          <StrictMode>
            <App config={DEFAULT_SITE_CONFIG} remoteLoader={pendingRemotes} />
          </StrictMode>,
          { onRecoverableError },
        );
      });
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
    },
  );
});

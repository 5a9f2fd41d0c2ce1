import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_TEXT, PRODUCT_NAME } from '@tshirt/shared';
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

function prerenderInto(path: string): HTMLElement {
  const { html, rootAttributes } = renderRoute(path, YEAR);
  const root = document.createElement('div');
  for (const [name, value] of Object.entries(rootAttributes)) root.setAttribute(name, value);
  root.innerHTML = html.replace(/^(<link [^>]*\/?>)+/, '');
  document.body.replaceChildren(root);
  return root;
}

describe('renderRoutes', () => {
  beforeEach(() => {
    window.scrollTo = jest.fn();
    // Hydrating by hand (not through Testing Library's render): tell React that act() is in use.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('pre-renders every page the server answers with 200', () => {
    expect(Object.keys(PRERENDERED_ROUTES)).toEqual([
      '/',
      '/product',
      '/loading',
      '/complete',
      '/empty',
    ]);
  });

  it('renders the home hero and the product page with its placeholders for the remote parts', () => {
    expect(renderRoute('/', YEAR).html).toContain(PAGE_TEXT.welcome);
    const product = renderRoute('/product', YEAR).html;
    expect(product).toContain(PRODUCT_NAME);
    expect(product).toContain('data-status="loading"');
  });

  it.each(Object.keys(PRERENDERED_ROUTES))(
    'renders %s so the browser adopts it without a mismatch',
    async (path) => {
      window.history.replaceState(null, '', path);
      const root = prerenderInto(path);
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

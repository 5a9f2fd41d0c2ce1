import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { screen } from '@testing-library/react';
import { PAGE_TEXT, SITE_SETTING_TOKENS } from '@tshirt/shared';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { App } from '../../App';
import { renderRoute } from '../../prerender/renderRoutes';
import { createRemoteLoader } from '../../remote-loading/remoteLoader';
import { DEFAULT_SITE_CONFIG } from '../../site-config/siteConfig';
import { THANK_YOU_TEXT } from '../complete/CompletePage';
import { ORDER_NUMBER, ORDER_TOKEN, exampleOrder } from './orderFixtures';

const YEAR = new Date().getFullYear();
const pendingRemotes = createRemoteLoader({
  loadModule: () => new Promise(() => {}),
  timeoutMs: 60_000,
});

/** The page's build-time HTML as the server sends it for `route`, whatever the query. */
function prerendered(route: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderRoute(route, YEAR)
    .html.replace(/^(<link [^>]*\/?>)+/, '')
    .replaceAll(SITE_SETTING_TOKENS.brandName, DEFAULT_SITE_CONFIG.brandName)
    .replaceAll(SITE_SETTING_TOKENS.contactEmail, DEFAULT_SITE_CONFIG.contactEmail);
  document.body.replaceChildren(root);
  return root;
}

/** Hydrates the pre-rendered `route` at `url` (its query included); the recoverable errors React reports. */
async function hydrateAt(route: string, url: string): Promise<jest.Mock> {
  window.history.replaceState(null, '', url);
  const root = prerendered(route);
  const onRecoverableError = jest.fn();
  await act(async () => {
    hydrateRoot(
      root,
      <StrictMode>
        <App config={DEFAULT_SITE_CONFIG} remoteLoader={pendingRemotes} />
      </StrictMode>,
      { onRecoverableError },
    );
  });
  return onRecoverableError;
}

describe('the order pages, pre-rendered without a query', () => {
  beforeEach(() => {
    window.scrollTo = jest.fn();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('pre-render /complete with the thank-you message', () => {
    expect(renderRoute('/complete', YEAR).html).toContain(THANK_YOU_TEXT);
  });

  it('hydrate /complete?token= without a mismatch, then show the order', async () => {
    const { requests } = installFakeFetch(jsonResponse(200, exampleOrder()));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const onRecoverableError = await hydrateAt('/complete', `/complete?token=${ORDER_TOKEN}`);
    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: PAGE_TEXT.orderComplete })).toBeVisible();
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(requests[0]?.params.get('token')).toBe(ORDER_TOKEN);
    consoleError.mockRestore();
  });

  it('hydrate /order?token= without a mismatch, then show the order', async () => {
    installFakeFetch(jsonResponse(200, exampleOrder({ state: 'in_production' })));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const onRecoverableError = await hydrateAt('/order', `/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('In production');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

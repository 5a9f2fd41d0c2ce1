/**
 * Build-time pre-rendering (bundled for Node by tooling/build/prerender.ts): the HTML of each page,
 * so the first paint needs no JavaScript. The brand and contact address are written as
 * SITE_SETTING_TOKENS, which the server replaces with its configured values. The remote parts
 * render as their loading placeholders, which the server replaces with each part's own markup
 * (docs/ARCHITECTURE.md), or leaves for the browser to load.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import {
  NOT_FOUND_ROUTE,
  PAGE_PATHS,
  REMOTE_LOAD_TIMEOUT_MS,
  SITE_SETTING_TOKENS,
  type SiteConfig,
} from '@tshirt/shared';
import { AppProviders } from '../App';
import { AppRoutes } from '../AppRoutes';
import { CompletePage } from '../pages/complete/CompletePage';
import { OrderPage } from '../pages/order/OrderPage';
import { createRemoteLoader, type RemoteLoader } from '../remote-loading/remoteLoader';
import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import { PRERENDERED_ATTRIBUTE, prerenderFingerprint } from './prerenderedPage';

/** Each page the server answers (SPEC §3), and the file its pre-rendered HTML goes to. */
export const PRERENDERED_ROUTES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(PAGE_PATHS).map(([name, path]) => [path, `pages/${name}.html`]),
  ),
  [NOT_FOUND_ROUTE]: 'pages/not-found.html',
};

/** A path no route matches, to render the not-found page. */
const UNKNOWN_PATH = '/page-not-found';

/** The site config the pages are rendered with: the server fills in the tokens. */
export const PRERENDER_SITE_CONFIG: SiteConfig = { ...DEFAULT_SITE_CONFIG, ...SITE_SETTING_TOKENS };

/** Nothing loads at build time (no effect runs): every remote part stays in its loading state. */
const pendingRemotes: RemoteLoader = createRemoteLoader({
  loadModule: () => new Promise(() => {}),
  timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
});

export function renderRoute(
  path: string,
  year: number,
): { html: string; rootAttributes: Record<string, string> } {
  const html = renderToString(
    <StrictMode>
      <AppProviders config={PRERENDER_SITE_CONFIG} remoteLoader={pendingRemotes}>
        <StaticRouter location={path === NOT_FOUND_ROUTE ? UNKNOWN_PATH : path}>
          <AppRoutes pages={{ complete: CompletePage, order: OrderPage }} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return {
    html,
    rootAttributes: {
      [PRERENDERED_ATTRIBUTE]: prerenderFingerprint(path, PRERENDER_SITE_CONFIG, year),
    },
  };
}

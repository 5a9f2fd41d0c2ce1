/**
 * Build-time pre-rendering (bundled for Node by shared/build/prerender.ts): the HTML of each known
 * page with the default site config, so the first paint needs no JavaScript. The remote parts
 * render as their loading placeholders, exactly as the browser's first render draws them.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '../App';
import { AppRoutes } from '../AppRoutes';
import type { RemoteLoader } from '../remote-loading/remoteLoader';
import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import { PRERENDERED_ATTRIBUTE, prerenderFingerprint } from './prerenderedPage';

/** Each page the server answers with 200 (SPEC §3), and the file its pre-rendered HTML goes to. */
export const PRERENDERED_ROUTES: Readonly<Record<string, string>> = {
  '/': 'pages/home.html',
  '/product': 'pages/product.html',
  '/loading': 'pages/loading.html',
  '/complete': 'pages/complete.html',
  '/empty': 'pages/empty.html',
};

/** Nothing loads at build time: every remote part stays in its loading state. */
const pendingRemotes: RemoteLoader = {
  load: () => new Promise(() => {}),
  peek: () => undefined,
};

export function renderRoute(
  path: string,
  year: number,
): { html: string; rootAttributes: Record<string, string> } {
  const html = renderToString(
    <StrictMode>
      <AppProviders config={DEFAULT_SITE_CONFIG} remoteLoader={pendingRemotes}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return {
    html,
    rootAttributes: {
      [PRERENDERED_ATTRIBUTE]: prerenderFingerprint(path, DEFAULT_SITE_CONFIG, year),
    },
  };
}

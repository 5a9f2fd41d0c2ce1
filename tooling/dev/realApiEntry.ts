/**
 * A remote's page on its dev server against a store (API=real, or API_PROXY_TARGET set): while
 * the store does not answer, a banner at the top says so and where it was looked for (the dev
 * server's answer names it), and goes once the store answers. Never in a production build.
 */
import { STORE_OFFER_PATH } from '@tshirt/shared/apiPaths';
import { STORE_UNREACHABLE_CODE } from './devApiPaths';

const RECHECK_MS = 5_000;

/** The dev server's message when the store does not answer; undefined when it does. */
async function storeUnreachable(): Promise<string | undefined> {
  try {
    const response = await fetch(STORE_OFFER_PATH, { headers: { accept: 'application/json' } });
    if (response.ok) return undefined;
    const body = (await response.json().catch(() => undefined)) as
      { error?: { code?: string; message?: string } } | undefined;
    return body?.error?.code === STORE_UNREACHABLE_CODE ? body.error.message : undefined;
  } catch {
    return 'The dev server does not answer.';
  }
}

function showBanner(message: string): HTMLElement {
  const banner = document.createElement('p');
  banner.setAttribute('role', 'alert');
  banner.textContent = message;
  Object.assign(banner.style, {
    margin: '0',
    padding: '12px 16px',
    background: '#7f1d1d',
    color: '#fff',
    font: '600 15px/1.4 system-ui, sans-serif',
  });
  document.body.prepend(banner);
  return banner;
}

async function watchStore(): Promise<void> {
  const message = await storeUnreachable();
  if (message === undefined) return;
  const banner = showBanner(message);
  const timer = window.setInterval(() => {
    void storeUnreachable().then((still) => {
      if (still !== undefined) return;
      banner.remove();
      window.clearInterval(timer);
    });
  }, RECHECK_MS);
}

void watchStore();
// APP_ENTRY_REQUEST, written out: webpack resolves only a literal.
void import(/* webpackMode: "eager" */ 'standalone-app-entry');

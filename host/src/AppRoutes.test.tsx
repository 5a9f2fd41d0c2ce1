import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_BRAND_NAME, PAGE_TEXT, PRODUCT_NAME } from '@tshirt/shared';
import { AppRoutes } from './AppRoutes';
import { RemoteLoaderProvider } from './remote-loading/RemoteLoaderContext';
import { createRemoteLoader } from './remote-loading/remoteLoader';
import { DEFAULT_SITE_CONFIG } from './site-config/siteConfig';
import { SiteConfigProvider } from './site-config/SiteConfigContext';

/** Remotes that never arrive: the pages around them must render on their own. */
const pendingRemotes = createRemoteLoader({
  loadModule: () => new Promise(() => {}),
  timeoutMs: 60_000,
});

function renderAt(path: string) {
  window.scrollTo = jest.fn();
  return render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <RemoteLoaderProvider loader={pendingRemotes}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </RemoteLoaderProvider>
    </SiteConfigProvider>,
  );
}

describe('routes', () => {
  it('shows the welcome hero with a Shop All link to the catalog on /', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: PAGE_TEXT.welcome })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /folded t-shirts/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_TEXT.shopAll })).toHaveAttribute(
      'href',
      '/product',
    );
    expect(document.title).toBe(DEFAULT_BRAND_NAME);
  });

  it('shows the product title, price, description and a place for every part on /product', () => {
    renderAt('/product');
    expect(screen.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeInTheDocument();
    expect(screen.getByText('$19.99 USD')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About this shirt' })).toBeInTheDocument();
    for (const feature of [
      'Made on demand',
      'No set-up fees or minimums',
      'DTG printing in the USA',
      'Secured transactions',
      'No returns accepted',
    ]) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getByText(/OEKO-TEX® Standard 100/)).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Loading the art designer…',
      'Loading the checkout…',
      'Loading the art designer…',
      'Loading the art designer…',
      'Loading the checkout…',
    ]);
    expect(document.title).toBe(`${PRODUCT_NAME} · ${DEFAULT_BRAND_NAME}`);
  });

  it('shows the order loading page on /loading', () => {
    renderAt('/loading');
    expect(
      screen.getByRole('heading', { level: 1, name: PAGE_TEXT.loadingOrder }),
    ).toBeInTheDocument();
  });

  it('shows the completed order with a Continue shopping link to the catalog on /complete', async () => {
    renderAt('/complete');
    // The page's code is loaded when it is opened.
    expect(
      await screen.findByRole('heading', { level: 1, name: PAGE_TEXT.orderComplete }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toHaveAttribute(
      'href',
      '/product',
    );
  });

  it('shows the placeholder text on /empty', () => {
    renderAt('/empty');
    expect(
      screen.getByRole('heading', { level: 1, name: PAGE_TEXT.emptyPage }),
    ).toBeInTheDocument();
  });

  it('shows a not-found page inside the layout with a way home for any other path', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('goes from the home page to the catalog through Shop All', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('link', { name: PAGE_TEXT.shopAll }));
    expect(screen.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SiteConfig } from '@tshirt/shared';
import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import { SiteConfigProvider } from '../site-config/SiteConfigContext';
import { Layout } from './Layout';

const CONFIG: SiteConfig = {
  ...DEFAULT_SITE_CONFIG,
  brandName: 'Inkwell Tees',
  contactEmail: 'shop@inkwell.example',
};

function renderLayout(path = '/') {
  window.scrollTo = jest.fn();
  return render(
    <SiteConfigProvider config={CONFIG}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<p>Page content</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SiteConfigProvider>,
  );
}

function resizeWindow(width: number, height: number): void {
  Object.assign(window, { innerWidth: width, innerHeight: height });
}

describe('Layout', () => {
  afterEach(() => jest.useRealTimers());

  it('links the configured brand, Home, Catalog and a mailto Contact in the top bar', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Inkwell Tees' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/product');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:shop@inkwell.example',
    );
  });

  it('marks the current page in the top bar', () => {
    renderLayout('/product');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('links Home, Careers and Legal in the footer', () => {
    renderLayout();
    const footerNav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footerNav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(footerNav).getByRole('link', { name: 'Careers' })).toHaveAttribute(
      'href',
      '/empty',
    );
    expect(within(footerNav).getByRole('link', { name: 'Legal' })).toHaveAttribute(
      'href',
      '/empty',
    );
  });

  it('shows the copyright with the current year and the brand, and a powered-by line', () => {
    jest.useFakeTimers({ now: new Date('2031-06-15T12:00:00Z') });
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2031 Inkwell Tees')).toBeInTheDocument();
    expect(within(footer).getByText(/^Powered by /)).toBeInTheDocument();
  });

  it('offers a skip link to the main content', () => {
    renderLayout();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    expect(skipLink).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveTextContent('Page content');
  });

  it('exposes the portrait or landscape arrangement on its root', () => {
    resizeWindow(390, 844);
    const { container, unmount } = renderLayout();
    expect(container.querySelector('[data-orientation]')).toHaveAttribute(
      'data-orientation',
      'portrait',
    );
    unmount();
    resizeWindow(1280, 800);
    const landscape = renderLayout();
    expect(landscape.container.querySelector('[data-orientation]')).toHaveAttribute(
      'data-orientation',
      'landscape',
    );
  });
});

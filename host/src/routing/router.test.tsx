import { act, render, screen } from '@testing-library/react';
import { Link } from './links';
import { BrowserRouter, isPathOf, useLocation, useNavigationType } from './router';

function Where() {
  const { pathname, search, hash } = useLocation();
  return (
    <p>
      {useNavigationType()} {pathname}
      {search}
      {hash}
    </p>
  );
}

function renderInBrowserAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <BrowserRouter>
      <Link to="/product?size=M">Shop</Link>
      <Link to="/">Home</Link>
      <Where />
    </BrowserRouter>,
  );
}

describe('BrowserRouter', () => {
  it('starts at the address bar, as a POP', () => {
    renderInBrowserAt('/order?token=abc#address');
    expect(screen.getByText('POP /order?token=abc#address')).toBeInTheDocument();
  });

  it('adds a history entry for a link, as a PUSH', async () => {
    renderInBrowserAt('/');
    const entries = window.history.length;
    await act(async () => screen.getByRole('link', { name: 'Shop' }).click());
    expect(window.location.pathname + window.location.search).toBe('/product?size=M');
    expect(window.history.length).toBe(entries + 1);
    expect(screen.getByText('PUSH /product?size=M')).toBeInTheDocument();
  });

  it('replaces the entry for a link to the page already shown, as a REPLACE', async () => {
    renderInBrowserAt('/');
    const entries = window.history.length;
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    expect(window.history.length).toBe(entries);
    expect(screen.getByText('REPLACE /')).toBeInTheDocument();
  });

  it('follows the browser back, forward or to a hash, as a POP', async () => {
    renderInBrowserAt('/product');
    await act(async () => {
      window.history.pushState(null, '', '/order#address');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('POP /order#address')).toBeInTheDocument();
  });
});

describe('isPathOf', () => {
  it.each([
    ['/product', '/product'],
    ['/product/', '/product'],
    ['/PRODUCT', '/product'],
    ['/%70roduct', '/product'],
    ['/', '/'],
    ['//', '/'],
  ])('takes %s for the page at %s', (pathname, pagePath) => {
    expect(isPathOf(pathname, pagePath)).toBe(true);
  });

  it.each([
    ['/products', '/product'],
    ['/product/x', '/product'],
    ['/product', '/'],
  ])('does not take %s for the page at %s', (pathname, pagePath) => {
    expect(isPathOf(pathname, pagePath)).toBe(false);
  });
});

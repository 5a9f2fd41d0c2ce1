import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NavPageLink, PageLink } from './PageLink';

function CurrentPath() {
  return <p>Now at {useLocation().pathname}</p>;
}

function renderAt(path: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PageLink', () => {
  it('is a real link to the page that navigates in place on a plain click', async () => {
    const onClick = jest.fn();
    renderAt(
      '/',
      <PageLink to="/product" className="shop" onClick={onClick}>
        Shop All
      </PageLink>,
    );
    const link = screen.getByRole('link', { name: 'Shop All' });
    expect(link).toHaveAttribute('href', '/product');
    expect(link).toHaveClass('shop');
    await userEvent.click(link);
    expect(screen.getByText('Now at /product')).toBeInTheDocument();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('leaves a modified click or a new-tab link to the browser', () => {
    renderAt(
      '/',
      <>
        <PageLink to="/product">Catalog</PageLink>
        <PageLink to="/empty" target="_blank">
          Careers
        </PageLink>
      </>,
    );
    // What reaches the window un-prevented is the browser's to follow; stopped there, as jsdom
    // cannot open a page.
    const leftToTheBrowser: string[] = [];
    const browser = (event: MouseEvent) => {
      if (!event.defaultPrevented)
        leftToTheBrowser.push((event.target as Element).textContent ?? '');
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Catalog' }), { ctrlKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Careers' }));
    } finally {
      window.removeEventListener('click', browser);
    }
    expect(leftToTheBrowser).toEqual(['Catalog', 'Careers']);
    expect(screen.getByText('Now at /')).toBeInTheDocument();
  });

  it('does not navigate when its own click handler prevents it', async () => {
    renderAt(
      '/',
      <PageLink to="/product" onClick={(event) => event.preventDefault()}>
        Catalog
      </PageLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Catalog' }));
    expect(screen.getByText('Now at /')).toBeInTheDocument();
  });
});

describe('NavPageLink', () => {
  const links = (
    <nav aria-label="Main">
      <NavPageLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Home
      </NavPageLink>
      <NavPageLink to="/product" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Catalog
      </NavPageLink>
    </nav>
  );

  it('marks the link of the page shown, and a page below it unless it must match exactly', () => {
    renderAt('/product/anything', links);
    const catalog = screen.getByRole('link', { name: 'Catalog' });
    expect(catalog).toHaveAttribute('aria-current', 'page');
    expect(catalog).toHaveClass('on');
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveClass('off');
  });

  it('moves the mark when the shopper goes to another page', async () => {
    renderAt('/product', links);
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Catalog' })).not.toHaveAttribute('aria-current');
  });
});

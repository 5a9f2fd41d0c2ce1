import { fireEvent, render, screen } from '@testing-library/react';
import { Link, NavLink } from './links';
import { MemoryRouter, useLocation } from './router';

function CurrentPath() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(path: string, links: React.ReactNode) {
  return render(
    <MemoryRouter path={path}>
      {links}
      <CurrentPath />
    </MemoryRouter>,
  );
}

const activeClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

describe('Link', () => {
  it('renders an anchor to the path, with the attributes it is given', () => {
    renderAt(
      '/',
      <Link to="/product" className="shop">
        Shop
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Shop' });
    expect(link).toHaveAttribute('href', '/product');
    expect(link).toHaveClass('shop');
  });

  it('opens the page in place on a plain click', () => {
    renderAt('/', <Link to="/product">Shop</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(click).toBe(false);
    expect(screen.getByText('at /product')).toBeInTheDocument();
  });

  it('leaves a click with a modifier key to the browser', () => {
    renderAt('/', <Link to="/product">Shop</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'Shop' }), { ctrlKey: true });
    expect(click).toBe(true);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('runs its own click handler first, and stays put when that prevents the default', () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      '/',
      <Link to="/product" onClick={onClick}>
        Shop
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });
});

describe('NavLink', () => {
  it('marks the link to the current page as the current page', () => {
    renderAt(
      '/product',
      <NavLink to="/product" className={activeClass}>
        Catalog
      </NavLink>,
    );
    const link = screen.getByRole('link', { name: 'Catalog' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveClass('on');
  });

  it('counts a page below its path as current, unless it is marked end', () => {
    renderAt(
      '/order/42',
      <>
        <NavLink to="/order" className={activeClass}>
          Orders
        </NavLink>
        <NavLink to="/" end className={activeClass}>
          Home
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveClass('off');
  });

  it('does not count a path that only starts with the same letters', () => {
    renderAt(
      '/products',
      <NavLink to="/product" className={activeClass}>
        Catalog
      </NavLink>,
    );
    expect(screen.getByRole('link', { name: 'Catalog' })).not.toHaveAttribute('aria-current');
  });
});

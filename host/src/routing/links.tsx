/**
 * The store's links to its own pages: an `<a href>` that shows the page in place on a plain left
 * click; a click with a modifier key, another button or a `target` is left to the browser.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { pathOf, useLocation, useNavigate } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the store, with its query and hash if any. */
  to: string;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === '_self') && !modified;
}

export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const current = pathOf(useLocation());
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    // A link to the page already shown replaces its history entry instead of adding one.
    navigate(to, to === current);
  };
  return <a {...rest} href={to} onClick={handleClick} target={target} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Current only on `to` itself, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** A link that says whether it leads to the current page (`aria-current="page"`), as NavLink did. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const pathname = useLocation().pathname.toLowerCase();
  const toPathname = (to.split(/[?#]/)[0] ?? to).toLowerCase();
  const slashAfter =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    pathname === toPathname ||
    (!end && pathname.startsWith(toPathname) && pathname.charAt(slashAfter) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
    />
  );
}

/**
 * Links between the store's pages, made of react-router's own link hooks (`useHref`,
 * `useLinkClickHandler`, `useMatch`): its `<Link>` and `<NavLink>` also carry route prefetching,
 * view transitions and data-router code that this store never uses, into every page's bundle.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useMatch } from 'react-router-dom';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface PageLinkProps extends AnchorProps {
  /** A path of this site, e.g. PAGE_PATHS.product. */
  to: string;
}

/** A link to a page of the store: a plain `<a href>` that navigates in place on a plain click. */
export function PageLink({ to, onClick, target, ...anchor }: PageLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

export interface NavPageLinkProps extends Omit<PageLinkProps, 'className'> {
  /** Active only on exactly this path, not also on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link in a navigation bar: `aria-current="page"` (and its class) while its page is shown. */
export function NavPageLink({ to, end = false, className, ...link }: NavPageLinkProps) {
  const isActive = useMatch({ path: to, end }) !== null;
  return (
    <PageLink
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes } from 'react-router-dom';
import { PAGE_PATHS, type PageName } from '@tshirt/shared';
import { Layout } from './layout/Layout';
import { EmptyPage } from './pages/empty/EmptyPage';
import { HomePage } from './pages/home/HomePage';
import { LoadingPage } from './pages/loading/LoadingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { ProductPage } from './product/ProductPage';

/**
 * The pages after payment, loaded when one is opened: the product page never carries their code.
 * Hydrating one keeps the server's HTML until its code has come.
 */
const AFTER_PAYMENT_PAGES = {
  complete: lazy(() =>
    import('./pages/complete/CompletePage').then((page) => ({ default: page.CompletePage })),
  ),
  order: lazy(() =>
    import('./pages/order/OrderPage').then((page) => ({ default: page.OrderPage })),
  ),
};

/** The component of each page the contract names (PAGE_PATHS); any other path is the not-found page. */
const PAGES: Readonly<Record<PageName, ComponentType>> = {
  home: HomePage,
  product: ProductPage,
  loading: LoadingPage,
  ...AFTER_PAYMENT_PAGES,
  empty: EmptyPage,
};

const LOADED_ON_OPEN: ReadonlySet<PageName> = new Set(
  Object.keys(AFTER_PAYMENT_PAGES) as PageName[],
);

/**
 * Every route of the store (SPEC §3); the server answers the same paths with 200, others with 404.
 * `pages` replaces some of them (the build's pre-render has every page's code at once).
 */
export function AppRoutes({ pages = {} }: { pages?: Partial<Record<PageName, ComponentType>> }) {
  const routes = { ...PAGES, ...pages };
  return useRoutes([
    {
      element: <Layout />,
      children: [
        ...(Object.entries(routes) as Array<[PageName, ComponentType]>).map(([name, Page]) => ({
          path: PAGE_PATHS[name],
          element: LOADED_ON_OPEN.has(name) ? (
            <Suspense fallback={null}>
              <Page />
            </Suspense>
          ) : (
            <Page />
          ),
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

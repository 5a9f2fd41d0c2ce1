import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PAGE_PATHS, type PageName } from '@tshirt/shared';
import { Layout } from './layout/Layout';
import { CompletePage } from './pages/complete/CompletePage';
import { EmptyPage } from './pages/empty/EmptyPage';
import { HomePage } from './pages/home/HomePage';
import { LoadingPage } from './pages/loading/LoadingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { OrderPage } from './pages/order/OrderPage';
import { ProductPage } from './product/ProductPage';

/** The component of each page the contract names (PAGE_PATHS); any other path is the not-found page. */
const PAGES: Readonly<Record<PageName, ComponentType>> = {
  home: HomePage,
  product: ProductPage,
  loading: LoadingPage,
  complete: CompletePage,
  order: OrderPage,
  empty: EmptyPage,
};

/** Every route of the store (SPEC §3); the server answers the same paths with 200, others with 404. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {(Object.entries(PAGES) as Array<[PageName, ComponentType]>).map(([name, Page]) => (
          <Route key={name} path={PAGE_PATHS[name]} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

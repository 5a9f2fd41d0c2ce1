import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { CompletePage } from './pages/complete/CompletePage';
import { EmptyPage } from './pages/empty/EmptyPage';
import { HomePage } from './pages/home/HomePage';
import { LoadingPage } from './pages/loading/LoadingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { ProductPage } from './product/ProductPage';

/** Every route of the store (SPEC §3); the server answers the same paths with 200, others with 404. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="product" element={<ProductPage />} />
        <Route path="loading" element={<LoadingPage />} />
        <Route path="complete" element={<CompletePage />} />
        <Route path="empty" element={<EmptyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

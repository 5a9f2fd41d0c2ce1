import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '@tshirt/shared';

createRoot(document.getElementById('root')!).render(<h1>{PRODUCT_NAME}</h1>);

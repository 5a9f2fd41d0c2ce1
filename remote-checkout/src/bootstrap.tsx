import { createRoot } from 'react-dom/client';
import CheckoutPanel from './checkout-panel/CheckoutPanel';

createRoot(document.getElementById('root')!).render(<CheckoutPanel />);

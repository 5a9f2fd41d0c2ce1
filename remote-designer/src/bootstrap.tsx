import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneDesigner } from './standalone/StandaloneDesigner';

const root = document.getElementById('root');
if (!root) throw new Error('The standalone page needs a #root element');

createRoot(root).render(
  <StrictMode>
    <StandaloneDesigner />
  </StrictMode>,
);

// Running alone, the page has no host to give it the store's tokens: it loads the same file.
import '@tshirt/shared/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureStoreFromStandaloneConfig } from '@tshirt/shared/standaloneStore';
import { StandaloneDesigner } from './standalone/StandaloneDesigner';

const root = document.getElementById('root');
if (!root) throw new Error('The standalone page needs a #root element');

// Running alone, the page learns from its static host where the store's API is.
void configureStoreFromStandaloneConfig().then(() => {
  createRoot(root).render(
    <StrictMode>
      <StandaloneDesigner />
    </StrictMode>,
  );
});

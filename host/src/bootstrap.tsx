import { PAGE_PATHS } from '@tshirt/shared';
import { createFederationRemoteLoader } from './remote-loading/federationRemoteLoader';
import { startStore } from './startStore';

void startStore((config) => {
  const loader = createFederationRemoteLoader(config);
  // The product page needs the runtime at once: fetch it while React renders the shell.
  if (window.location.pathname === PAGE_PATHS.product) loader.prepare();
  return loader;
});

/**
 * The store as one ordinary bundle, for the federation-overhead benchmark: the host started as it
 * starts in the browser (`@tshirt/host/start`), with the remotes' exposed modules imported
 * directly instead of loaded through the federation runtime. The server composes its `/product`
 * with the remotes' markup as it does the store's; the bundle holds the very code that markup was
 * rendered from, so each part is adopted as it is.
 */
import { RELEASE_EXPORT } from '@tshirt/shared';
import { createRemoteLoader, startStore } from '@tshirt/host/start';
import CheckoutPanel from 'checkout/CheckoutPanel';
import ArtForm from 'designer/ArtForm';
import DesignGallery from 'designer/DesignGallery';
import ShirtPreview from 'designer/ShirtPreview';

/** Every exposed module, keyed by the id the host asks the federation runtime for. */
const EXPOSED_MODULES: Record<string, unknown> = {
  'designer/ShirtPreview': { default: ShirtPreview },
  'designer/ArtForm': { default: ArtForm },
  'designer/DesignGallery': { default: DesignGallery },
  'checkout/CheckoutPanel': { default: CheckoutPanel },
};

void startStore((config, serverParts) =>
  createRemoteLoader({
    loadModule: async (moduleId) => ({
      ...(EXPOSED_MODULES[moduleId] as object),
      [RELEASE_EXPORT]: serverParts.peek(moduleId)?.release,
    }),
    timeoutMs: config.remoteTimeoutMs,
  }),
);

/**
 * The store as one ordinary bundle, for the federation-overhead benchmark: the host started as it
 * starts in the browser (`@tshirt/host/start`), with the remotes' exposed modules imported
 * directly instead of loaded through the federation runtime. The server composes its `/product`
 * with the remotes' markup as it does the store's; the bundle holds the very code that markup was
 * rendered from, so each part is adopted as it is.
 */
import { RELEASE_EXPORT, type PRODUCT_PAGE_PART_PROPS } from '@tshirt/shared';
import { createRemoteLoader, startStore } from '@tshirt/host/start';
import CheckoutPanel from 'checkout/CheckoutPanel';
import ShirtColorSwatches from 'checkout/ShirtColorSwatches';
import ArtForm from 'designer/ArtForm';
import DesignGallery from 'designer/DesignGallery';
import ShirtPreview from 'designer/ShirtPreview';

type Parts = typeof PRODUCT_PAGE_PART_PROPS;
/** The id of every part `/product` composes, e.g. `designer/ArtForm`. */
type PartId = { [R in keyof Parts]: `${R}/${Extract<keyof Parts[R], string>}` }[keyof Parts];

/**
 * Every part's module, keyed by the id the host asks the federation runtime for: a part the page
 * gains and this list lacks fails the type check (it would never go live here).
 */
const EXPOSED_MODULES: Record<PartId, unknown> = {
  'designer/ShirtPreview': { default: ShirtPreview },
  'designer/ArtForm': { default: ArtForm },
  'designer/DesignGallery': { default: DesignGallery },
  'checkout/CheckoutPanel': { default: CheckoutPanel },
  'checkout/ShirtColorSwatches': { default: ShirtColorSwatches },
};

void startStore((config, serverParts) =>
  createRemoteLoader({
    loadModule: async (moduleId) => ({
      ...(EXPOSED_MODULES[moduleId as PartId] as object),
      [RELEASE_EXPORT]: serverParts.peek(moduleId)?.release,
    }),
    timeoutMs: config.remoteTimeoutMs,
  }),
);

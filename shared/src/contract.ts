import type { ComponentType } from 'react';
import { PAGE_PATHS } from './routes';

/**
 * The public surface of each remote, named in one place. The host codes against these names and
 * prop types; each remote's contract test checks that its `exposes` map implements them.
 *
 * Compatibility rule: adding an optional prop or a new exposed module is compatible; removing or
 * renaming one, or making a prop required, is a breaking change and bumps CONTRACT_VERSION.
 */
export const CONTRACT_VERSION = 1;

export interface ShirtPreviewProps {
  className?: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- room for optional props later
export interface ArtFormProps {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- room for optional props later
export interface DesignGalleryProps {}

export interface CheckoutPanelProps {
  /** Path the payment tab opens on while the order is sent; the host's `/loading` page. */
  loadingPagePath?: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- room for optional props later
export interface ShirtColorSwatchesProps {}

export const REMOTES = {
  designer: {
    /** Module Federation container name. */
    name: 'designer',
    /** Human name used in fallbacks ("The art designer could not be loaded"). */
    title: 'art designer',
    exposes: {
      ShirtPreview: './ShirtPreview',
      ArtForm: './ArtForm',
      DesignGallery: './DesignGallery',
    },
  },
  checkout: {
    name: 'checkout',
    title: 'checkout',
    exposes: {
      CheckoutPanel: './CheckoutPanel',
      /** The shirt colour beside the shirt picture: the checkout owns the shirt choices. */
      ShirtColorSwatches: './ShirtColorSwatches',
    },
  },
} as const;

export type RemoteName = keyof typeof REMOTES;

/** Prop types of every exposed module, keyed by remote then by exposed name. */
export interface RemoteModulePropTypes {
  designer: {
    ShirtPreview: ShirtPreviewProps;
    ArtForm: ArtFormProps;
    DesignGallery: DesignGalleryProps;
  };
  checkout: {
    CheckoutPanel: CheckoutPanelProps;
    ShirtColorSwatches: ShirtColorSwatchesProps;
  };
}

export type ExposedName<R extends RemoteName> = keyof RemoteModulePropTypes[R] & string;

/** What an exposed module's file exports: the component as its default export. */
export interface ExposedModule<R extends RemoteName, M extends ExposedName<R>> {
  default: ComponentType<RemoteModulePropTypes[R][M]>;
}

/** The request string passed to `loadRemote`, e.g. `designer/ShirtPreview`. */
export function remoteModuleId<R extends RemoteName>(remote: R, module: ExposedName<R>): string {
  return `${REMOTES[remote].name}/${module}`;
}

/** Run-time configuration the server hands the host (inlined in the HTML and at SITE_CONFIG_PATH). */
export interface SiteConfig {
  brandName: string;
  contactEmail: string;
  /** Where each remote's entry file is served (absolute URL or same-origin path). */
  remotes: Record<RemoteName, { entry: string }>;
  /** How long a remote may take to load before its fallback shows. */
  remoteTimeoutMs: number;
  /** The price of one shirt as the product page writes it, in the store's currency ("$19.99 USD"). */
  unitPrice: string;
}

/** Id of the `<script type="application/json">` element the server inlines the SiteConfig into. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
export const SITE_CONFIG_PATH = '/site-config.json';
export const DEFAULT_BRAND_NAME = 'Threadwise';
export const DEFAULT_CONTACT_EMAIL = 'hello@threadwise.example';
/** Name of each remote's entry file inside its build folder. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * Server composition (docs/ARCHITECTURE.md). Each remote's build renders its exposed modules'
 * initial state to HTML fragments, published beside its entry as REMOTE_FRAGMENTS_FILE. The server
 * puts each fragment in the `/product` HTML inside an element carrying the attributes below; the
 * host adopts that element and hydrates the part when its code arrives.
 */
export const REMOTE_FRAGMENTS_FILE = 'fragments.json';
/** Bumped when the fragments file changes shape; a server ignores a format it does not know. */
export const FRAGMENTS_FORMAT = 1;

/** The props the product page gives each part; a remote renders its fragments with exactly these. */
export const PRODUCT_PAGE_PART_PROPS = {
  designer: { ShirtPreview: {}, ArtForm: {}, DesignGallery: {} },
  checkout: { CheckoutPanel: { loadingPagePath: PAGE_PATHS.loading }, ShirtColorSwatches: {} },
} as const satisfies { [R in RemoteName]: RemoteModulePropTypes[R] };

/** Attributes of the element that holds one server-rendered part (values are the fragment's own). */
export const PART_ATTRIBUTES = {
  /** The part's module id, e.g. `designer/ArtForm`. */
  part: 'data-remote-part',
  /** The release of the remote that rendered the markup. */
  release: 'data-release',
  /** The `identifierPrefix` React's ids were rendered with. */
  identifierPrefix: 'data-id-prefix',
  /** The props the markup was rendered with, as JSON. */
  props: 'data-props',
  /** Set by the host once the part's code runs ("live"): until then the page holds clicks for it. */
  state: 'data-part-state',
  /** Marks the one child of the part's element that the part's own React root renders into. */
  root: 'data-part-root',
} as const;

/** Marks the host's loading placeholder of a part, which the server replaces with the part's markup. */
export const PART_PLACEHOLDER_ATTRIBUTE = 'data-remote-placeholder';

/** Every React root of a part gets its own id prefix, so ids never collide between parts. */
export function partIdentifierPrefix<R extends RemoteName>(
  remote: R,
  module: ExposedName<R>,
): string {
  return `${REMOTES[remote].name}-${module}-`;
}

/**
 * Each exposed module also exports the release of the build it came from under this name (the
 * build adds it), so the host can tell markup of one release from code of another.
 */
export const RELEASE_EXPORT = '__release';

/**
 * …and the CONTRACT_VERSION it was built against: a host that implements another one shows the
 * part's fallback instead of rendering it.
 */
export const CONTRACT_EXPORT = '__contract';

/**
 * Stand-ins the host's build-time pages carry for settings the server knows only at run time: the
 * server writes the configured values in their place (HTML-escaped), so a store with its own brand
 * gets the same pre-rendered pages.
 */
export const SITE_SETTING_TOKENS = {
  brandName: '\uE000brandName\uE001',
  contactEmail: '\uE000contactEmail\uE001',
  unitPrice: '\uE000unitPrice\uE001',
} as const;

/** The file of the host's build that maps each route to its pre-rendered page; `*` is the not-found page. */
export const PRERENDERED_ROUTES_FILE = 'pages/routes.json';
export const NOT_FOUND_ROUTE = '*';

/** Where the host's build says what it provides to remotes: its contract version and shared singletons. */
export const HOST_MANIFEST_FILE = 'host-manifest.json';

/**
 * A remote's production build running alone (its standalone page) reads this file beside itself
 * to learn where the store's API is; its static host writes or serves it (tooling/build/serveStatic.ts
 * serves it from STORE_URL). Without it, the page calls its own origin.
 */
export const STANDALONE_CONFIG_FILE = 'standalone-config.json';

export interface StandaloneConfig {
  /** The store server's origin, e.g. `https://shop.example`; empty: this page's own origin. */
  storeUrl: string;
}

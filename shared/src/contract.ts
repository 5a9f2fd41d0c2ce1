import type { ComponentType } from 'react';

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
}

/** Id of the `<script type="application/json">` element the server inlines the SiteConfig into. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
export const SITE_CONFIG_PATH = '/site-config.json';
export const DEFAULT_BRAND_NAME = 'Threadwise';
export const DEFAULT_CONTACT_EMAIL = 'hello@threadwise.example';
/** Name of each remote's entry file inside its build folder. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

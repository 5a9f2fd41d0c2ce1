/** Addresses a remote's dev server and its dev-only page entries agree on (../build/standaloneDevApi.ts). */

/** Where the dev server serves the art engine's fonts, for the engine drawing in the page. */
export const ART_FONTS_PATH = '/__art-fonts/';

/** The app's own entry (`src/index.ts`), which the dev-only entries load once the API is set up. */
export const APP_ENTRY_REQUEST = 'standalone-app-entry';

/** The code of the dev server's answer when the store it forwards the API to does not answer. */
export const STORE_UNREACHABLE_CODE = 'store_unreachable';

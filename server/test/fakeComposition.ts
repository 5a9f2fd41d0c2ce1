/**
 * Stand-ins for what the front-end builds write for server composition: a host page with part
 * placeholders (as the host's pre-render writes it), its host-manifest.json, and a remote's
 * fragments.json (as the remote's build writes it).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTRACT_VERSION,
  FRAGMENTS_FORMAT,
  HOST_MANIFEST_FILE,
  PART_PLACEHOLDER_ATTRIBUTE,
  PRERENDERED_ROUTES_FILE,
  REMOTE_FRAGMENTS_FILE,
  SITE_SETTING_TOKENS,
  type RemoteName,
} from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';

export const PART_IDS = {
  designer: ['ShirtPreview', 'ArtForm', 'DesignGallery'],
  checkout: ['CheckoutPanel'],
} as const satisfies Record<RemoteName, readonly string[]>;

function placeholder(moduleId: string): string {
  return `<div class="skeleton" role="status" aria-busy="true" ${PART_PLACEHOLDER_ATTRIBUTE}="${moduleId}"><span>Loading…</span></div>`;
}

/** The host's pre-rendered product page: a slot with a placeholder for each part. */
/** The host's page-start script, inlined by its build (it loads the entry scripts after the first paint). */
export const FAKE_PAGE_START_SCRIPT = `<script ${PAGE_SCRIPTS_ATTRIBUTE}='["/main.js"]'>window.pageStarted = true;</script>`;

export const FAKE_PRODUCT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product</title>${FAKE_PAGE_START_SCRIPT}</head><body><div id="root" data-prerendered="/product|${SITE_SETTING_TOKENS.brandName}"><header>${SITE_SETTING_TOKENS.brandName}</header><h1>Pre-rendered product</h1>${Object.entries(
  PART_IDS,
)
  .flatMap(([remote, modules]) =>
    modules.map((module) => `<div class="slot">${placeholder(`${remote}/${module}`)}</div>`),
  )
  .join('')}<p>${'About this shirt. '.repeat(60)}</p></div></body></html>`;

export const HOST_PROVIDES = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  'react-dom': { version: '19.3.1', requiredVersion: '^19.3.1' },
  '@tshirt/shared': { version: '1.0.0', requiredVersion: '^1.0.0' },
};

/** Writes the host's pre-rendered pages (route → html), their route map and the host manifest. */
export function writeHostPages(hostDir: string, pages: Record<string, string>): void {
  mkdirSync(join(hostDir, 'pages'), { recursive: true });
  const routes: Record<string, string> = {};
  Object.entries(pages).forEach(([route, html], index) => {
    routes[route] = `pages/page-${index}.html`;
    writeFileSync(join(hostDir, routes[route]!), html);
  });
  writeFileSync(join(hostDir, PRERENDERED_ROUTES_FILE), JSON.stringify(routes));
  writeFileSync(
    join(hostDir, HOST_MANIFEST_FILE),
    JSON.stringify({ contractVersion: CONTRACT_VERSION, provides: HOST_PROVIDES }),
  );
}

/** A remote's fragments for `release`: each part says which remote and release drew it. */
export function fakeFragments(
  remote: RemoteName,
  release: string,
  changes: Partial<RemoteFragments> = {},
): RemoteFragments {
  return {
    format: FRAGMENTS_FORMAT,
    remote,
    release,
    contractVersion: CONTRACT_VERSION,
    requires: { react: '^19.0.0', '@tshirt/shared': '^1.0.0' },
    styles: [{ href: `chunks/${remote}.0123456789.css`, css: `.${remote}-part{color:teal}` }],
    parts: Object.fromEntries(
      PART_IDS[remote].map((module) => [
        module,
        {
          html: `<section class="${remote}-part">${module} of ${remote} release ${release}</section>`,
          identifierPrefix: `${remote}-${module}-`,
          props: {},
        },
      ]),
    ),
    ...changes,
  };
}

/** Writes (or replaces, atomically as a build does) a remote's fragments file; raw text as given. */
export function writeFragments(remoteDir: string, fragments: RemoteFragments | string): void {
  mkdirSync(remoteDir, { recursive: true });
  const target = join(remoteDir, REMOTE_FRAGMENTS_FILE);
  writeFileSync(
    `${target}.partial`,
    typeof fragments === 'string' ? fragments : JSON.stringify(fragments),
  );
  renameSync(`${target}.partial`, target);
}

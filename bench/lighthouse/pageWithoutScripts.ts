/**
 * The limit the composed `/product` is measured against: the same page fully loaded in Chromium
 * (every part live), saved as HTML with every script removed, and served beside the store (from a
 * copy of the host's build folder, so its stylesheet and images come from the same server).
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { launchBrowser } from '@tshirt/e2e/harness/browser';
import { waitForRemotesToRender } from '../bytes/measurePageBytes';

/** Where the saved page is served in the copied host folder. */
export const PAGE_WITHOUT_SCRIPTS_PATH = '/product-without-scripts.html';

/** Lighthouse's mobile emulation (Moto G Power): the saved layout is the one it will see. */
const LIGHTHOUSE_MOBILE_VIEWPORT = { width: 412, height: 823 };

/** A copy of the host's build folder for the store server to serve (HOST_DIST_DIR). */
export function copyHostBuild(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tshirt-bench-host-'));
  cpSync(join(REPO_ROOT, 'host/dist'), folder, { recursive: true });
  return folder;
}

/** Saves `url`, fully loaded, without scripts into `hostFolder` at PAGE_WITHOUT_SCRIPTS_PATH. */
export async function savePageWithoutScripts(url: string, hostFolder: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage(LIGHTHOUSE_MOBILE_VIEWPORT);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    await waitForRemotesToRender(page);
    await page.waitForLoadState('networkidle');
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of copy.querySelectorAll(
        'script, link[rel="preload"], link[rel="modulepreload"], link[rel="prefetch"]',
      )) {
        element.remove();
      }
      for (const element of copy.querySelectorAll('*')) {
        for (const attribute of [...element.attributes]) {
          if (attribute.name.startsWith('on')) element.removeAttribute(attribute.name);
        }
      }
      return `<!doctype html>${copy.outerHTML}`;
    });
    writeFileSync(join(hostFolder, PAGE_WITHOUT_SCRIPTS_PATH), html);
    // The store serves only files a release manifest lists.
    writeReleaseManifest(hostFolder);
  } finally {
    await browser.close();
  }
}

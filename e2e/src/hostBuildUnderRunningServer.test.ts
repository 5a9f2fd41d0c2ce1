/**
 * A new host build under a running server: a production build switches its folder in at once
 * (tooling/build/releaseManifest.ts), and the server serves its pages, with its scripts, within
 * 2 s and with no restart; the page hydrates with no error (an old page beside the new main.js
 * threw React's hydration error #418). The new build here is the served one with the product
 * heading changed in both its page and its script (under a new content-hashed name, which the
 * page loads), as a rebuild with that change writes them.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { staleApps } from '@tshirt/tooling/build/staleApps';
import { releaseFiles, writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { REPO_ROOT, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { waitUntilEveryPartIsLive } from './harness/parts';

const NEXT_NAME = 'Custom Graphic T-shirt, new';

let browser: TestBrowser;
let store: StoreServer;
let folder: string;
let served: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tshirt-host-build-'));
  served = join(folder, 'host');
  cpSync(join(REPO_ROOT, 'host/dist'), served, { recursive: true });
  // One line per answered request, with the server's own time, for the message of a miss.
  store = await startStore({ HOST_DIST_DIR: served, LOG_LEVEL: 'info' });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A content-hashed name (`main.0123456789.js`) for these bytes, as the build names its files. */
function hashedName(path: string, bytes: string): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return path.replace(/\.[0-9a-f]{10}\.js$/, `.${hash}.js`);
}

/**
 * The host's next build beside the served one: `from` changed to `to` in its files that hold it, a
 * changed script under a new content-hashed name that its pages load, each text file with its
 * compressed copies, and a release manifest.
 */
function nextBuild(from: string, to: string): string {
  const next = join(folder, 'host.next');
  cpSync(served, next, { recursive: true });
  const texts = releaseFiles(next).filter((path) => /\.(html|js|json)$/.test(path));
  const contents = new Map(texts.map((path) => [path, readFileSync(join(next, path), 'utf8')]));
  const changed = new Set<string>();
  const renames = new Map<string, string>();
  for (const [path, text] of contents) {
    if (!/\.(html|js)$/.test(path) || !text.includes(from)) continue;
    const written = text.replaceAll(from, to);
    contents.set(path, written);
    changed.add(path);
    const renamed = hashedName(path, written);
    if (renamed !== path) renames.set(path, renamed);
  }
  if (changed.size < 2) throw new Error(`"${from}" is not in both the host's page and its script`);
  for (const [path, renamed] of renames) {
    contents.set(renamed, contents.get(path)!);
    contents.delete(path);
    changed.delete(path);
    changed.add(renamed);
    for (const [other, text] of contents) {
      if (!text.includes(path)) continue;
      contents.set(other, text.replaceAll(path, renamed));
      changed.add(other);
    }
  }
  for (const path of changed) {
    const written = contents.get(path)!;
    writeFileSync(join(next, path), written);
    // Its compressed copies, as the build writes them beside it.
    writeFileSync(join(next, `${path}.br`), brotliCompressSync(written));
    writeFileSync(join(next, `${path}.gz`), gzipSync(written));
  }
  writeReleaseManifest(next);
  return next;
}

/** The server's request lines for `/product` in `printed` ("GET /product 200 12.3 ms"). */
function serverTimesOfPages(printed: string): string[] {
  return [...printed.matchAll(/GET \/product \d{3} [\d.]+ ms/g)].map((match) => match[0]);
}

/** Every console error and uncaught error on `page` from now on. */
function errorsOn(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

it('the npm run build of the browser tests left every app built: npm start would build nothing', () => {
  expect(staleApps(REPO_ROOT)).toEqual([]);
});

it('a host build switched in under a running server is served within 2 s, its page hydrating with no error', async () => {
  const first = await browser.newPage();
  const firstErrors = errorsOn(first);
  await first.goto(`${store.url}/product`);
  await waitUntilEveryPartIsLive(first);
  await first.getByRole('heading', { name: PRODUCT_NAME, exact: true }).waitFor();

  const next = nextBuild(PRODUCT_NAME, NEXT_NAME);
  renameSync(served, `${served}.previous`);
  renameSync(next, served);
  const switchedAt = Date.now();
  const printedBeforeSwitch = store.output().length;

  // What the promise is about is measured on the server's side: which build's page a request sent
  // after the switch gets, and how long the server took to answer it (its own request log). The
  // test's clock adds the time its requests wait for a core, which on a loaded 2-core machine was
  // seconds (3,469 ms for an answer the server gave in 480 ms); it is said in a miss's message.
  // The page is then loaded and hydrated in the browser.
  const requests: Array<{ sentMs: number; answeredMs: number; build: 'new' | 'old' }> = [];
  await waitUntil(
    async () => {
      const sentMs = Date.now() - switchedAt;
      const response = await fetch(`${store.url}/product`);
      const build = (await response.text()).includes(NEXT_NAME) ? 'new' : 'old';
      requests.push({ sentMs, answeredMs: Date.now() - switchedAt, build });
      return build === 'new';
    },
    () => `the new build’s page is served (requests: ${JSON.stringify(requests)})`,
    // A guard against a server that never switches; the limits are checked below.
    { timeoutMs: 30_000, everyMs: 50 },
  );
  // The server logs a request as its answer goes out, so a line can reach this process just after
  // the answer it is about.
  const serverTimes = await waitUntil(
    () => {
      const logged = serverTimesOfPages(store.output().slice(printedBeforeSwitch));
      return logged.length >= requests.length ? logged : undefined;
    },
    () =>
      `the server logged each of the ${requests.length} requests for /product (logged: ${serverTimesOfPages(store.output().slice(printedBeforeSwitch)).join(', ')})`,
    { timeoutMs: 10_000, everyMs: 20 },
  );
  const firstNew = requests.length - 1;
  const noticedAfterMs = requests[firstNew]!.sentMs;
  const answeredInMs = Number(/ ([\d.]+) ms$/.exec(serverTimes[firstNew] ?? '')?.[1] ?? Infinity);
  if (noticedAfterMs >= 2_000 || answeredInMs >= 2_000) {
    const asSeen = requests.map(
      ({ sentMs, answeredMs, build }) => `${sentMs}→${answeredMs} ${build}`,
    );
    throw new Error(
      `The new build's page went to a request sent ${noticedAfterMs} ms after the switch, answered in ${answeredInMs} ms of the server's own time (limits 2,000 ms each); requests sent→answered by the test's clock: ${asSeen.join(', ')}; the server's own times: ${serverTimes.join(', ')}`,
    );
  }
  expect(noticedAfterMs).toBeLessThan(2_000);
  expect(answeredInMs).toBeLessThan(2_000);
  const page = await browser.newPage();
  const errors = errorsOn(page);
  await page.goto(`${store.url}/product`);
  expect(await page.locator('h1').first().textContent()).toBe(NEXT_NAME);
  await waitUntilEveryPartIsLive(page);
  await page.getByRole('heading', { name: NEXT_NAME, exact: true }).waitFor();
  expect([...firstErrors, ...errors]).toEqual([]);
});

/**
 * `npm run dev` follows PORT: the store starts there, and the host's and the remotes' dev servers
 * forward to it, so the product page's designer part comes alive (with 8080 they answered 502, and
 * every part said it did not respond). Every port is one nothing else uses.
 */
import { rmSync } from 'node:fs';
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { freePort } from '@tshirt/tooling/test/ports';
import {
  REPO_ROOT,
  spawnProcess,
  waitUntilAnswering,
  type RunningProcess,
} from '@tshirt/tooling/test/storeServer';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { LIVE_PART_SELECTOR } from './harness/parts';
import { storeDataIn } from './harness/store';

/** Compiling three apps in development mode and starting the store on a loaded 2-core machine. */
const ANSWERING_WITHIN_MS = 300_000;

let browser: TestBrowser;
let dev: RunningProcess | undefined;
let dataDir: string;
let hostUrl: string;
let storePort: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // A store restarting on its data, as a developer's does: its first start is not what this checks.
  dataDir = storeDataIn();
  const [store, host, designer, checkout] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  storePort = store!;
  hostUrl = `http://localhost:${host}`;
  dev = spawnProcess(['npm', 'run', 'dev'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(store),
      HOST_DEV_PORT: String(host),
      DESIGNER_DEV_PORT: String(designer),
      CHECKOUT_DEV_PORT: String(checkout),
      DATA_DIR: dataDir,
    },
    detached: true,
  });
  await waitUntilAnswering(dev, `http://localhost:${store}/healthz`, {
    what: 'the store of npm run dev',
    timeoutMs: ANSWERING_WITHIN_MS,
  });
  for (const port of [host, designer]) {
    await waitUntilAnswering(dev, `http://localhost:${port}/`, {
      what: `the dev server on ${port}`,
      timeoutMs: ANSWERING_WITHIN_MS,
      everyMs: 250,
    });
  }
}, 2 * ANSWERING_WITHIN_MS);

afterAll(async () => {
  dev?.kill();
  await dev?.exited;
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it(`PORT=<other> npm run dev gives a live designer part on the host's dev page`, async () => {
  const page = await browser.newPage();
  const storeErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 502) storeErrors.push(response.url());
  });

  await page.goto(`${hostUrl}/product`);

  await page
    .locator(`[${PART_ATTRIBUTES.part}="designer/ArtForm"]${LIVE_PART_SELECTOR}`)
    .waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).waitFor();
  expect(storeErrors).toEqual([]);
  expect(dev?.output()).toContain(`http://localhost:${storePort}`);
});

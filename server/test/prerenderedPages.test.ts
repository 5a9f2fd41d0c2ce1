import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../src/storage/database';
import {
  createFakeFrontEnd,
  openTestDatabase,
  startApp,
  testConfig,
  type FakeFrontEnd,
  type RunningApp,
} from './helpers';

let db: Database;
let frontEnd: FakeFrontEnd;
const running: RunningApp[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  frontEnd = createFakeFrontEnd();
  const pages = join(frontEnd.env.HOST_DIST_DIR!, 'pages');
  mkdirSync(pages, { recursive: true });
  writeFileSync(
    join(pages, 'routes.json'),
    JSON.stringify({ '/product': 'pages/product.html', '/empty': '../../etc/passwd' }),
  );
  writeFileSync(
    join(pages, 'product.html'),
    '<!doctype html><html><head><title>Product</title></head><body><h1>Pre-rendered product</h1></body></html>',
  );
});

afterAll(async () => {
  for (const app of running) await app.close();
  await db?.close();
  frontEnd?.remove();
});

async function start(env: Record<string, string> = {}): Promise<RunningApp> {
  const app = await startApp(testConfig({ ...frontEnd.env, ...env }), { database: db });
  running.push(app);
  return app;
}

describe('pre-rendered route pages', () => {
  it('serve a route its pre-rendered HTML with the site config and remote preloads inlined', async () => {
    const app = await start();
    const response = await fetch(`${app.url}/product`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Pre-rendered product</h1>');
    expect(html).toMatch(/<link rel="preload" as="script" href="[^"]*remoteEntry\.js">.*id="site-config".*<\/head>/s);
  });

  it('fall back to the empty shell for routes without a page, paths outside the build and unknown paths', async () => {
    const app = await start();
    for (const [path, status] of [['/', 200], ['/empty', 200], ['/nowhere', 404]] as const) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).not.toContain('Pre-rendered product');
      expect(html).toContain('id="site-config"');
    }
  });

  it('are not used when another brand is configured, since they carry the default one', async () => {
    const app = await start({ BRAND_NAME: 'Other Shirts' });
    const html = await (await fetch(`${app.url}/product`)).text();
    expect(html).not.toContain('Pre-rendered product');
    expect(html).toContain('Other Shirts');
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRERENDERED_ROUTES_FILE, SITE_SETTING_TOKENS } from '@tshirt/shared/contract';
import { writeHostPages } from './fakeComposition';
import { withTestApps } from './fixtures';
import { injectAsFetch } from './helpers';

const page = (body: string) =>
  `<!doctype html><html><head><title>${SITE_SETTING_TOKENS.brandName}</title></head><body>${body}</body></html>`;

const apps = withTestApps({
  prepare: (frontEnd) => {
    const hostDir = frontEnd.env.HOST_DIST_DIR!;
    writeHostPages(hostDir, {
      '/loading': page(
        `<h1>Pre-rendered loading</h1><a href="mailto:${SITE_SETTING_TOKENS.contactEmail}">${SITE_SETTING_TOKENS.brandName}</a><p>${SITE_SETTING_TOKENS.unitPrice}</p>`,
      ),
      '*': page('<h1>Pre-rendered not found</h1>'),
    });
    // A route map pointing outside the build is ignored.
    const routes = JSON.parse(
      readFileSync(join(hostDir, PRERENDERED_ROUTES_FILE), 'utf8'),
    ) as Record<string, string>;
    writeFileSync(
      join(hostDir, PRERENDERED_ROUTES_FILE),
      JSON.stringify({ ...routes, '/empty': '../../etc/passwd' }),
    );
  },
});

describe('pre-rendered route pages', () => {
  it('serve a route its pre-rendered HTML with the site config inlined and the brand filled in', async () => {
    const app = await apps.start();
    const response = await injectAsFetch(app.app)(`/loading`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Pre-rendered loading</h1>');
    expect(html).toContain('<a href="mailto:hello@threadwise.example">Threadwise</a>');
    expect(html).toContain('<p>$19.99 USD</p>');
    expect(html).toMatch(/id="site-config".*<\/head>/s);
    expect(html).not.toContain(SITE_SETTING_TOKENS.brandName);
  });

  it('carry the configured brand and contact address, escaped, when the store has its own', async () => {
    const app = await apps.start({ BRAND_NAME: 'Tee & <Co>', CONTACT_EMAIL: 'shop@tee.example' });
    const html = await (await injectAsFetch(app.app)(`/loading`)).text();
    expect(html).toContain('<h1>Pre-rendered loading</h1>');
    expect(html).toContain('<a href="mailto:shop@tee.example">Tee &#38; &#60;Co&#62;</a>');
    expect(html).toContain('<title>Tee &#38; &#60;Co&#62;</title>');
  });

  it("write the shirt's price in the store's currency", async () => {
    const app = await apps.start({ CURRENCY: 'eur' });
    const html = await (await injectAsFetch(app.app)(`/loading`)).text();
    expect(html).toContain('<p>19.99 EUR</p>');
    expect(html).not.toContain('USD');
  });

  it('answer an unknown path with the pre-rendered not-found page and status 404', async () => {
    const app = await apps.start();
    const response = await injectAsFetch(app.app)(`/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Pre-rendered not found</h1>');
  });

  it('fall back to the empty shell for routes without a page and paths outside the build', async () => {
    const app = await apps.start();
    for (const path of ['/', '/empty']) {
      const response = await injectAsFetch(app.app)(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('Pre-rendered');
      expect(html).toContain('id="site-config"');
    }
  });
});

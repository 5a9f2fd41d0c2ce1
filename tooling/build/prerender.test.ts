import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_ROUTES_FILE } from '@tshirt/shared/contract';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { writePrerenderedPages } from './prerender';

/** As the browser build writes it: the page-start script names the page's own scripts. */
const INDEX_HTML = `<!doctype html><html><head><title>Store</title><script ${PAGE_SCRIPTS_ATTRIBUTE}='["/main.js","/chunks/a&amp;b.js"]'>start()</script></head><body><div id=root></div></body></html>`;

/** A stand-in for the built renderer: what `renderRoutes` exports, as CommonJS. */
const RENDERER = `
exports.PRERENDERED_ROUTES = { '/': 'pages/home.html', '/product': 'pages/product.html' };
exports.renderRoute = (path, year) => ({
  html:
    (path === '/' ? '<link rel="preload" as="image" href="/hero.svg"/>' : '') +
    '<main>' + path + ' ' + year +
    (path === '/product' ? '<div data-remote-placeholder="designer/ArtForm"></div>' : '') +
    '</main>',
  rootAttributes: { 'data-prerendered': path + '|"brand"' },
});
`;

describe('writePrerenderedPages', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'prerender-'));
    writeFileSync(join(folder, 'index.html'), INDEX_HTML);
    writeFileSync(join(folder, 'renderer.js'), RENDERER);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes each page into a copy of index.html and leaves index.html as the empty fallback', () => {
    expect(writePrerenderedPages(join(folder, 'renderer.js'), folder, 2031)).toEqual([
      'pages/home.html',
      'pages/product.html',
    ]);
    expect(readFileSync(join(folder, 'pages/product.html'), 'utf8')).toContain(
      '<div id="root" data-prerendered="/product|&quot;brand&quot;"><main>/product 2031<div data-remote-placeholder="designer/ArtForm"></div></main></div></body>',
    );
    expect(readFileSync(join(folder, 'index.html'), 'utf8')).toBe(INDEX_HTML);
  });

  it('moves the resource hints React renders first into the head', () => {
    writePrerenderedPages(join(folder, 'renderer.js'), folder, 2031);
    const home = readFileSync(join(folder, 'pages/home.html'), 'utf8');
    expect(home).toContain('<link rel="preload" as="image" href="/hero.svg"/></head>');
    expect(home).toContain(
      '<div id="root" data-prerendered="/|&quot;brand&quot;"><main>/ 2031</main></div>',
    );
  });

  it('preloads the page’s own scripts in the head of a page with remote parts, and only there', () => {
    writePrerenderedPages(join(folder, 'renderer.js'), folder, 2031);
    expect(readFileSync(join(folder, 'pages/product.html'), 'utf8')).toContain(
      '<link rel="preload" as="script" href="/main.js" fetchpriority="low">' +
        '<link rel="preload" as="script" href="/chunks/a&amp;b.js" fetchpriority="low"></head>',
    );
    expect(readFileSync(join(folder, 'pages/home.html'), 'utf8')).not.toContain('as="script"');
  });

  it('writes the route → file map for the server', () => {
    writePrerenderedPages(join(folder, 'renderer.js'), folder, 2031);
    expect(JSON.parse(readFileSync(join(folder, PRERENDERED_ROUTES_FILE), 'utf8'))).toEqual({
      '/': 'pages/home.html',
      '/product': 'pages/product.html',
    });
  });

  it('refuses an index.html without an empty root to fill', () => {
    writeFileSync(join(folder, 'index.html'), '<html><body><div id="app"></div></body></html>');
    expect(() => writePrerenderedPages(join(folder, 'renderer.js'), folder)).toThrow(
      /no empty <div id="root">/,
    );
  });
});

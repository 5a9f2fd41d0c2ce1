import { IMMUTABLE, NO_CACHE, cacheControlForStaticFile } from './cachePolicy';

describe('cacheControlForStaticFile', () => {
  it('caches content-hashed chunks, styles, maps and assets for a year', () => {
    for (const file of [
      '/dist/chunks/540.0fe051d53e.js',
      '/dist/main.abc1234567.css',
      '/dist/chunks/540.0fe051d53e.js.map',
      '/dist/chunks/540.0fe051d53e.js.br',
      '/dist/main.abc1234567.css.gz',
      '/dist/assets/hero.webp',
    ]) {
      expect(cacheControlForStaticFile(file)).toBe(IMMUTABLE);
    }
  });

  it('makes entry files, manifests and un-hashed bundles revalidate', () => {
    for (const file of [
      '/dist/remoteEntry.js',
      '/dist/mf-manifest.json',
      '/dist/main.js',
      '/dist/main.js.br',
      '/dist/remoteEntry.js.gz',
      '/dist/index.html',
    ]) {
      expect(cacheControlForStaticFile(file)).toBe(NO_CACHE);
    }
  });
});

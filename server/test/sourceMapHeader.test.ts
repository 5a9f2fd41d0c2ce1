/**
 * A production build's scripts do not name their source maps (bytes on every page); the server
 * names each in a SourceMap header, only when it serves the maps (SERVE_SOURCE_MAPS).
 */
import { withTestServer } from './fixtures';
import { injectAsFetch } from './helpers';

const server = withTestServer();

describe('the SourceMap header of a built script', () => {
  it('names the map beside the file when the server serves maps, and is not sent otherwise', async () => {
    const open = await server.start({ SERVE_SOURCE_MAPS: 'true' });
    const withMaps = injectAsFetch(open.app);
    const sourceMap = async (request: typeof withMaps, path: string) =>
      (await request(path, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get(
        'sourcemap',
      );

    expect(await sourceMap(withMaps, '/main.js')).toBe('main.js.map');
    expect(await sourceMap(withMaps, '/remotes/checkout/chunks/12.0123456789.js')).toBe(
      '12.0123456789.js.map',
    );
    expect(await sourceMap(withMaps, '/')).toBeNull();
    expect(await sourceMap(server.request, '/main.js')).toBeNull();
  });
});

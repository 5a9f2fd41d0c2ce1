/**
 * @jest-environment node
 */
import { join } from 'node:path';
import type * as webpackConfigModule from './webpackConfig';
import type { AppWebpackConfig } from './webpackConfig';

type WebpackConfigModule = typeof webpackConfigModule;
import { standaloneApi, storeUnreachableMessage } from './standaloneDevApi';

describe("a remote's dev page API", () => {
  it('is the mocked one unless API says otherwise or a store is named', () => {
    expect(standaloneApi({})).toBe('mock');
    expect(standaloneApi({ API_PROXY_TARGET: 'http://127.0.0.1:9090' })).toBe('real');
    expect(standaloneApi({ API: 'real' })).toBe('real');
    expect(standaloneApi({ API: 'mock', API_PROXY_TARGET: 'http://127.0.0.1:9090' })).toBe('mock');
  });

  it('refuses any other API value, naming it', () => {
    expect(() => standaloneApi({ API: 'fake' })).toThrow(
      'API must be "mock" or "real" (got "fake")',
    );
  });

  it('says which store does not answer and what to run', () => {
    expect(storeUnreachableMessage('http://127.0.0.1:8080', true)).toBe(
      'The store API at http://127.0.0.1:8080 is not answering. Start it with "npm start" (or "npm run dev -w server"), or run this page on the mocked API with API=mock.',
    );
    expect(storeUnreachableMessage('http://127.0.0.1:8080', false)).not.toContain('API=mock');
  });

  it('forwards to the store npm run dev starts on PORT, and the host’s dev page watches it too', () => {
    const saved = { PORT: process.env.PORT, API_PROXY_TARGET: process.env.API_PROXY_TARGET };
    process.env.PORT = '9123';
    delete process.env.API_PROXY_TARGET;
    try {
      jest.isolateModules(() => {
        // Read anew with this PORT: the dev servers' store is settled when the module loads.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { createAppWebpackConfig } = require('./webpackConfig') as WebpackConfigModule;
        const host = createAppWebpackConfig(
          {
            appDir: join(__dirname, '..', '..', 'host'),
            federationName: 'host',
            devPort: 3000,
            publicPath: '/',
          },
          'development',
        ) as AppWebpackConfig;
        expect(host.devServer?.proxy).toEqual([
          expect.objectContaining({ target: 'http://localhost:9123' }),
        ]);
        expect(host.entry).toEqual({ main: expect.stringMatching(/realApiEntry\.ts$/) });
      });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

/**
 * A remote's dev server runs with or without a store. `API=mock` (the default unless
 * API_PROXY_TARGET is set) answers the page's API calls with MSW from the shared handlers
 * (shared/src/mocks): no store needed. `API=real` (or API_PROXY_TARGET set) forwards them to the
 * store at API_PROXY_TARGET, and the page says when that store does not answer. Only the dev
 * server's page is changed: production builds never include either entry, MSW or its worker.
 */
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { STANDALONE_CONFIG_FILE, type StandaloneConfig } from '@tshirt/shared/contract';
import { APP_ENTRY_REQUEST, ART_FONTS_PATH, STORE_UNREACHABLE_CODE } from '../dev/devApiPaths';

export type StandaloneApi = 'mock' | 'real';

/** Which API a remote's dev page uses: `API` when set, else the real one only if API_PROXY_TARGET is given. */
export function standaloneApi(env: NodeJS.ProcessEnv = process.env): StandaloneApi {
  const api = env.API ?? '';
  if (api === 'mock' || api === 'real') return api;
  if (api !== '') throw new Error(`API must be "mock" or "real" (got "${api}")`);
  return env.API_PROXY_TARGET ? 'real' : 'mock';
}

/** What the dev server answers when the store it forwards to does not answer. */
export function storeUnreachableMessage(target: string, canMock: boolean): string {
  const instead = canMock ? ', or run this page on the mocked API with API=mock' : '';
  return `The store API at ${target} is not answering. Start it with "npm start" (or "npm run dev -w server")${instead}.`;
}

type ProxyEntry = NonNullable<DevServerConfiguration['proxy']>[number];

/** Forwards `paths` to the store at `target`; a store that does not answer is said so, by address (JSON error). */
export function storeProxy(paths: string[], target: string, canMock: boolean): ProxyEntry {
  return {
    context: paths,
    target,
    changeOrigin: false,
    onError: (_error: Error, _request: unknown, response: ServerResponse) => {
      if (response.headersSent) return response.end();
      response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify({
          error: {
            code: STORE_UNREACHABLE_CODE,
            message: storeUnreachableMessage(target, canMock),
          },
        }),
      );
    },
  } as ProxyEntry;
}

const DEV_ENTRIES: Record<StandaloneApi, string> = {
  mock: join(__dirname, '..', 'dev', 'mockedApiEntry.ts'),
  real: join(__dirname, '..', 'dev', 'realApiEntry.ts'),
};

/** The page's entry: `entry` first, which loads the app's own (`src/index.ts`). */
function withDevEntry(config: Configuration, appDir: string, entry: string): void {
  config.entry = { main: entry };
  config.resolve = {
    ...config.resolve,
    alias: { ...config.resolve?.alias, [`${APP_ENTRY_REQUEST}$`]: join(appDir, 'src', 'index.ts') },
  };
}

/**
 * An app's development configuration whose page says, in a banner, when the store its dev server
 * forwards to does not answer, and at which address (the host's: it has no mocked API).
 */
export function withStoreWatch<C extends Configuration>(config: C, appDir: string): C {
  withDevEntry(config, appDir, DEV_ENTRIES.real);
  return config;
}

/** The art engine's fonts, which the engine drawing in a mocked page fetches. */
const ART_FONTS_DIR = join(dirname(require.resolve('@tshirt/art/package.json')), 'src', 'fonts');

/** MSW's worker script, from the version shared's handlers are written against (never a copy). */
const MOCK_SERVICE_WORKER_FILE = require.resolve('msw/mockServiceWorker.js', {
  paths: [dirname(require.resolve('@tshirt/shared/package.json'))],
});

/**
 * A remote's development configuration with its page on the chosen API: the page's entry runs a
 * dev-only entry first, which loads the app's own; with mocks, the dev server forwards nothing and
 * serves MSW's worker and the art engine's fonts instead.
 */
export function withStandaloneDevApi<
  C extends Configuration & { devServer?: DevServerConfiguration },
>(
  config: C,
  {
    appDir,
    federationName,
    api = standaloneApi(),
    storeUrl,
  }: {
    appDir: string;
    federationName: string;
    api?: StandaloneApi;
    /** Where `real` forwards the API (announced). */
    storeUrl: string;
  },
): C {
  withDevEntry(config, appDir, DEV_ENTRIES[api]);
  if (config.devServer) {
    if (api === 'mock') delete config.devServer.proxy;
    const previous = config.devServer.setupMiddlewares;
    config.devServer.setupMiddlewares = (middlewares, devServer) => {
      // The page asks where the store is; here it is the page's own origin, mocked in the page or
      // forwarded by this server (a 404 would be a red line in a console that should have none).
      const ownOrigin: StandaloneConfig = { storeUrl: '' };
      devServer.app?.get(`/${STANDALONE_CONFIG_FILE}`, (_request, response) => {
        response.json(ownOrigin);
      });
      if (api === 'mock') {
        devServer.app?.get('/mockServiceWorker.js', (_request, response) => {
          response.sendFile(MOCK_SERVICE_WORKER_FILE);
        });
        devServer.app?.get(`${ART_FONTS_PATH}:file`, (request, response) => {
          const file = String(request.params.file);
          if (!/^[\w-]+\.(otf|ttf)$/.test(file)) return void response.sendStatus(404);
          response.sendFile(join(ART_FONTS_DIR, file));
        });
      }
      return previous ? previous(middlewares, devServer) : middlewares;
    };
  }
  if (process.env.WEBPACK_SERVE) {
    const port = config.devServer?.port ?? '';
    console.log(
      api === 'mock'
        ? `[${federationName}] http://localhost:${port}/ runs on the mocked store API (MSW, shared/src/mocks): no store needed. API=real uses the store at ${storeUrl}.`
        : `[${federationName}] http://localhost:${port}/ uses the store API at ${storeUrl} (API=real or API_PROXY_TARGET); start it with \`npm start\`, or use API=mock.`,
    );
  }
  return config;
}

/**
 * Benchmark 3: federation overhead. The composed `/product` against the same page built as one
 * bundle (bench/federation), both served by the production server, side by side: JS bytes and
 * Lighthouse mobile LCP, as a ratio. Lighthouse runs alternate between the two to share the noise.
 */
import { startStoreServer, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { measurePageBytes, type PageBytes } from '../bytes/measurePageBytes';
import {
  runLighthouse,
  summariseRuns,
  type LighthouseRun,
  type LighthouseSeries,
} from '../lighthouse/runLighthouse';
import { LIGHTHOUSE_RUNS } from '../lighthouse/lighthouseBench';
import { buildOneBundle } from './buildOneBundle';

/** The one-bundle page uses no remote; the server's preload hints for them are blocked so they cost nothing. */
const REMOTE_FILES_PATTERN_PLAYWRIGHT = '**/remotes/**';
const REMOTE_FILES_PATTERN_LIGHTHOUSE = '*/remotes/*';

export interface BuildFigures {
  jsGzip: number;
  jsTransferred: number;
  cssGzip: number;
  jsRequests: number;
  lighthouseMobile: LighthouseSeries;
}

export interface FederationResult {
  page: '/product';
  composed: BuildFigures;
  oneBundle: BuildFigures;
}

function byteFigures(bytes: PageBytes): Omit<BuildFigures, 'lighthouseMobile'> {
  return {
    jsGzip: bytes.byKind.JS.gzip,
    jsTransferred: bytes.byKind.JS.transferred,
    cssGzip: bytes.byKind.CSS.gzip,
    jsRequests: bytes.byKind.JS.requests,
  };
}

export async function runFederationBench(): Promise<FederationResult> {
  console.log('  building the one-bundle /product (bench/federation)…');
  const oneBundleDist = await buildOneBundle();
  let composedServer: StoreServer | undefined;
  let oneBundleServer: StoreServer | undefined;
  try {
    composedServer = await startStoreServer();
    oneBundleServer = await startStoreServer({ HOST_DIST_DIR: oneBundleDist });
    const composedUrl = new URL('/product', composedServer.url).href;
    const oneBundleUrl = new URL('/product', oneBundleServer.url).href;

    const composedBytes = await measurePageBytes(composedServer.url, '/product', {
      waitForRemotes: true,
    });
    const oneBundleBytes = await measurePageBytes(oneBundleServer.url, '/product', {
      waitForRemotes: true,
      blockedUrls: [REMOTE_FILES_PATTERN_PLAYWRIGHT],
    });
    if (oneBundleBytes.remoteFiles.length > 0)
      throw new Error('the one-bundle page fetched remote files');

    const composedRuns: LighthouseRun[] = [];
    const oneBundleRuns: LighthouseRun[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
      console.log(
        `  lighthouse mobile /product, composed and one bundle, run ${run}/${LIGHTHOUSE_RUNS}`,
      );
      composedRuns.push(await runLighthouse(composedUrl, 'mobile', `federation-composed-${run}`));
      oneBundleRuns.push(
        await runLighthouse(oneBundleUrl, 'mobile', `federation-one-bundle-${run}`, [
          REMOTE_FILES_PATTERN_LIGHTHOUSE,
        ]),
      );
    }
    return {
      page: '/product',
      composed: { ...byteFigures(composedBytes), lighthouseMobile: summariseRuns(composedRuns) },
      oneBundle: { ...byteFigures(oneBundleBytes), lighthouseMobile: summariseRuns(oneBundleRuns) },
    };
  } finally {
    await composedServer?.stop();
    await oneBundleServer?.stop();
  }
}

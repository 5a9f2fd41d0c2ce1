/** The run-time site configuration, the remotes' markup sources, and the host's pages composed from both. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  REMOTES,
  REMOTE_FRAGMENTS_FILE,
  type RemoteName,
  type SiteConfig,
} from '@tshirt/shared/contract';
import type { AppConfig } from '../../config';
import {
  fileFragmentSource,
  urlFragmentSource,
  type FragmentSource,
} from '../../pages/composition/fragmentSource';
import { createPageComposer } from '../../pages/composition/pageComposer';
import { createHostShell, type HostShell } from '../../pages/hostShell';
import { buildSiteConfig } from '../../pages/siteConfig';
import { REMOTES_PATH_PREFIX } from '../external/static';

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: SiteConfig;
    hostShell: HostShell;
  }
}

/** A remote on its own origin gets this long to answer a revalidation, in the background. */
const FRAGMENTS_FETCH_TIMEOUT_MS = 5_000;

/**
 * Where each remote's fragments come from: the folder the server serves it from when the entry is
 * that folder's path (the default), the remote's own origin when the entry is an absolute URL.
 */
function fragmentSources(
  config: AppConfig,
  log: FastifyInstance['log'],
): Partial<Record<RemoteName, FragmentSource>> {
  const sources: Partial<Record<RemoteName, FragmentSource>> = {};
  for (const remote of Object.keys(REMOTES) as RemoteName[]) {
    const entry = config.frontEnd.remoteEntries[remote];
    if (/^https?:\/\//i.test(entry)) {
      sources[remote] = urlFragmentSource(
        remote,
        new URL(REMOTE_FRAGMENTS_FILE, entry),
        FRAGMENTS_FETCH_TIMEOUT_MS,
      );
    } else if (entry.startsWith(`${REMOTES_PATH_PREFIX}${remote}/`)) {
      sources[remote] = fileFragmentSource(remote, config.staticDirs[remote]);
    } else {
      log.warn(
        { remote, entry },
        'no server-side markup for a remote served from another path of this origin',
      );
    }
  }
  return sources;
}

/** Long enough for a first read on a busy machine; reached only when a remote is unwell. */
const WARM_UP_BUDGET_MS = 5_000;

async function pagesPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  const siteConfig = buildSiteConfig(config.frontEnd);
  const sources = fragmentSources(config, app.log);
  const composer = createPageComposer({
    sources,
    budgetMs: config.frontEnd.markupBudgetMs,
    siteConfig,
    log: app.log,
  });
  const hostShell = createHostShell(config.staticDirs.host, siteConfig, composer);
  app.decorate('siteConfig', siteConfig);
  app.decorate('hostShell', hostShell);
  // The first page load finds the host build and the remotes' markup already read and checked,
  // rather than paying for the first reads within its budget. A remote on another origin is asked
  // in the background: start-up never waits on it.
  app.addHook('onReady', async () => {
    await hostShell.refresh();
    const checks = Object.values(sources).map((source) => ({
      source,
      done: source.current(WARM_UP_BUDGET_MS),
    }));
    await Promise.all(checks.filter(({ source }) => source.local).map(({ done }) => done));
  });
}

export default fp(pagesPlugin, { name: 'pages', decorators: { fastify: ['appConfig'] } });

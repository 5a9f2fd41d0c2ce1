/**
 * Composes a host page with the remotes' current fragments on each request: every remote's
 * fragments are revalidated (within the budget), and the composed, compressed page is kept per
 * combination of releases, so a page load costs a revalidation and a lookup, not a render.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName, SiteConfig } from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { renderPage, type RenderedPage } from '../renderedPage';
import { injectIntoShell, withReleases } from '../siteConfig';
import { composePage, incompatibility, type HostProvides, type PageTemplate } from './composePage';
import type { FragmentSource } from './fragmentSource';

export interface PageComposer {
  /** `template` with the parts whose markup can be had now; the others keep their placeholders. */
  render(template: PageTemplate, host: HostProvides | undefined): Promise<RenderedPage>;
}

/** Combinations of releases kept per page: the current one and a few around a rollout. */
const PAGES_KEPT_PER_TEMPLATE = 8;

export function createPageComposer(options: {
  sources: Partial<Record<RemoteName, FragmentSource>>;
  budgetMs: number;
  /** Inlined into each composed page, with the entry URL of each stitched remote naming its release. */
  siteConfig: SiteConfig;
  log: FastifyBaseLogger;
}): PageComposer {
  const { sources, budgetMs, siteConfig, log } = options;
  const pages = new WeakMap<PageTemplate, Map<string, Promise<RenderedPage>>>();
  /** What was last logged per remote, so a change is logged once, not on every request. */
  const lastState = new Map<RemoteName, string>();

  const report = (remote: RemoteName, state: string, write: () => void) => {
    if (lastState.get(remote) === state) return;
    lastState.set(remote, state);
    write();
  };

  /**
   * The verdict on a release of a remote against a host build, worked out once per pair: the
   * singleton ranges it checks (semver) were a quarter of the server's time per `/product` in a
   * profile. Both objects stay the same until a new build or release replaces them.
   */
  const verdicts = new WeakMap<RemoteFragments, WeakMap<HostProvides, string | null>>();
  function checkedIncompatibility(
    remote: RemoteName,
    fragments: RemoteFragments,
    host: HostProvides,
  ): string | undefined {
    let byHost = verdicts.get(fragments);
    if (!byHost) verdicts.set(fragments, (byHost = new WeakMap()));
    let verdict = byHost.get(host);
    if (verdict === undefined) {
      verdict = incompatibility(remote, fragments, host) ?? null;
      byHost.set(host, verdict);
    }
    return verdict ?? undefined;
  }

  async function usableFragments(
    remote: RemoteName,
    host: HostProvides | undefined,
  ): Promise<RemoteFragments | undefined> {
    const source = sources[remote];
    if (!source) return undefined;
    const state = await source.current(budgetMs);
    if (state.status === 'unavailable') {
      report(remote, `unavailable:${state.reason}`, () =>
        log.warn(
          { remote, location: source.location, reason: state.reason },
          'remote markup unavailable: its parts load in the browser',
        ),
      );
      return undefined;
    }
    const { fragments } = state;
    const problem = host
      ? checkedIncompatibility(remote, fragments, host)
      : 'the host build has no host-manifest.json to check it against';
    if (problem) {
      report(remote, `incompatible:${fragments.release}`, () =>
        log.warn(
          { remote, release: fragments.release, reason: problem },
          'remote markup incompatible with the host: its parts load in the browser',
        ),
      );
      return undefined;
    }
    report(remote, `ready:${fragments.release}`, () =>
      log.info({ remote, release: fragments.release }, 'remote markup in use'),
    );
    return fragments;
  }

  return {
    async render(template, host) {
      const remotes = [...new Set(template.placeholders.map(({ remote }) => remote))];
      const found = await Promise.all(remotes.map((remote) => usableFragments(remote, host)));
      const fragments: Partial<Record<RemoteName, RemoteFragments>> = {};
      remotes.forEach((remote, index) => {
        const remoteFragments = found[index];
        if (remoteFragments) fragments[remote] = remoteFragments;
      });
      const key = remotes
        .map((remote) => `${remote}@${fragments[remote]?.release ?? '-'}`)
        .join(' ');

      let byReleases = pages.get(template);
      if (!byReleases) {
        byReleases = new Map();
        pages.set(template, byReleases);
      }
      let page = byReleases.get(key);
      if (!page) {
        const composed = composePage(template, fragments);
        const releases = Object.fromEntries(
          remotes.flatMap((remote) => {
            const release = fragments[remote]?.release;
            return release && composed.stitched.some((id) => id.startsWith(`${remote}/`))
              ? [[remote, release]]
              : [];
          }),
        );
        page = renderPage(injectIntoShell(composed.html, withReleases(siteConfig, releases)));
        byReleases.set(key, page);
        // Forgotten on failure (it is tried again), and the oldest combination beyond the bound.
        page.catch(() => byReleases?.delete(key));
        if (byReleases.size > PAGES_KEPT_PER_TEMPLATE) {
          const oldest = byReleases.keys().next().value;
          if (oldest !== undefined) byReleases.delete(oldest);
        }
      }
      return page;
    },
  };
}

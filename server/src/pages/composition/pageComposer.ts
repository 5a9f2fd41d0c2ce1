/**
 * Composes a host page with the remotes' current fragments on each request: every remote's
 * fragments are revalidated (within the budget), and the composed, compressed page is kept per
 * combination of releases, so a page load costs a revalidation and a lookup, not a render.
 *
 * A new combination is composed off the request path: the request waits for it only for what is
 * left of its budget, and otherwise answers with the last page composed for that template. One
 * composition runs at a time, so releases that change on every fetch cost one composition after
 * another in the background, never one per request.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { HostManifest } from '@tshirt/shared/compatibility';
import type { RemoteName, SiteConfig } from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { compressPage, type CompressedPage } from '../compressedPage';
import { inlineScriptHashes } from '../inlineSources';
import { injectIntoShell, withReleases } from '../siteConfig';
import { composePage, incompatibility, type PageTemplate } from './composePage';
import type { FragmentSource } from './fragmentSource';
import { checkedMarkupProblem } from './partMarkup';

export interface PageComposer {
  /** `template` with the parts whose markup can be had now; the others keep their placeholders. */
  render(template: PageTemplate, host: HostManifest | undefined): Promise<CompressedPage>;
}

/** Combinations of releases kept per page: the current one and a few around a rollout. */
const PAGES_KEPT_PER_TEMPLATE = 8;

/**
 * Compositions under way or waiting, across pages: each is a full-quality compression, one at a
 * time. A new release's waits for the one running (its previous release's, just asked for) rather
 * than being dropped, so it is served as soon as it is ready; past this many, a request starts none.
 */
const COMPOSITIONS_QUEUED = 4;

/** The composed pages of one template. */
interface TemplatePages {
  /** The CSP sources of the template's inline scripts: a part's markup adds none that may run. */
  scriptSources: string[];
  /** By combination of releases, least recently used first. */
  done: Map<string, CompressedPage>;
  /** Compositions under way, by combination: one per combination however many requests want it. */
  composing: Map<string, Promise<CompressedPage | undefined>>;
  /** The page last answered or composed: what a request answers while its own is not ready. */
  latest?: CompressedPage;
  /** The first page of the template, composed while a request waits (fast compression). */
  first?: Promise<CompressedPage>;
}

/** Resolves with `promise`, or with undefined after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createPageComposer(options: {
  sources: Partial<Record<RemoteName, FragmentSource>>;
  budgetMs: number;
  /**
   * Inlined into each composed page, with the entry URL of each stitched remote naming its release;
   * a remote's early script is served beside its entry.
   */
  siteConfig: SiteConfig;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Makes a composed page ready to send (compressed small); a stand-in in tests. */
  compress?: (html: string, scriptSources: readonly string[]) => Promise<CompressedPage>;
}): PageComposer {
  const {
    sources,
    budgetMs,
    siteConfig,
    log,
    now = () => performance.now(),
    compress = compressPage,
  } = options;
  const remoteEntries = Object.fromEntries(
    Object.entries(siteConfig.remotes).map(([remote, { entry }]) => [remote, entry]),
  );
  const pages = new WeakMap<PageTemplate, TemplatePages>();
  /** What was last logged per remote (and per part), so a change is logged once, not on every request. */
  const lastState = new Map<string, string>();
  /** Each remote's last fragments that passed the checks of their format. */
  const lastGood = new Map<RemoteName, RemoteFragments>();
  /**
   * Each remote's release as last read, kept while a check fails or runs past its budget (not
   * when the remote publishes no fragments): its entry URL names it even when its markup cannot
   * be in the page, so a browser that cached the entry of an older release does not run that.
   */
  const knownRelease = new Map<RemoteName, string>();
  let compositionsQueued = 0;
  /** The last composition started: the next one starts when it ends. */
  let lastComposition: Promise<unknown> = Promise.resolve();

  const report = (subject: string, state: string, write: () => void) => {
    if (lastState.get(subject) === state) return;
    lastState.set(subject, state);
    write();
  };

  /**
   * The verdict on a release of a remote against a host build, worked out once per pair: the
   * singleton ranges it checks (semver) were a quarter of the server's time per `/product` in a
   * profile. Both objects stay the same until a new build or release replaces them.
   */
  const verdicts = new WeakMap<RemoteFragments, WeakMap<HostManifest, string | null>>();
  function checkedIncompatibility(
    remote: RemoteName,
    fragments: RemoteFragments,
    host: HostManifest,
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

  /** The fragments with only the parts whose markup stays in its element, worked out once each. */
  const containedParts = new WeakMap<
    RemoteFragments,
    { fragments: RemoteFragments; refused: Array<[string, string]> }
  >();
  function withContainedParts(remote: RemoteName, fragments: RemoteFragments): RemoteFragments {
    let checked = containedParts.get(fragments);
    if (!checked) {
      const refused: Array<[string, string]> = [];
      const parts = Object.fromEntries(
        Object.entries(fragments.parts).filter(([module, part]) => {
          const problem = checkedMarkupProblem(part.html);
          if (problem) refused.push([module, problem]);
          return !problem;
        }),
      );
      checked = { fragments: refused.length ? { ...fragments, parts } : fragments, refused };
      containedParts.set(fragments, checked);
    }
    for (const module of Object.keys(fragments.parts)) {
      const reason = checked.refused.find(([name]) => name === module)?.[1];
      const subject = `${remote}/${module}`;
      if (!reason) lastState.delete(subject);
      else {
        report(subject, reason, () =>
          log.warn(
            { remote, module, release: fragments.release, reason },
            'remote part markup refused: the part loads in the browser',
          ),
        );
      }
    }
    return checked.fragments;
  }

  async function usableFragments(
    remote: RemoteName,
    host: HostManifest | undefined,
  ): Promise<RemoteFragments | undefined> {
    const source = sources[remote];
    if (!source) return undefined;
    const state = await source.current(budgetMs);
    if (state.status === 'ready') knownRelease.set(remote, state.fragments.release);
    if (state.status === 'unavailable' && state.absent) knownRelease.delete(remote);
    if (state.status === 'unavailable') {
      // A remote that publishes no markup (its dev server) is no fault to act on.
      report(remote, `unavailable:${state.reason}`, () =>
        state.absent
          ? log.info(
              { remote, location: source.location },
              'remote publishes no markup: its parts load in the browser',
            )
          : log.warn(
              { remote, location: source.location, reason: state.reason },
              'remote markup unavailable: its parts load in the browser',
            ),
      );
      return undefined;
    }
    let fragments: RemoteFragments | undefined;
    if (state.status === 'refused') {
      fragments = lastGood.get(remote);
      report(remote, `refused:${state.reason}`, () =>
        log.warn(
          { remote, location: source.location, reason: state.reason, kept: fragments?.release },
          fragments
            ? 'remote markup refused: its last good release stays in use'
            : 'remote markup refused: its parts load in the browser',
        ),
      );
      if (!fragments) return undefined;
    } else {
      fragments = state.fragments;
      lastGood.set(remote, fragments);
    }
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
    if (state.status === 'ready') {
      report(remote, `ready:${fragments.release}`, () =>
        log.info({ remote, release: fragments.release }, 'remote markup in use'),
      );
    }
    return withContainedParts(remote, fragments);
  }

  /**
   * The release each remote's entry URL names: that of its markup in the page, else the one last
   * read (the cache key of its entry, whatever the remote's static host lets browsers keep).
   */
  function entryReleases(
    remotes: RemoteName[],
    fragments: Partial<Record<RemoteName, RemoteFragments>>,
    known: Partial<Record<RemoteName, string>>,
    stitched: readonly string[],
  ): Partial<Record<RemoteName, string>> {
    return Object.fromEntries(
      remotes.flatMap((remote) => {
        const inPage = stitched.some((id) => id.startsWith(`${remote}/`));
        const release = inPage ? fragments[remote]?.release : known[remote];
        return release ? [[remote, release]] : [];
      }),
    );
  }

  /** The composed HTML of `template` with `fragments`, the site configuration naming their releases. */
  function composedHtml(
    template: PageTemplate,
    remotes: RemoteName[],
    fragments: Partial<Record<RemoteName, RemoteFragments>>,
    known: Partial<Record<RemoteName, string>>,
    host: HostManifest | undefined,
  ): string {
    const composed = composePage(template, fragments, {
      remoteEntries,
      hostPartScripts: host?.partScripts,
    });
    for (const moduleId of composed.overCap) {
      report(moduleId, 'over the page cap', () =>
        log.warn(
          { part: moduleId },
          'remote part markup would make the page too large: the part loads in the browser',
        ),
      );
    }
    return injectIntoShell(
      composed.html,
      withReleases(siteConfig, entryReleases(remotes, fragments, known, composed.stitched)),
    );
  }

  function keep(state: TemplatePages, key: string, page: CompressedPage): void {
    state.done.delete(key);
    state.done.set(key, page);
    if (state.done.size > PAGES_KEPT_PER_TEMPLATE) {
      const oldest = state.done.keys().next().value;
      if (oldest !== undefined) state.done.delete(oldest);
    }
    state.latest = page;
  }

  /** Composes a combination once the compositions before it end, unless too many are waiting. */
  function startComposing(
    state: TemplatePages,
    key: string,
    compose: () => string,
  ): Promise<CompressedPage | undefined> | undefined {
    if (compositionsQueued >= COMPOSITIONS_QUEUED) return undefined;
    compositionsQueued += 1;
    const composing = lastComposition.then(async () => {
      try {
        const page = await compress(compose(), state.scriptSources);
        keep(state, key, page);
        return page;
      } catch (error) {
        log.error({ err: error, releases: key }, 'could not compose a page');
        return undefined;
      } finally {
        compositionsQueued -= 1;
        state.composing.delete(key);
      }
    });
    lastComposition = composing;
    state.composing.set(key, composing);
    return composing;
  }

  return {
    async render(template, host) {
      const started = now();
      const remotes = [...new Set(template.placeholders.map(({ remote }) => remote))];
      const found = await Promise.all(remotes.map((remote) => usableFragments(remote, host)));
      const fragments: Partial<Record<RemoteName, RemoteFragments>> = {};
      remotes.forEach((remote, index) => {
        const remoteFragments = found[index];
        if (remoteFragments) fragments[remote] = remoteFragments;
      });
      // A remote with no markup in the page still names a release in its entry URL.
      const known = Object.fromEntries(
        remotes.flatMap((remote) => {
          const release = knownRelease.get(remote);
          return release ? [[remote, release]] : [];
        }),
      ) as Partial<Record<RemoteName, string>>;
      const key = remotes
        .map((remote) => `${remote}@${fragments[remote]?.release ?? '-'}/${known[remote] ?? '-'}`)
        .join(' ');

      let state = pages.get(template);
      if (!state) {
        state = {
          scriptSources: inlineScriptHashes(template.html),
          done: new Map(),
          composing: new Map(),
        };
        pages.set(template, state);
      }
      const done = state.done.get(key);
      if (done) {
        keep(state, key, done);
        return done;
      }
      const compose = () => composedHtml(template, remotes, fragments, known, host);
      const composing = state.composing.get(key) ?? startComposing(state, key, compose);
      if (state.latest) {
        const left = budgetMs - (now() - started);
        const page = composing && left > 0 ? await within(composing, left) : undefined;
        return page ?? state.latest;
      }
      // Nothing composed for this template yet (a new host build): this once, the request composes
      // a page itself, compressed fast, rather than waiting its budget out on the small one.
      const pending = state;
      pending.first ??= compressPage(compose(), pending.scriptSources, 'fast').then(
        (first) => {
          pending.latest ??= first;
          return first;
        },
        (error: unknown) => {
          pending.first = undefined;
          throw error;
        },
      );
      return pending.first;
    },
  };
}

/**
 * Stitching remotes' fragments into a host page (docs/ARCHITECTURE.md). The host's build-time page
 * marks each part's loading placeholder with PART_PLACEHOLDER_ATTRIBUTE; the server replaces the
 * placeholder with the part's markup inside an element that says what rendered it, and puts the
 * parts' CSS in the head. A part whose markup is missing or incompatible keeps its placeholder, and
 * the browser loads it as before. A remote whose fragments name an early script gets it in the
 * head too, `async`, from beside its entry, when at least one of its parts is in the page; the
 * scripts the stitched parts load are listed, inert, for the host's page-start script to preload.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import {
  PART_ATTRIBUTES,
  PART_PLACEHOLDER_ATTRIBUTE,
  REMOTES,
  type RemoteName,
} from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { PART_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { findSingletonMismatches, type HostManifest } from '@tshirt/shared/compatibility';
import { escapeHtml } from '../htmlPages';
import { entryOfRelease } from '../siteConfig';

/** One placeholder of a page: where it is in the HTML and which part it stands for. */
export interface PartPlaceholder {
  start: number;
  end: number;
  remote: RemoteName;
  module: string;
}

/** A host page with the places its parts go, found once per build (not per request). */
export interface PageTemplate {
  html: string;
  /** In document order. */
  placeholders: PartPlaceholder[];
  /** Where `</head>` starts: the parts' styles go just before it. */
  headEnd: number;
}

function isRemoteName(name: string): name is RemoteName {
  return Object.hasOwn(REMOTES, name);
}

/** The template of `html`, or undefined when it has no part placeholders (a plain page). */
export function parsePageTemplate(html: string): PageTemplate | undefined {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const placeholders: PartPlaceholder[] = [];
  let headEnd = -1;
  const visit = (node: DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document) => {
    if ('tagName' in node) {
      if (node.tagName === 'head') headEnd = node.sourceCodeLocation?.endTag?.startOffset ?? -1;
      const moduleId = node.attrs.find((attr) => attr.name === PART_PLACEHOLDER_ATTRIBUTE)?.value;
      const location = node.sourceCodeLocation;
      if (moduleId && location) {
        const [remote = '', module = ''] = moduleId.split('/');
        if (isRemoteName(remote) && module) {
          placeholders.push({
            start: location.startOffset,
            end: location.endOffset,
            remote,
            module,
          });
          return;
        }
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(document);
  if (placeholders.length === 0 || headEnd < 0) return undefined;
  return { html, placeholders, headEnd };
}

/** Why a remote's fragments must not go into this host's page, or undefined when they may. */
export function incompatibility(
  remote: RemoteName,
  fragments: RemoteFragments,
  host: HostManifest,
): string | undefined {
  const name = REMOTES[remote].name;
  if (fragments.remote !== name) return `the fragments are ${fragments.remote}'s, not ${name}'s`;
  if (fragments.contractVersion !== host.contractVersion) {
    return `built for contract ${fragments.contractVersion}; the host implements contract ${host.contractVersion}`;
  }
  const requires = Object.fromEntries(
    Object.entries(fragments.requires).map(([request, requiredVersion]) => [
      request,
      { requiredVersion },
    ]),
  );
  return findSingletonMismatches(name, host.provides, requires)[0];
}

/** CSS safe inside `<style>`: nothing in it can close the element. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** A composed page stays this small: over it, the parts that would push it over keep their placeholders. */
export const MAX_COMPOSED_PAGE_BYTES = 1024 * 1024;

export interface ComposedPage {
  html: string;
  /** Module ids of the parts whose markup went in. */
  stitched: string[];
  /** Module ids of the parts left as placeholders because the page would have grown past its cap. */
  overCap: string[];
}

function stylesOf(fragments: RemoteFragments): string {
  return fragments.styles
    .map(({ href, css }) => `<style data-href="${escapeHtml(href)}">${styleText(css)}</style>`)
    .join('');
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * Where a remote's file (`path`, relative to its folder) is, for a page: beside the remote's entry,
 * a path on this origin when the entry is one, else the absolute URL on the remote's origin.
 */
export function remoteFileUrl(entry: string, path: string): string {
  const url = new URL(path, new URL(entry, SAME_ORIGIN));
  return url.origin === SAME_ORIGIN ? `${url.pathname}${url.search}` : url.href;
}

/** The remote's early script element, when its fragments name one and its entry is known. */
function earlyScriptOf(fragments: RemoteFragments, entry: string | undefined): string {
  if (!fragments.early || entry === undefined) return '';
  return `<script src="${escapeHtml(remoteFileUrl(entry, fragments.early))}" async fetchpriority="low"></script>`;
}

/**
 * Preloads of the scripts that make a remote's stitched parts live: its entry (at the URL of the
 * release in the page) and each part's own scripts.
 */
function partScriptsOf(
  fragments: RemoteFragments,
  entry: string | undefined,
  modules: readonly string[],
): string {
  if (entry === undefined) return '';
  const scripts = [
    entryOfRelease(entry, fragments.release),
    ...modules.flatMap((module) =>
      (fragments.parts[module]?.scripts ?? []).map((script) => remoteFileUrl(entry, script)),
    ),
  ];
  return [...new Set(scripts)].map(scriptPreload).join('');
}

function scriptPreload(href: string): string {
  return `<link rel="preload" as="script" href="${escapeHtml(href)}" fetchpriority="low">`;
}

export interface ComposeOptions {
  /** Each remote's entry (SiteConfig `remotes[remote].entry`): its early script is beside it. */
  remoteEntries?: Partial<Record<RemoteName, string>>;
  /** The host's scripts a page with parts loads to mount them (its `host-manifest.json`). */
  hostPartScripts?: readonly string[];
  /** Parts that would make the page larger than this keep their placeholders. */
  maxBytes?: number;
}

/**
 * The page with each part's markup in place of its placeholder, for every remote whose fragments
 * are given (already checked compatible, their parts' markup checked); the others keep their
 * placeholders, as does a part that would make the page larger than `maxBytes`. The head gets the
 * CSS and the early script of each remote with a part in the page, and the template of the
 * preloads of every script the stitched parts need.
 */
export function composePage(
  template: PageTemplate,
  fragments: Partial<Record<RemoteName, RemoteFragments>>,
  {
    remoteEntries = {},
    hostPartScripts = [],
    maxBytes = MAX_COMPOSED_PAGE_BYTES,
  }: ComposeOptions = {},
): ComposedPage {
  const stitched: string[] = [];
  const overCap: string[] = [];
  const styles = new Map<RemoteName, string>();
  const scripts = new Map<RemoteName, string>();
  let size = Buffer.byteLength(template.html);
  let html = '';
  let cursor = 0;
  for (const placeholder of template.placeholders) {
    const part = fragments[placeholder.remote]?.parts[placeholder.module];
    const release = fragments[placeholder.remote]?.release;
    if (!part || !release) continue;
    const moduleId = `${placeholder.remote}/${placeholder.module}`;
    const attributes = [
      [PART_ATTRIBUTES.part, moduleId],
      [PART_ATTRIBUTES.release, release],
      [PART_ATTRIBUTES.identifierPrefix, part.identifierPrefix],
      [PART_ATTRIBUTES.props, JSON.stringify(part.props)],
    ]
      .map(([name, value]) => ` ${name}="${escapeHtml(value ?? '')}"`)
      .join('');
    const element = `<div${attributes}><div ${PART_ATTRIBUTES.root}>${part.html}</div></div>`;
    const firstOfRemote = !styles.has(placeholder.remote);
    const remoteStyles = firstOfRemote ? stylesOf(fragments[placeholder.remote]!) : '';
    const remoteScript = firstOfRemote
      ? earlyScriptOf(fragments[placeholder.remote]!, remoteEntries[placeholder.remote])
      : '';
    const growth =
      Buffer.byteLength(element) +
      Buffer.byteLength(remoteStyles) +
      Buffer.byteLength(remoteScript) -
      Buffer.byteLength(template.html.slice(placeholder.start, placeholder.end));
    if (size + growth > maxBytes) {
      overCap.push(moduleId);
      continue;
    }
    size += growth;
    if (firstOfRemote) {
      styles.set(placeholder.remote, remoteStyles);
      scripts.set(placeholder.remote, remoteScript);
    }
    html += template.html.slice(cursor, placeholder.start) + element;
    cursor = placeholder.end;
    stitched.push(moduleId);
  }
  html += template.html.slice(cursor);
  if (stitched.length === 0) return { html, stitched, overCap };

  // Inert in a template: the host's page-start script adds them with its own scripts once the page
  // has painted, so they never compete with the first paint, yet all start at once.
  const preloads =
    hostPartScripts.map(scriptPreload).join('') +
    [...styles.keys()]
      .map((remote) =>
        partScriptsOf(
          fragments[remote]!,
          remoteEntries[remote],
          stitched.flatMap((id) =>
            id.startsWith(`${remote}/`) ? [id.slice(remote.length + 1)] : [],
          ),
        ),
      )
      .join('');

  // Everything stitched lies after the head, so the head's offset still holds in the new HTML.
  return {
    html:
      html.slice(0, template.headEnd) +
      [...styles.values()].join('') +
      [...scripts.values()].join('') +
      (preloads && `<template ${PART_SCRIPTS_ATTRIBUTE}>${preloads}</template>`) +
      html.slice(template.headEnd),
    stitched,
    overCap,
  };
}

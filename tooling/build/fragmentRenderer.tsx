/**
 * Runs inside a remote's fragments bundle (./fragments.ts) at build time: renders each exposed
 * module's initial state, with the props the product page gives it, as its own React root. The host
 * hydrates each part as a root of its own with the same element and prefix, so the markup matches.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  PRODUCT_PAGE_PART_PROPS,
  REMOTES,
  partIdentifierPrefix,
  type ExposedName,
  type RemoteName,
} from '@tshirt/shared/contract';
import type { RenderedPart } from '@tshirt/shared/fragments';

type ExposedModules = Record<string, { default?: unknown }>;

export function renderParts(
  remote: RemoteName,
  modules: ExposedModules,
): Record<string, RenderedPart> {
  const parts: Record<string, RenderedPart> = {};
  const names = Object.keys(REMOTES[remote].exposes) as Array<ExposedName<typeof remote>>;
  for (const name of names) {
    const component = modules[name]?.default;
    if (typeof component !== 'function') {
      throw new Error(`${remote}/${name} has no component as its default export to render`);
    }
    const props =
      (PRODUCT_PAGE_PART_PROPS[remote] as Record<string, Record<string, unknown>>)[name] ?? {};
    const identifierPrefix = partIdentifierPrefix(remote, name);
    const html = renderToString(createElement(component as ComponentType<object>, props), {
      identifierPrefix,
    });
    parts[name] = { html, identifierPrefix, props };
  }
  return parts;
}

import { createContext, useContext, type ReactNode } from 'react';
import { PART_ATTRIBUTES } from '@tshirt/shared';

/**
 * A part the server put in the page (docs/ARCHITECTURE.md): the remote's markup, and what it was
 * rendered from, read from the element's attributes exactly as the server wrote them.
 */
export interface ServerPart {
  /** The part element's content: the part's root element holding the remote's markup. */
  html: string;
  release: string;
  identifierPrefix: string;
  /** The props the markup was rendered with, as the JSON the server wrote. */
  propsJson: string;
}

/** The server-rendered parts of the page, by module id; each is adopted once, by its slot. */
export interface ServerParts {
  peek(moduleId: string): ServerPart | undefined;
  /** The markup is gone from the page (the slot unmounted): a later slot starts from nothing. */
  forget(moduleId: string): void;
}

/** JSON with sorted keys, so the same props compare equal whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Why the server's markup cannot be adopted by code of `release` given `propsJson`, if it cannot. */
export function hydrationRefusal(
  part: ServerPart,
  release: string | undefined,
  propsJson: string,
): string | undefined {
  if (release === undefined) return 'its code carries no release id';
  if (release !== part.release)
    return `the markup is from release ${part.release}, the code from release ${release}`;
  try {
    if (canonicalJson(JSON.parse(part.propsJson)) === propsJson) return undefined;
  } catch {
    return 'the markup names no readable props';
  }
  return 'the markup was rendered with other props';
}

/** The part element's attributes: those the server wrote, while its markup is shown. */
export function partAttributes(moduleId: string, part?: ServerPart): Record<string, string> {
  return {
    [PART_ATTRIBUTES.part]: moduleId,
    ...(part && {
      [PART_ATTRIBUTES.release]: part.release,
      [PART_ATTRIBUTES.identifierPrefix]: part.identifierPrefix,
      [PART_ATTRIBUTES.props]: part.propsJson,
    }),
  };
}

export const NO_SERVER_PARTS: ServerParts = { peek: () => undefined, forget: () => undefined };

/**
 * Reads every server-rendered part under `root` before React hydrates the page: the host renders
 * each part's element with this very markup, so hydration leaves it in place for the part's own root.
 */
export function collectServerParts(root: ParentNode): ServerParts {
  const parts = new Map<string, ServerPart>();
  for (const element of root.querySelectorAll(`[${PART_ATTRIBUTES.part}]`)) {
    const moduleId = element.getAttribute(PART_ATTRIBUTES.part);
    const release = element.getAttribute(PART_ATTRIBUTES.release);
    const identifierPrefix = element.getAttribute(PART_ATTRIBUTES.identifierPrefix);
    const propsJson = element.getAttribute(PART_ATTRIBUTES.props);
    if (!moduleId || !release || identifierPrefix === null || propsJson === null) continue;
    if (!element.querySelector(`:scope > [${PART_ATTRIBUTES.root}]`)) continue;
    parts.set(moduleId, { html: element.innerHTML, release, identifierPrefix, propsJson });
  }
  return {
    peek: (moduleId) => parts.get(moduleId),
    forget: (moduleId) => {
      parts.delete(moduleId);
    },
  };
}

const ServerPartsContext = createContext<ServerParts>(NO_SERVER_PARTS);

export function ServerPartsProvider({
  parts,
  children,
}: {
  parts: ServerParts;
  children: ReactNode;
}) {
  return <ServerPartsContext.Provider value={parts}>{children}</ServerPartsContext.Provider>;
}

export function useServerParts(): ServerParts {
  return useContext(ServerPartsContext);
}

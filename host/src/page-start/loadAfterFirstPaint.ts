/**
 * The page's own scripts (named on the page-start script's element) are added only once the page
 * has painted and is parsed, so on a slow connection the server-rendered page shows without
 * competing with them for bandwidth; with them, the preloads the server listed for the page's
 * parts, and of the remotes' entries any the server did not list. Until the scripts run, taps on
 * parts are held (./holdPartEvents.ts), and links and forms work as plain HTML.
 */
import { SITE_CONFIG_ELEMENT_ID } from '@tshirt/shared/contract';
import {
  PAGE_SCRIPTS_ATTRIBUTE,
  PART_SCRIPTS_ATTRIBUTE,
  PART_SLOT_ATTRIBUTE,
} from '@tshirt/shared/pageStart';

function preloadRemoteEntries(): void {
  if (!document.querySelector(`[${PART_SLOT_ATTRIBUTE}]`)) return;
  let remotes: Record<string, { entry: string }>;
  try {
    const config = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
    remotes = JSON.parse(config || '{}').remotes || {};
  } catch {
    return;
  }
  const preloaded = [...document.querySelectorAll('link[rel="preload"]')].map((link) =>
    link.getAttribute('href'),
  );
  for (const { entry } of Object.values(remotes)) {
    // A page with the remote's parts in it preloads its entry already (the server put it there).
    if (preloaded.includes(entry)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = entry;
    document.head.appendChild(link);
  }
}

export function loadAfterFirstPaint(pageStartScript: Element | null): void {
  const scripts: string[] = JSON.parse(
    pageStartScript?.getAttribute(PAGE_SCRIPTS_ATTRIBUTE) || '[]',
  );
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    for (const src of scripts) {
      const element = document.createElement('script');
      element.src = src;
      // In order, like the `defer` scripts they replace.
      element.async = false;
      document.head.appendChild(element);
    }
    // The server's preloads of what the page's parts will load: asked for now, all at once.
    const partScripts = document.querySelector<HTMLTemplateElement>(
      `template[${PART_SCRIPTS_ATTRIBUTE}]`,
    );
    if (partScripts) document.head.appendChild(partScripts.content.cloneNode(true));
    preloadRemoteEntries();
  };

  const afterFirstPaint = () => {
    // A hidden tab never paints: start at once.
    if (document.visibilityState === 'hidden') return start();
    // Never wait long, whatever the browser reports.
    setTimeout(start, 1000);
    if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      // The first contentful paint as the browser reports it, once it has been presented: two
      // frames are not always enough (a busy machine paints its first content frames later).
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
    }
  };

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterFirstPaint);
  } else {
    afterFirstPaint();
  }
}

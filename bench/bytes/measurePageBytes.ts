/**
 * Loads one page in a fresh headless Chromium at a phone's viewport and records every response the
 * browser received, from the DevTools protocol: bytes as transferred (compressed, with headers),
 * the body's gzip size, and the scripts' bodies for counting library copies.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { BUY_BUTTON_LABELS, FIELD_LABELS } from '@tshirt/shared/labels';
import { launchBrowser, PORTRAIT } from '@tshirt/e2e/harness/browser';
import { waitUntilEveryPartIsLive } from '@tshirt/e2e/harness/parts';
import { countLibraryCopies, describeScript, type CountedLibrary } from './libraryCopies';

export const RESOURCE_KINDS = ['JS', 'CSS', 'Images', 'Fonts', 'HTML', 'Other'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface MeasuredResponse {
  path: string;
  kind: ResourceKind;
  /** Bytes on the wire, as DevTools counts them (compressed body and headers). */
  transferred: number;
  /** The body gzipped at zlib's default level: what a gzip-only client would receive. */
  gzip: number;
  contentEncoding: string;
  /** Libraries the script carries, e.g. "react-dom"; empty for anything else. */
  contents: string;
}

export interface KindTotals {
  requests: number;
  transferred: number;
  gzip: number;
}

export interface PageBytes {
  path: string;
  responses: MeasuredResponse[];
  byKind: Record<ResourceKind, KindTotals>;
  libraryCopies: Record<CountedLibrary, number>;
  /** Files fetched from under /remotes/ (a remote's entry or chunks). */
  remoteFiles: string[];
}

export interface MeasurePageOptions {
  /** Wait until the product page's remotes have rendered their controls. */
  waitForRemotes: boolean;
  /** URL patterns the page may not fetch (the one-bundle build ignores the shell's remote preloads). */
  blockedUrls?: string[];
}

const CDP_TYPE_TO_KIND: Record<string, ResourceKind> = {
  Document: 'HTML',
  Script: 'JS',
  Stylesheet: 'CSS',
  Image: 'Images',
  Font: 'Fonts',
};

interface PendingResponse {
  url: string;
  kind: ResourceKind;
  contentEncoding: string;
}

export async function waitForRemotesToRender(page: Page): Promise<void> {
  await page
    .getByLabel(FIELD_LABELS.interests, { exact: true })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  await page
    .getByRole('button', { name: BUY_BUTTON_LABELS.idle })
    .waitFor({ state: 'visible', timeout: 60_000 });
  await waitUntilEveryPartIsLive(page, { timeout: 60_000 });
}

function emptyTotals(): Record<ResourceKind, KindTotals> {
  return Object.fromEntries(
    RESOURCE_KINDS.map((kind) => [kind, { requests: 0, transferred: 0, gzip: 0 }]),
  ) as Record<ResourceKind, KindTotals>;
}

export async function measurePageBytes(
  baseUrl: string,
  path: string,
  options: MeasurePageOptions,
): Promise<PageBytes> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage(PORTRAIT);
    for (const pattern of options.blockedUrls ?? [])
      await page.route(pattern, (route) => route.abort('blockedbyclient'));
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');

    const pending = new Map<string, PendingResponse>();
    const finished = new Map<string, PendingResponse & { transferred: number }>();
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [
          name.toLowerCase(),
          String(value),
        ]),
      );
      pending.set(event.requestId, {
        url: event.response.url,
        kind: CDP_TYPE_TO_KIND[event.type] ?? 'Other',
        contentEncoding: headers['content-encoding'] ?? 'identity',
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = pending.get(event.requestId);
      if (response && !response.url.startsWith('data:')) {
        finished.set(event.requestId, { ...response, transferred: event.encodedDataLength });
      }
    });

    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle', timeout: 90_000 });
    if (options.waitForRemotes) await waitForRemotesToRender(page);
    await page.waitForLoadState('networkidle');

    const responses: MeasuredResponse[] = [];
    const scriptBodies: string[] = [];
    for (const [requestId, response] of finished) {
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
      const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      const text = response.kind === 'JS' ? bytes.toString('utf8') : '';
      if (response.kind === 'JS') scriptBodies.push(text);
      const url = new URL(response.url);
      responses.push({
        path: url.origin === new URL(baseUrl).origin ? url.pathname + url.search : response.url,
        kind: response.kind,
        transferred: response.transferred,
        gzip: gzipSync(bytes).length,
        contentEncoding: response.contentEncoding,
        contents: text ? describeScript(text) : '',
      });
    }

    const byKind = emptyTotals();
    for (const response of responses) {
      const totals = byKind[response.kind];
      totals.requests += 1;
      totals.transferred += response.transferred;
      totals.gzip += response.gzip;
    }
    return {
      path,
      responses: responses.sort((a, b) => b.transferred - a.transferred),
      byKind,
      libraryCopies: countLibraryCopies(scriptBodies),
      remoteFiles: responses
        .filter((response) => response.path.startsWith('/remotes/'))
        .map((response) => response.path),
    };
  } finally {
    await browser.close();
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PORTRAIT = { width: 390, height: 844 };
export const LANDSCAPE = { width: 1280, height: 800 };

/**
 * Said in the console of every test page when its Content-Security-Policy blocks something (an
 * inline style, a script, a load), so a test fails on it like on an uncaught error.
 */
function reportPolicyViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`,
    );
  });
}

/**
 * A console message that says the page's Content-Security-Policy blocked something. A page of
 * another site refused framing by the store's `frame-ancestors` is the store's policy at work.
 */
function isPolicyViolation(text: string): boolean {
  if (text.startsWith('Framing ') && text.includes('"frame-ancestors')) return false;
  return text.startsWith('securitypolicyviolation:') || text.includes('Content Security Policy');
}

/** The pages the current test opened, in any test browser, and the uncaught errors and CSP violations in them. */
let testPages: Page[] = [];
let pageErrors: string[] = [];

/** Starts a test: the pages opened and the errors thrown from now on are its own. */
export function startTestPages(): void {
  testPages = [];
  pageErrors = [];
}

/** Ends a test: closes the pages it opened and returns the uncaught errors they threw. */
export async function endTestPages(): Promise<string[]> {
  for (const page of testPages) if (!page.isClosed()) await page.close();
  return pageErrors;
}

export interface TestBrowser {
  context: BrowserContext;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Where the browser tests' one Chromium listens (set by globalSetup.ts for the run). */
export const SHARED_BROWSER_VARIABLE = 'E2E_BROWSER_WS_ENDPOINT';

/** Debian's Chromium as a Playwright browser server, for every test file of a run to connect to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

/** Makes `context` a test browser: policy violations reported, its pages and their errors the current test's. */
async function watched(context: BrowserContext, close: () => Promise<void>): Promise<TestBrowser> {
  await context.addInitScript(reportPolicyViolations);
  context.on('page', (page) => {
    testPages.push(page);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (isPolicyViolation(message.text())) pageErrors.push(message.text());
    });
  });
  return {
    context,
    async newPage(viewport = LANDSCAPE) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      return page;
    },
    close,
  };
}

/**
 * A fresh browser profile, the way a first-time shopper arrives (scripts off on request): a new
 * context of the run's one Chromium when the browser tests run (globalSetup.ts), else a Chromium of
 * its own with a fresh profile folder (the benchmarks).
 */
export async function launchBrowser(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<TestBrowser> {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  const endpoint = process.env[SHARED_BROWSER_VARIABLE];
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    const context = await browser.newContext({ viewport: LANDSCAPE, javaScriptEnabled });
    return watched(context, async () => {
      await context.close();
      await browser.close();
    });
  }
  const profile = mkdtempSync(join(tmpdir(), 'tshirt-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: LANDSCAPE,
    javaScriptEnabled,
  });
  return watched(context, async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
}

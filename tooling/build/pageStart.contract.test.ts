/**
 * @jest-environment ./test/jsdomEnvironment.js
 *
 * A page's first moments, each side with its own code, on one page (docs/ARCHITECTURE.md): the
 * server composes /product around the host's page-start script as the host's build compiles it and
 * allows it by its hash; the script holds a tap on a part not live yet; the designer's early script
 * sends the generation that tap asks for; the host takes the tap once the part is live and replays
 * it, and the part adopts the early answer. They meet on the names of @tshirt/shared/pageStart, and
 * this is the one test that has all of them use the same ones together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearImmediate, setImmediate } from 'node:timers';
import {
  CONTRACT_VERSION,
  FRAGMENTS_FORMAT,
  PART_ATTRIBUTES,
  PART_PLACEHOLDER_ATTRIBUTE,
  SITE_CONFIG_ELEMENT_ID,
  partIdentifierPrefix,
  type SiteConfig,
} from '@tshirt/shared/contract';
import { GENERATE_IMAGE_PATH } from '@tshirt/shared/apiPaths';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import {
  EARLY_ANSWER_SHOWN_GLOBAL,
  EARLY_GENERATION_GLOBAL,
  EARLY_STORE_OFFER_GLOBAL,
  HELD_ATTRIBUTE,
  HELD_EVENTS_GLOBAL,
  PAGE_SCRIPTS_ATTRIBUTE,
  PART_LIVE,
  PART_SCRIPTS_ATTRIBUTE,
  PART_SLOT_ATTRIBUTE,
  PENDING_PART_SELECTOR,
} from '@tshirt/shared/pageStart';
import { waitUntil } from '../test/waitUntil';
import { escapeAttribute } from './htmlAttribute';
import { compilePageStartScript } from './pageStartScript';
import {
  changedControls,
  replayIntoPart,
  takeHeldEvents,
} from '../../host/src/remote-loading/heldEvents';
import { hydrationHold } from '../../host/src/remote-loading/hydrationHold';
import { listenForEarlyGenerate } from '../../remote-designer/src/early-generate/earlyGenerate';
import { takeEarlyGeneration } from '../../remote-designer/src/early-generate/takeEarlyGeneration';
import { composePage, parsePageTemplate } from '../../server/src/pages/composition/composePage';
import { hashSource, inlineScriptHashes } from '../../server/src/pages/inlineSources';
import { injectIntoShell, withReleases } from '../../server/src/pages/siteConfig';

// webpack builds the page-start script here, in a browser-like environment that leaves out Node's.
Object.assign(globalThis, { setImmediate, clearImmediate });

const HOST_DIR = join(__dirname, '..', '..', 'host');
/** As host/webpack.config.ts names it. */
const PAGE_START_ENTRY = './src/page-start/pageStart.ts';

const ART_FORM = 'designer/ArtForm';
const HOST_SCRIPTS = ['/main.js'];
const DESIGNER_ENTRY = '/remotes/designer/remoteEntry.js';
const SITE_CONFIG: SiteConfig = {
  brandName: 'Threadwise',
  contactEmail: 'hello@threadwise.example',
  remotes: {
    designer: { entry: DESIGNER_ENTRY },
    checkout: { entry: '/remotes/checkout/remoteEntry.js' },
  },
  remoteTimeoutMs: 120_000,
  unitPrice: '$19.99 USD',
};

/** The host's pre-rendered /product as its build writes it: the page-start script, a part's slot. */
function hostPage(pageStartScript: string): string {
  return (
    `<!doctype html><html lang="en"><head><title>Product</title>` +
    `<script ${PAGE_SCRIPTS_ATTRIBUTE}="${escapeAttribute(JSON.stringify(HOST_SCRIPTS))}">${pageStartScript}</script>` +
    `</head><body><div id="root"><div ${PART_SLOT_ATTRIBUTE}="${ART_FORM}">` +
    `<div role="status" ${PART_PLACEHOLDER_ATTRIBUTE}="${ART_FORM}">Loading…</div>` +
    `</div></div></body></html>`
  );
}

/** The designer's fragments: its art form's markup, a chunk it loads, its early script. */
const DESIGNER_FRAGMENTS: RemoteFragments = {
  format: FRAGMENTS_FORMAT,
  remote: 'designer',
  release: 'designer-r1',
  contractVersion: CONTRACT_VERSION,
  requires: { react: '^19.0.0', '@tshirt/shared': '^1.0.0' },
  styles: [],
  parts: {
    ArtForm: {
      html: '<form><label>Interests <input name="interests"></label><button type="submit">Generate Art</button></form>',
      identifierPrefix: partIdentifierPrefix('designer', 'ArtForm'),
      props: {},
      scripts: ['chunks/parts.0123456789.js'],
    },
  },
  early: 'early.0123456789.js',
};

/** /product as the server sends it: composed, with the site configuration inlined. */
function servedPage(pageStartScript: string): string {
  const template = parsePageTemplate(hostPage(pageStartScript));
  if (!template) throw new Error('the host page has no part placeholder');
  const { html, stitched } = composePage(
    template,
    { designer: DESIGNER_FRAGMENTS },
    { remoteEntries: { designer: DESIGNER_ENTRY } },
  );
  expect(stitched).toEqual([ART_FORM]);
  return injectIntoShell(html, withReleases(SITE_CONFIG, { designer: DESIGNER_FRAGMENTS.release }));
}

const copyOf = (nodes: NodeListOf<ChildNode>) =>
  [...nodes].map((node) => document.importNode(node, true));

/** The page's body in this window, as the server sent it. */
function showBody(html: string): void {
  document.body.replaceChildren(
    ...copyOf(new DOMParser().parseFromString(html, 'text/html').body.childNodes),
  );
}

/** The page in this window, its page-start script run as the browser runs it, before the body. */
function openPage(html: string): void {
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.replaceChildren(...copyOf(page.head.childNodes));
  // Scripts carried over from another document do not run; the page-start script must.
  const parsed = document.head.querySelector(`script[${PAGE_SCRIPTS_ATTRIBUTE}]`)!;
  const pageStart = document.createElement('script');
  for (const { name, value } of parsed.attributes) pageStart.setAttribute(name, value);
  pageStart.textContent = parsed.textContent;
  parsed.replaceWith(pageStart);
  showBody(html);
}

const artFormPart = () =>
  document.querySelector<HTMLElement>(`[${PART_ATTRIBUTES.part}="${ART_FORM}"]`)!;
const generateButton = () => artFormPart().querySelector('button')!;

/**
 * The designer's code arrives: the host takes what was held for the part and marks it live (as
 * host/src/remote-loading/RemoteSlot.tsx does), and the art form, as its own code does, sends its
 * generation through the early one when there is one. Resolves with what the form was answered.
 */
function designerCodeArrives(): Promise<Response> {
  const part = artFormPart();
  const form = part.querySelector('form')!;
  const held = takeHeldEvents(part, window);
  const changes = changedControls(part);
  const answered = new Promise<Response>((resolve) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const fields = { interests: form.querySelector('input')!.value };
      const send = takeEarlyGeneration(fields, new AbortController().signal, window) ?? fetch;
      resolve(send(`${GENERATE_IMAGE_PATH}?${new URLSearchParams(fields)}`));
    });
  });
  part.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
  replayIntoPart(part, changes, [...held, ...takeHeldEvents(part, window)]);
  return answered;
}

describe('a page’s first moments', () => {
  let pageStartScript: string;
  let served: string;
  let generations: jest.Mock;
  let stopEarlyScript: () => void = () => undefined;

  beforeAll(async () => {
    ({ code: pageStartScript } = await compilePageStartScript(HOST_DIR, [PAGE_START_ENTRY]));
    served = servedPage(pageStartScript);
    openPage(served);
  });

  beforeEach(() => {
    generations = jest.fn(async () => Response.json({ prompt: 'kites' }));
    window.fetch = generations;
    // The same page again, its page-start script still listening.
    showBody(served);
  });

  afterEach(() => {
    stopEarlyScript();
    window[HELD_EVENTS_GLOBAL]?.splice(0);
    delete window[EARLY_GENERATION_GLOBAL];
    delete window[EARLY_ANSWER_SHOWN_GLOBAL];
  });

  it('is served with the page-start script allowed by its hash, the site configuration just before it', () => {
    expect(inlineScriptHashes(served)).toContain(hashSource(pageStartScript));
    expect(served).toMatch(
      new RegExp(
        `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">[^<]*</script><script ${PAGE_SCRIPTS_ATTRIBUTE}=`,
      ),
    );
  });

  it.each([
    ['before', 'after'],
    ['after', 'before'],
  ])(
    'sends a tap on Generate once, early, and hands its answer to the live part, when the early script arrives %s the tap',
    async (_arrives, tapped) => {
      const startEarlyScript = () => (stopEarlyScript = listenForEarlyGenerate(window));
      if (tapped === 'after') startEarlyScript();
      artFormPart().querySelector('input')!.value = 'kites';
      generateButton().click();

      // Held: waiting, shown as waiting, queued for the host.
      expect(generateButton().hasAttribute(HELD_ATTRIBUTE)).toBe(true);
      expect(window[HELD_EVENTS_GLOBAL]).toEqual([
        { type: 'click', target: generateButton(), submitter: null },
      ]);
      if (tapped === 'before') startEarlyScript();
      expect(generations).toHaveBeenCalledTimes(1);
      expect(generations.mock.calls[0]?.[0]).toMatch(/interests=kites/);
      expect(window[EARLY_GENERATION_GLOBAL]).toBeDefined();
      // The host holds back the parts' hydration until the early script has shown the answer.
      const hold = hydrationHold(window);
      expect(hold).toBeDefined();

      const answered = designerCodeArrives();
      const answer = await answered;
      await hold;
      expect(hydrationHold(window)).toBeUndefined();

      expect(await answer.json()).toEqual({ prompt: 'kites' });
      expect(generations).toHaveBeenCalledTimes(1);
      expect(generateButton().hasAttribute(HELD_ATTRIBUTE)).toBe(false);
      expect(window[HELD_EVENTS_GLOBAL]).toEqual([]);
      expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();
    },
  );

  it('asks, once the page has painted, for the scripts the host’s build named and those the server listed for the parts', async () => {
    const asked = () =>
      [...document.head.querySelectorAll('script[src], link[rel="preload"]')].map(
        (element) => element.getAttribute('src') ?? element.getAttribute('href'),
      );
    await waitUntil(
      () => asked().includes(HOST_SCRIPTS[0]!),
      'the page-start script adds the page’s scripts',
    );

    const designerEntry = `${DESIGNER_ENTRY}?release=${DESIGNER_FRAGMENTS.release}`;
    expect(asked()).toEqual(
      expect.arrayContaining([
        ...HOST_SCRIPTS,
        designerEntry,
        '/remotes/designer/chunks/parts.0123456789.js',
      ]),
    );
    // The site configuration names the same entry as the server's preloads: asked for once.
    expect(asked().filter((url) => url === designerEntry)).toHaveLength(1);
  });

  it('styles a part not live yet, and a held control, by the same names (CSS cannot import them)', () => {
    const css = readFileSync(join(HOST_DIR, 'src/remote-loading/RemoteSlot.module.css'), 'utf8');
    expect(css).toContain(`.slot > ${PENDING_PART_SELECTOR} :is(button`);
    expect(css).toContain(`.slot > ${PENDING_PART_SELECTOR} [${HELD_ATTRIBUTE}]`);
  });

  // A page mixes releases: the host's page-start script of one, a remote's early script of another.
  // A name changed here breaks the releases already deployed: add the new one beside it instead.
  it('keeps the names deployed releases already use', () => {
    expect({
      EARLY_ANSWER_SHOWN_GLOBAL,
      EARLY_GENERATION_GLOBAL,
      EARLY_STORE_OFFER_GLOBAL,
      HELD_ATTRIBUTE,
      HELD_EVENTS_GLOBAL,
      PAGE_SCRIPTS_ATTRIBUTE,
      PART_LIVE,
      PART_SCRIPTS_ATTRIBUTE,
      PART_SLOT_ATTRIBUTE,
    }).toEqual({
      EARLY_ANSWER_SHOWN_GLOBAL: '__earlyAnswerShown',
      EARLY_GENERATION_GLOBAL: '__designerEarlyGeneration',
      EARLY_STORE_OFFER_GLOBAL: '__earlyStoreOffer',
      HELD_ATTRIBUTE: 'data-held',
      HELD_EVENTS_GLOBAL: '__heldPartEvents',
      PAGE_SCRIPTS_ATTRIBUTE: 'data-scripts',
      PART_LIVE: 'live',
      PART_SCRIPTS_ATTRIBUTE: 'data-part-scripts',
      PART_SLOT_ATTRIBUTE: 'data-remote-slot',
    });
  });
});

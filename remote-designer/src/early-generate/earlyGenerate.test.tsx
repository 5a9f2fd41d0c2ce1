import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import {
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  GENERATE_IMAGE_PATH,
  PART_ATTRIBUTES,
  SITE_CONFIG_ELEMENT_ID,
} from '@tshirt/shared';
import {
  EARLY_ANSWER_SHOWN_GLOBAL,
  EARLY_GENERATION_GLOBAL,
  HELD_EVENTS_GLOBAL,
  PART_LIVE,
  type HeldEvent,
} from '@tshirt/shared/pageStart';
import { installFakeFetch, type FakeFetch } from '@tshirt/tooling/test/fakeFetch';
import ArtForm from '../art-form/ArtForm';
import { listenForEarlyGenerate } from './earlyGenerate';

/** A part's element as the server stitches it into /product (server/src/pages/composition). */
const part = (moduleId: string, html: string) =>
  `<div ${PART_ATTRIBUTES.part}="${moduleId}"><div ${PART_ATTRIBUTES.root}>${html}</div></div>`;

/** /product's body before the designer's code runs: its parts as the server rendered them. */
function composedPage({ withSiteConfig = true } = {}): void {
  document.body.innerHTML = [
    withSiteConfig
      ? `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">{}</script>`
      : '',
    part(
      'designer/ShirtPreview',
      '<div data-shirt-style="Classic" data-shirt-color="Navy"><div data-print-area></div><svg></svg></div>',
    ),
    part('designer/ArtForm', renderToString(<ArtForm />)),
  ].join('');
}

const artFormPart = () => document.querySelector(`[${PART_ATTRIBUTES.part}="designer/ArtForm"]`)!;
const generateButton = () => screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle });
const type = (label: string, text: string) => {
  (screen.getByLabelText(label) as HTMLInputElement).value = text;
};

/** The un-hydrated form would submit the page away (jsdom cannot): in the store, the host holds it. */
const keepPage = (event: Event) => event.preventDefault();

let stopListening: () => void;
let endpoint: FakeFetch;
beforeEach(() => {
  endpoint = installFakeFetch();
  document.addEventListener('submit', keepPage);
  stopListening = listenForEarlyGenerate(window);
});
afterEach(() => {
  stopListening();
  document.removeEventListener('submit', keepPage);
  delete window[EARLY_GENERATION_GLOBAL];
  delete window[EARLY_ANSWER_SHOWN_GLOBAL];
  delete window[HELD_EVENTS_GLOBAL];
  document.body.innerHTML = '';
});

describe('the early Generate handler', () => {
  it('lays the art of its answer over the shirt while the preview is not live yet', async () => {
    composedPage();
    generateButton().click();
    endpoint.requests[0]!.answer(200, {
      image_url: '/creator/images/fox.svg',
      prompt: 'A fox',
      artwork: { shirt: 'Navy', svg: '<svg xmlns="http://www.w3.org/2000/svg" id="early"/>' },
    });
    const art = await screen.findByRole('img', { name: 'A fox' });
    expect(decodeURIComponent(art.getAttribute('src') ?? '')).toContain('id="early"');
    // The answer itself stays unread for the art form to adopt.
    const adopted = await window[EARLY_GENERATION_GLOBAL]!.response;
    expect(((await adopted.json()) as { image_url: string }).image_url).toBe(
      '/creator/images/fox.svg',
    );
  });

  it('tells the host once the art is on the screen, after the answer, so hydration waits for it', async () => {
    composedPage();
    generateButton().click();
    let shown = false;
    void window[EARLY_ANSWER_SHOWN_GLOBAL]?.then(() => (shown = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toBe(false);

    endpoint.requests[0]!.answer(200, {
      image_url: '/creator/images/fox.svg',
      prompt: 'A fox',
      artwork: { shirt: 'Navy', svg: '<svg xmlns="http://www.w3.org/2000/svg" id="early"/>' },
    });
    await window[EARLY_ANSWER_SHOWN_GLOBAL];
    expect(screen.getByRole('img', { name: 'A fox' })).toBeInTheDocument();
  });

  it('tells the host at once when the answer has nothing to lay on the shirt, or fails', async () => {
    composedPage();
    generateButton().click();
    endpoint.requests[0]!.answer(429, { error: 'Today’s limit is reached.' });
    await expect(window[EARLY_ANSWER_SHOWN_GLOBAL]).resolves.toBeUndefined();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    delete window[EARLY_GENERATION_GLOBAL];
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    generateButton().click();
    await expect(window[EARLY_ANSWER_SHOWN_GLOBAL]).resolves.toBeUndefined();
  });

  it('sends the form’s fields and the shirt at a tap on Generate before the art form is live', () => {
    composedPage();
    type(FIELD_LABELS.interests, 'lighthouses & gulls');
    generateButton().click();

    expect(endpoint).toHaveBeenCalledTimes(1);
    const [url, init] = endpoint.mock.calls[0]!;
    expect(String(url).startsWith(`${GENERATE_IMAGE_PATH}?`)).toBe(true);
    expect(Object.fromEntries(endpoint.requests[0]!.params)).toEqual({
      interests: 'lighthouses & gulls',
      colors: '',
      objects: '',
      style: '',
      target: '',
      occasion: '',
      shirt: 'Navy',
    });
    expect(init).toMatchObject({
      headers: { accept: 'text/event-stream, application/json' },
      credentials: 'same-origin',
    });
    const early = window[EARLY_GENERATION_GLOBAL];
    expect(early?.query).toBe(String(url).split('?')[1]);
    expect(early?.startedAt).toBeLessThanOrEqual(Date.now());
  });

  it('starts under the host’s holder, and neither cancels nor stops the tap itself', () => {
    composedPage();
    const hold = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    // Registered first, as the host's page-start script is.
    stopListening();
    document.addEventListener('click', hold, true);
    stopListening = listenForEarlyGenerate(window);
    generateButton().click();
    document.removeEventListener('click', hold, true);
    expect(endpoint).toHaveBeenCalledTimes(1);

    delete window[EARLY_GENERATION_GLOBAL];
    const seen: Event[] = [];
    const see = (event: Event) => seen.push(event);
    document.addEventListener('click', see);
    generateButton().click();
    document.removeEventListener('click', see);
    expect(endpoint).toHaveBeenCalledTimes(2);
    expect(seen.map((event) => event.defaultPrevented)).toEqual([false]);
  });

  it('sends a field a new release adds to the form, with no change to this script', () => {
    composedPage();
    const mood = Object.assign(document.createElement('input'), { name: 'mood', value: 'calm' });
    artFormPart().querySelector('form')!.append(mood);
    generateButton().click();
    expect(endpoint.requests[0]!.params.get('mood')).toBe('calm');
  });

  it('does nothing once the art form is live: the form sends it itself', () => {
    composedPage();
    artFormPart().setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    generateButton().click();
    expect(endpoint).not.toHaveBeenCalled();
    expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();
  });

  it('sends the generation for a tap the host held before this script arrived, and leaves it held', () => {
    stopListening();
    composedPage();
    type(FIELD_LABELS.interests, 'kites');
    const tap: HeldEvent = { type: 'click', target: generateButton(), submitter: null };
    window[HELD_EVENTS_GLOBAL] = [tap];
    stopListening = listenForEarlyGenerate(window);

    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(endpoint.requests[0]!.params.get('interests')).toBe('kites');
    // The host still replays it into the live part, which adopts this generation.
    expect(window[HELD_EVENTS_GLOBAL]).toEqual([tap]);
  });

  it('leaves alone taps held on anything but Generate, and a form already live', () => {
    stopListening();
    composedPage();
    const customizations = screen.getByRole('button', { name: FIELD_LABELS.customizations });
    window[HELD_EVENTS_GLOBAL] = [{ type: 'click', target: customizations, submitter: null }];
    stopListening = listenForEarlyGenerate(window);
    stopListening();
    artFormPart().setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    window[HELD_EVENTS_GLOBAL] = [{ type: 'click', target: generateButton(), submitter: null }];
    stopListening = listenForEarlyGenerate(window);
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('never throws into the page over a held queue it cannot read, and still listens', () => {
    stopListening();
    composedPage();
    window[HELD_EVENTS_GLOBAL] = [null, { type: 'click' }] as unknown as HeldEvent[];
    expect(() => (stopListening = listenForEarlyGenerate(window))).not.toThrow();
    generateButton().click();
    expect(endpoint).toHaveBeenCalledTimes(1);
  });

  it('sends one generation however often Generate is pressed before the form is live', () => {
    composedPage();
    generateButton().click();
    generateButton().click();
    generateButton().click();
    expect(endpoint).toHaveBeenCalledTimes(1);
  });

  it('ignores taps on anything but Generate', () => {
    composedPage();
    screen.getByRole('button', { name: FIELD_LABELS.customizations }).click();
    screen.getByLabelText(FIELD_LABELS.interests).click();
    document.body.click();
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('does nothing on a page the store did not serve (a designer page running alone)', () => {
    composedPage({ withSiteConfig: false });
    generateButton().click();
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('sends no shirt when the page has no shirt preview', () => {
    composedPage();
    document.querySelector(`[${PART_ATTRIBUTES.part}="designer/ShirtPreview"]`)!.remove();
    generateButton().click();
    expect(endpoint.requests[0]!.params.has('shirt')).toBe(false);
  });

  it('never throws into the page, and keeps a failed request for the form to report', async () => {
    composedPage();
    const pageErrors: unknown[] = [];
    const onError = (event: ErrorEvent) => pageErrors.push(event.error);
    window.addEventListener('error', onError);
    globalThis.fetch = () => {
      throw new TypeError('no fetch here');
    };
    generateButton().click();
    expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();

    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    generateButton().click();
    await expect(window[EARLY_GENERATION_GLOBAL]?.response).rejects.toThrow('Failed to fetch');
    window.removeEventListener('error', onError);
    expect(pageErrors).toEqual([]);
  });
});

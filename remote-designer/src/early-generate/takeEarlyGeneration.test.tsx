import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import {
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PART_ATTRIBUTES,
  SITE_CONFIG_ELEMENT_ID,
  orderStore,
} from '@tshirt/shared';
import { EARLY_GENERATION_GLOBAL, PART_LIVE, type EarlyGeneration } from '@tshirt/shared/pageStart';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { generated } from '../../test-support/generateAnswers';
import { stubWindowScrolling } from '../../test-support/windowScrolling';
import ArtForm from '../art-form/ArtForm';
import { EARLY_ART_ATTRIBUTE } from './earlyArt';
import { listenForEarlyGenerate } from './earlyGenerate';
import { EARLY_GENERATION_MAX_AGE_MS, takeEarlyGeneration } from './takeEarlyGeneration';

const FIELDS = {
  target: '',
  interests: 'lighthouses',
  occasion: '',
  colors: '',
  style: '',
  objects: '',
};
const NOW = 1_000_000;

/** An early generation as the early script leaves it on the page. */
function leaveEarlyGeneration(query: string, startedAt = NOW): EarlyGeneration {
  const early: EarlyGeneration = {
    query,
    response: Promise.resolve(
      jsonResponse(200, { image_url: '/creator/images/e.svg', prompt: 'e' }),
    ),
    abort: jest.fn(),
    startedAt,
  };
  window[EARLY_GENERATION_GLOBAL] = early;
  return early;
}

afterEach(() => {
  delete window[EARLY_GENERATION_GLOBAL];
});

describe('takeEarlyGeneration', () => {
  const formQuery = new URLSearchParams({ ...FIELDS, shirt: 'Black' }).toString();

  it('answers with the pending early response, once', async () => {
    document.body.innerHTML = `<img ${EARLY_ART_ATTRIBUTE} alt="e">`;
    const early = leaveEarlyGeneration(formQuery);
    const adopted = takeEarlyGeneration(FIELDS, new AbortController().signal, window, NOW + 1_500);
    expect(adopted).toBeDefined();
    expect(await adopted!('/ignored')).toBe(await early.response);
    expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();
    expect(takeEarlyGeneration(FIELDS, new AbortController().signal, window, NOW)).toBeUndefined();
    expect(early.abort).not.toHaveBeenCalled();
    // Its art stays on the shirt until the preview shows the same art itself.
    expect(document.querySelector(`[${EARLY_ART_ATTRIBUTE}]`)).not.toBeNull();
    document.body.innerHTML = '';
  });

  it('adopts one that sent more fields than the form’s code knows of', () => {
    leaveEarlyGeneration(`${formQuery}&mood=calm`);
    expect(takeEarlyGeneration(FIELDS, new AbortController().signal, window, NOW)).toBeDefined();
  });

  it('aborts the early request when the form’s request is aborted', () => {
    const early = leaveEarlyGeneration(formQuery);
    const controller = new AbortController();
    takeEarlyGeneration(FIELDS, controller.signal, window, NOW);
    expect(early.abort).not.toHaveBeenCalled();
    controller.abort();
    expect(early.abort).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['is older than the limit', formQuery, NOW - EARLY_GENERATION_MAX_AGE_MS - 1],
    ['asked for other words', formQuery.replace('lighthouses', 'lighthouse'), NOW],
    ['left a field out the form now sends', formQuery.replace('interests=lighthouses&', ''), NOW],
  ])(
    'leaves the form to ask itself, aborts the early request and takes its art off the shirt, when it %s',
    (_, query, startedAt) => {
      document.body.innerHTML = `<img ${EARLY_ART_ATTRIBUTE} alt="e">`;
      const early = leaveEarlyGeneration(query, startedAt);
      expect(
        takeEarlyGeneration(FIELDS, new AbortController().signal, window, NOW),
      ).toBeUndefined();
      expect(early.abort).toHaveBeenCalledTimes(1);
      expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();
      expect(document.querySelector(`[${EARLY_ART_ATTRIBUTE}]`)).toBeNull();
    },
  );

  it('answers nothing when no early generation is pending', () => {
    expect(takeEarlyGeneration(FIELDS, new AbortController().signal, window, NOW)).toBeUndefined();
  });
});

describe('a Generate pressed before the art form is live', () => {
  const identifierPrefix = 'designer-ArtForm-';
  let root: Root | undefined;
  let stopListening = () => undefined as void;

  beforeEach(() => stubWindowScrolling());
  afterEach(() => {
    stopListening();
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  it('is answered by the request the early script sent: one request in all', async () => {
    const endpoint = installFakeFetch(generated('/creator/images/early.svg', 'an early drawing'));
    document.body.innerHTML = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">{}</script><div ${PART_ATTRIBUTES.part}="designer/ArtForm"><div ${PART_ATTRIBUTES.root}>${renderToString(<ArtForm />, { identifierPrefix })}</div></div>`;
    const part = document.querySelector(`[${PART_ATTRIBUTES.part}]`)!;
    // The host's page-start script holds the tap until the part is live.
    const hold = (event: Event) => {
      if (part.getAttribute(PART_ATTRIBUTES.state) === PART_LIVE) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', hold, true);
    stopListening = listenForEarlyGenerate(window);

    (screen.getByLabelText(FIELD_LABELS.interests) as HTMLInputElement).value = 'lighthouses';
    screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(endpoint.requests[0]!.params.get('interests')).toBe('lighthouses');

    // The code arrives: the part hydrates, goes live, and the host hands it the text and the tap.
    await act(async () => {
      root = hydrateRoot(part.firstElementChild!, <ArtForm />, { identifierPrefix });
    });
    part.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    act(() => orderStore.update({ interests: 'lighthouses' }));
    act(() => screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click());
    document.removeEventListener('click', hold, true);

    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(orderStore.getState()).toMatchObject({
      lastGeneratedUrl: '/creator/images/early.svg',
      prompt: 'an early drawing',
    });
    expect(window[EARLY_GENERATION_GLOBAL]).toBeUndefined();
  });
});

import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { EARLY_ART_ATTRIBUTE, paintEarlyArt, removeEarlyArt } from './earlyArt';

const stateOf = (state?: string) => (state ? ` ${PART_ATTRIBUTES.state}="${state}"` : '');

/**
 * The preview and art form parts as the server composes them (each part's element, its React root
 * inside), each live or not yet; returns the preview's element.
 */
function composedPreview(previewState?: string, artFormState?: string): HTMLElement {
  document.body.innerHTML =
    `<div ${PART_ATTRIBUTES.part}="designer/ShirtPreview"${stateOf(previewState)}>` +
    `<div ${PART_ATTRIBUTES.root}><div data-print-area></div></div></div>` +
    `<div ${PART_ATTRIBUTES.part}="designer/ArtForm"${stateOf(artFormState)}>` +
    `<div ${PART_ATTRIBUTES.root}><form></form></div></div>`;
  return document.querySelector(`[${PART_ATTRIBUTES.part}="designer/ShirtPreview"]`) as HTMLElement;
}

describe('the art painted before the designer can show it', () => {
  it('lies over the print area beside the part’s React root, named, until the preview removes it', () => {
    const part = composedPreview();
    paintEarlyArt('<svg xmlns="http://www.w3.org/2000/svg"/>', 'A fox');
    const art = part.querySelector(`:scope > img[${EARLY_ART_ATTRIBUTE}]`) as HTMLImageElement;
    expect(art.alt).toBe('A fox');
    expect(decodeURIComponent(art.src)).toBe(
      'data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    // The React root inside is untouched.
    expect(part.querySelector(`[${PART_ATTRIBUTES.root}]`)?.innerHTML).toBe(
      '<div data-print-area=""></div>',
    );
    paintEarlyArt('<svg xmlns="http://www.w3.org/2000/svg" id="second"/>', 'A fox');
    expect(part.querySelectorAll('img')).toHaveLength(1);
    removeEarlyArt();
    expect(part.querySelector('img')).toBeNull();
  });

  it('lies over a live preview while the art form, which hands the preview its art, is not live yet', () => {
    const part = composedPreview(PART_LIVE);
    paintEarlyArt('<svg xmlns="http://www.w3.org/2000/svg"/>', 'A fox');
    expect(part.querySelector(`:scope > img[${EARLY_ART_ATTRIBUTE}]`)).not.toBeNull();
    removeEarlyArt();
  });

  it('leaves the shirt alone once the preview and the art form are both live, and a page without a preview', () => {
    const part = composedPreview(PART_LIVE, PART_LIVE);
    paintEarlyArt('<svg/>', 'A fox');
    expect(part.querySelector('img')).toBeNull();
    document.body.innerHTML = '';
    expect(() => paintEarlyArt('<svg/>', 'A fox')).not.toThrow();
  });
});

import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { EARLY_ART_ATTRIBUTE, paintEarlyArt, removeEarlyArt } from './earlyArt';

/** The preview part as the server composes it: the part's element, its React root inside. */
function composedPreview(state?: string): HTMLElement {
  document.body.innerHTML = `<div ${PART_ATTRIBUTES.part}="designer/ShirtPreview"${
    state ? ` ${PART_ATTRIBUTES.state}="${state}"` : ''
  }><div ${PART_ATTRIBUTES.root}><div data-print-area></div></div></div>`;
  return document.querySelector(`[${PART_ATTRIBUTES.part}]`) as HTMLElement;
}

describe('the art painted before the preview is live', () => {
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

  it('leaves a live preview alone, and a page without one', () => {
    const part = composedPreview(PART_LIVE);
    paintEarlyArt('<svg/>', 'A fox');
    expect(part.querySelector('img')).toBeNull();
    document.body.innerHTML = '';
    expect(() => paintEarlyArt('<svg/>', 'A fox')).not.toThrow();
  });
});

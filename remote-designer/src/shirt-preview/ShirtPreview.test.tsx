import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  GENERATE_BUTTON_LABELS,
  GENERATE_IMAGE_PATH,
  PREMADE_DESIGNS,
  SHIRT_COLOR_HEX,
  SHIRT_COLORS,
  SHIRT_STYLES,
  orderStore,
} from '@tshirt/shared';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { PARTIAL_PICTURES, streamedGeneration } from '../../test-support/streamedAnswers';
import { stubWindowScrolling } from '../../test-support/windowScrolling';
import ArtForm from '../art-form/ArtForm';
import { keepDrawing } from '../artwork-cache/artworkCache';
import { EARLY_ART_ATTRIBUTE } from '../early-generate/earlyArt';
import ShirtPreview, { DRAWING_ALT, DRAWING_CAPTION } from './ShirtPreview';
import { PRINT_ASPECT_RATIO, PREVIEW_VIEWBOX, silhouetteFor } from './shirtSilhouettes';

const shirt = () => screen.getByRole('img', { name: /t-shirt preview$/ });
const bodyFill = () => shirt().querySelector('[data-part="body"]')?.getAttribute('fill');
const firstDesign = PREMADE_DESIGNS[0]!;

/**
 * The first pre-made design on the shirt, for tests of the picture alone: its advice is asked of a
 * store that never answers (the question is dropped when the preview goes), so no answer lands
 * after the test.
 */
function showFirstDesign(): void {
  installFakeFetch();
  act(() => orderStore.selectDesign(firstDesign.imagePath));
}

/** The server's advice for an artwork (`<artwork>.json`), answered by a stand-in fetch. */
const answerAdvice = (body: unknown) => installFakeFetch(jsonResponse(200, body));

describe('ShirtPreview', () => {
  it('shows a bare black men’s shirt at first', () => {
    render(<ShirtPreview />);
    expect(shirt()).toHaveAccessibleName("Black Men's t-shirt preview");
    expect(bodyFill()).toBe(SHIRT_COLOR_HEX.Black);
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('follows colour changes made through the store at once', () => {
    render(<ShirtPreview />);
    for (const color of SHIRT_COLORS) {
      act(() => orderStore.update({ shirtColor: color }));
      expect(shirt()).toHaveAccessibleName(`${color} Men's t-shirt preview`);
      expect(bodyFill()).toBe(SHIRT_COLOR_HEX[color]);
    }
  });

  it('takes the early handler’s art off the shirt once the shirt changes, as it was drawn for the shirt of the tap', () => {
    const earlyArt = () => document.querySelector(`[${EARLY_ART_ATTRIBUTE}]`);
    render(<ShirtPreview />);
    document.body.insertAdjacentHTML('beforeend', `<img ${EARLY_ART_ATTRIBUTE} alt="A fox">`);
    // Rendered again for the same shirt (the preview is live before the art form is): it stays.
    act(() => orderStore.update({ shirtColor: 'Black' }));
    expect(earlyArt()).not.toBeNull();
    act(() => orderStore.update({ shirtColor: 'White' }));
    expect(earlyArt()).toBeNull();
    document.body.insertAdjacentHTML('beforeend', `<img ${EARLY_ART_ATTRIBUTE} alt="A fox">`);
    act(() => orderStore.update({ shirtStyle: SHIRT_STYLES[1] }));
    expect(earlyArt()).toBeNull();
  });

  it('draws a different silhouette for each style', () => {
    render(<ShirtPreview />);
    const outlines = new Set<string>();
    for (const style of SHIRT_STYLES) {
      act(() => orderStore.update({ shirtStyle: style }));
      expect(shirt()).toHaveAccessibleName(`Black ${style} t-shirt preview`);
      outlines.add(shirt().querySelector('[data-part="body"]')?.getAttribute('d') ?? '');
    }
    expect(outlines.size).toBe(SHIRT_STYLES.length);
  });

  it('paints the artwork that came with the answer without asking for it, and a new shirt colour from drawings fetched while idle', async () => {
    stubWindowScrolling();
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    render(
      <>
        <ShirtPreview />
        <ArtForm />
      </>,
    );
    await user.click(screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }));
    expect(endpoint.requests[0]?.params.get('shirt')).toBe('Black');
    endpoint.requests[0]!.answer(200, {
      image_url: '/creator/images/answered-fox.svg',
      prompt: 'A fox',
      artwork: {
        shirt: 'Black',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" id="on-Black"/>',
        advice: { faintColors: { Navy: ['navy'] }, suggestedShirts: ['White'] },
      },
    });
    const artwork = await screen.findByRole('img', { name: 'A fox' });
    expect(decodeURIComponent(artwork.getAttribute('src') ?? '')).toMatch(/^data:image\/svg\+xml;.*id="on-Black"/);
    fireEvent.load(artwork);
    expect(artwork).toHaveAttribute('data-drawn-for', 'Black');
    // Neither the drawing nor its advice was asked for: one round trip, the generation.
    expect(endpoint.requests).toHaveLength(1);

    // Idle: the drawings for the other shirts, one after another.
    const others = SHIRT_COLORS.filter((color) => color !== 'Black');
    for (const [index, color] of others.entries()) {
      await waitFor(() => expect(endpoint.requests).toHaveLength(2 + index), { timeout: 3000 });
      const request = endpoint.requests[1 + index]!;
      expect(request.url).toBe(`/creator/images/answered-fox.svg?shirt=${encodeURIComponent(color)}`);
      request.respond(new Response(`<svg xmlns="http://www.w3.org/2000/svg" id="on-${color}"/>`));
    }
    await waitFor(() => expect(endpoint.requests).toHaveLength(1 + others.length));

    act(() => orderStore.update({ shirtColor: 'Navy' }));
    const repainted = screen.getByRole('img', { name: 'A fox' });
    expect(decodeURIComponent(repainted.getAttribute('src') ?? '')).toContain('id="on-Navy"');
    expect(endpoint.requests).toHaveLength(1 + others.length);
    expect(
      screen.getAllByRole('status').some((status) => /Navy would barely show on a Navy shirt/.test(status.textContent ?? '')),
    ).toBe(true);
  });

  it('says which shirt the shown drawing is fitted to, even when two shirts have the very same drawing', () => {
    const same = '<svg xmlns="http://www.w3.org/2000/svg" id="same-on-both"/>';
    keepDrawing('/creator/images/twin.svg?shirt=Black', same);
    keepDrawing('/creator/images/twin.svg?shirt=Navy', same);
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/twin.svg', 'Twins'));
    const artwork = screen.getByRole('img', { name: 'Twins' });
    fireEvent.load(artwork);
    expect(artwork).toHaveAttribute('data-drawn-for', 'Black');
    act(() => orderStore.update({ shirtColor: 'Navy' }));
    // The same src: no new load, and the drawing shown is Navy's all the same.
    expect(artwork).toHaveAttribute('data-drawn-for', 'Navy');
  });

  it('says which shirt a kept drawing is fitted to as soon as it is on the shirt, and a fetched one once loaded', () => {
    keepDrawing('/creator/images/kept.svg?shirt=Black', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/kept.svg', 'Kept'));
    const artwork = screen.getByRole('img', { name: 'Kept' });
    // A `data:` URL: nothing to wait for.
    expect(artwork).toHaveAttribute('data-drawn-for', 'Black');
    act(() => orderStore.update({ shirtColor: 'White' }));
    // White's drawing is not kept: it comes from the server, and counts once it has loaded.
    expect(artwork).toHaveAttribute('src', '/creator/images/kept.svg?shirt=White');
    expect(artwork).not.toHaveAttribute('data-drawn-for');
    fireEvent.load(artwork);
    expect(artwork).toHaveAttribute('data-drawn-for', 'White');
  });

  it('puts a generated image in the print area with its prompt as alt text', () => {
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/wave.svg', 'A teal wave over a coral sun'));
    const artwork = screen.getByRole('img', { name: 'A teal wave over a coral sun' });
    expect(artwork).toHaveAttribute('src', '/creator/images/wave.svg?shirt=Black');
  });

  it('shows the artwork as drawn for the chosen shirt colour', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    act(() => orderStore.update({ shirtColor: 'Light Grey' }));
    expect(screen.getByRole('img', { name: firstDesign.title })).toHaveAttribute('src', `${firstDesign.imagePath}?shirt=Light%20Grey`);
    expect(orderStore.getState().currentArtworkUrl).toBe(firstDesign.imagePath);
  });

  it('says when the typed colours would barely show on the shirt and offers shirts that show them', async () => {
    const fetchAdvice = answerAdvice({ faintColors: { Black: ['navy', 'black'] }, suggestedShirts: ['White', 'Light Grey', 'Pink'] });
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/jazz.svg', 'Jazz'));
    const advice = await screen.findByRole('status');
    expect(fetchAdvice).toHaveBeenCalledWith('/creator/images/jazz.json', expect.anything());
    expect(advice).toHaveTextContent('Navy and black would barely show on a Black shirt');
    expect(advice).toHaveTextContent('pick a White, Light Grey or Pink shirt');
    await userEvent.click(screen.getByRole('button', { name: 'Use a White shirt' }));
    expect(orderStore.getState().shirtColor).toBe('White');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('gives the advice about an image model’s picture, which prints as drawn', async () => {
    const fetchAdvice = answerAdvice({
      faintColors: { Black: ['navy'] },
      suggestedShirts: ['White', 'Light Grey', 'Pink'],
      ink: 'as-drawn',
      filledBackground: true,
    });
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/fox.png', 'A fox'));
    expect(screen.getByRole('img', { name: 'A fox' })).toHaveAttribute('src', '/creator/images/fox.png');
    const advice = await screen.findByRole('status');
    expect(fetchAdvice).toHaveBeenCalledWith('/creator/images/fox.json', expect.anything());
    expect(advice).toHaveTextContent('Navy parts of this picture would barely show on a Black shirt');
    expect(advice).toHaveTextContent('it prints as a rectangle on the shirt');
  });

  it('says nothing when the colours show on the shirt or the advice cannot be had', async () => {
    const fetchAdvice = answerAdvice({ faintColors: { White: ['cream'] }, suggestedShirts: ['Black'] });
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/cream.svg', 'Cream'));
    // The answer read and kept (a task later), so the page shows what it would with it.
    const answered = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await waitFor(() => expect(fetchAdvice).toHaveBeenCalled());
    await answered();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    installFakeFetch(new Response('nope', { status: 500 }));
    act(() => orderStore.recordGeneratedImage('/creator/images/other.svg', 'Other'));
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await answered();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names a pre-made design by its title', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    expect(screen.getByRole('img', { name: firstDesign.title })).toHaveAttribute('src', `${firstDesign.imagePath}?shirt=Black`);
  });

  it('goes back to the bare shirt when the artwork is taken off', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    expect(screen.queryByRole('img', { name: firstDesign.title })).not.toBeInTheDocument();
  });

  it('keeps the artwork box at the 3:4 print proportions for every style', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    for (const style of SHIRT_STYLES) {
      act(() => orderStore.update({ shirtStyle: style }));
      const { width, height } = screen.getByRole('img', { name: firstDesign.title }).style;
      const widthUnits = (parseFloat(width) / 100) * PREVIEW_VIEWBOX.width;
      const heightUnits = (parseFloat(height) / 100) * PREVIEW_VIEWBOX.height;
      expect(widthUnits / heightUnits).toBeCloseTo(PRINT_ASPECT_RATIO, 5);
      expect(silhouetteFor(style).printArea.width / silhouetteFor(style).printArea.height).toBeCloseTo(0.75, 5);
    }
  });

  it('shows the print area as large as a real front print is on that shirt: 55–62% of its chest, above its hem', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    for (const style of SHIRT_STYLES) {
      act(() => orderStore.update({ shirtStyle: style }));
      const { chestWidth, floorY } = silhouetteFor(style);
      const { width, top, height } = screen.getByRole('img', { name: firstDesign.title }).style;
      const widthUnits = (parseFloat(width) / 100) * PREVIEW_VIEWBOX.width;
      const bottomUnits = ((parseFloat(top) + parseFloat(height)) / 100) * PREVIEW_VIEWBOX.height;
      const share = widthUnits / chestWidth;
      expect([style, share >= 0.55 && share <= 0.62]).toEqual([style, true]);
      expect(bottomUnits).toBeLessThan(floorY - 60);
    }
  });

  it('hides an artwork image that fails to load instead of showing a broken icon', () => {
    render(<ShirtPreview />);
    showFirstDesign();
    const artwork = screen.getByRole('img', { name: firstDesign.title });
    fireEvent.error(artwork);
    expect(artwork).toHaveAttribute('data-load-failed');
  });

  it('passes the host’s class name through', () => {
    const { container } = render(<ShirtPreview className="from-host" />);
    expect(container.firstChild).toHaveClass('from-host');
  });
});

describe('ShirtPreview while an image model draws', () => {
  const generateButton = (name: string) => screen.getByRole('button', { name });
  const drawing = () => screen.queryByRole('img', { name: DRAWING_ALT });

  beforeEach(() => {
    stubWindowScrolling();
  });

  /** The designer as the host lays it out: the preview and the art form share the page. */
  async function startDrawing() {
    const endpoint = installFakeFetch();
    const user = userEvent.setup();
    render(
      <>
        <ShirtPreview />
        <ArtForm />
      </>,
    );
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    const stream = streamedGeneration();
    // (The preview may also have asked for the current artwork's colour advice.)
    endpoint.requests.find(({ url }) => url.startsWith(GENERATE_IMAGE_PATH))!.respond(stream.response);
    return { endpoint, stream };
  }

  it('shows each partial picture in the print area while the button says Loading…, then the final image', async () => {
    const { stream } = await startDrawing();
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    expect(await screen.findByRole('img', { name: DRAWING_ALT })).toHaveAttribute('src', PARTIAL_PICTURES[0]);
    expect(screen.getByText(DRAWING_CAPTION)).toHaveAttribute('role', 'status');
    expect(generateButton(GENERATE_BUTTON_LABELS.loading)).toHaveAttribute('aria-disabled', 'true');
    expect(orderStore.getState().currentArtworkUrl).toBe('');

    act(() => stream.partial(PARTIAL_PICTURES[1], 1));
    await waitFor(() => expect(drawing()).toHaveAttribute('src', PARTIAL_PICTURES[1]));
    expect(screen.getAllByRole('img', { name: DRAWING_ALT })).toHaveLength(1);

    act(() => stream.done('/creator/images/fox.png', 'A fox in the snow'));
    const artwork = await screen.findByRole('img', { name: 'A fox in the snow' });
    expect(artwork).toHaveAttribute('src', '/creator/images/fox.png');
    expect(drawing()).not.toBeInTheDocument();
    expect(screen.queryByText(DRAWING_CAPTION)).not.toBeInTheDocument();
    expect(generateButton(GENERATE_BUTTON_LABELS.generated)).not.toHaveAttribute('aria-disabled');
    expect(orderStore.getState()).toMatchObject({
      currentArtworkUrl: '/creator/images/fox.png',
      lastGeneratedUrl: '/creator/images/fox.png',
      prompt: 'A fox in the snow',
    });
  });

  it('keeps the last partial picture under the final image until that image has loaded', async () => {
    const { stream } = await startDrawing();
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await screen.findByRole('img', { name: DRAWING_ALT });
    act(() => stream.done('/creator/images/owl.png', 'An owl'));
    const artwork = await screen.findByRole('img', { name: 'An owl' });
    // Decorative now (no name), so the shirt never goes bare while the final image loads.
    const kept = screen.getByRole('presentation');
    expect(kept).toHaveAttribute('src', PARTIAL_PICTURES[0]);
    expect(artwork).toHaveAttribute('data-arrival', 'loading');
    fireEvent.load(artwork);
    expect(artwork).toHaveAttribute('data-arrival', 'shown');

    // The next generation starts from the final image alone.
    await userEvent.click(generateButton(GENERATE_BUTTON_LABELS.generated));
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(artwork).not.toHaveAttribute('data-arrival');
  });

  it('takes the partial picture off and says what went wrong when the drawing fails', async () => {
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    const { stream } = await startDrawing();
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await screen.findByRole('img', { name: DRAWING_ALT });

    act(() => stream.fail(504, 'generation_timeout', 'Drawing took too long. Please try again.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Drawing took too long. Please try again.');
    expect(drawing()).not.toBeInTheDocument();
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: firstDesign.title })).toBeInTheDocument();
    expect(generateButton(GENERATE_BUTTON_LABELS.idle)).not.toHaveAttribute('aria-disabled');
    expect(orderStore.getState().currentArtworkUrl).toBe(firstDesign.imagePath);
  });

  it('takes the partial picture off when the connection drops mid-drawing', async () => {
    const { stream } = await startDrawing();
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await screen.findByRole('img', { name: DRAWING_ALT });
    act(() => stream.cut());
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the store/i);
    expect(drawing()).not.toBeInTheDocument();
  });

  it('stops the drawing and takes its picture off when the art form goes away', async () => {
    const endpoint = installFakeFetch();
    const user = userEvent.setup();
    render(<ShirtPreview />);
    const form = render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    const stream = streamedGeneration();
    endpoint.requests[0]!.respond(stream.response);
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await screen.findByRole('img', { name: DRAWING_ALT });

    form.unmount();
    expect(drawing()).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await stream.cancelled;
    expect(endpoint.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });
});

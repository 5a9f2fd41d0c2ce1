import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREMADE_DESIGNS, SHIRT_COLOR_HEX, SHIRT_COLORS, SHIRT_STYLES, orderStore } from '@tshirt/shared';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import ShirtPreview from './ShirtPreview';
import { PRINT_ASPECT_RATIO, PREVIEW_VIEWBOX, silhouetteFor } from './shirtSilhouettes';

const shirt = () => screen.getByRole('img', { name: /t-shirt preview$/ });
const bodyFill = () => shirt().querySelector('[data-part="body"]')?.getAttribute('fill');
const firstDesign = PREMADE_DESIGNS[0]!;

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

  it('puts a generated image in the print area with its prompt as alt text', () => {
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/wave.svg', 'A teal wave over a coral sun'));
    const artwork = screen.getByRole('img', { name: 'A teal wave over a coral sun' });
    expect(artwork).toHaveAttribute('src', '/creator/images/wave.svg?shirt=Black');
  });

  it('shows the artwork as drawn for the chosen shirt colour', () => {
    render(<ShirtPreview />);
    act(() => orderStore.selectDesign(firstDesign.imagePath));
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

  it('says nothing when the colours show on the shirt or the advice cannot be had', async () => {
    const fetchAdvice = answerAdvice({ faintColors: { White: ['cream'] }, suggestedShirts: ['Black'] });
    render(<ShirtPreview />);
    act(() => orderStore.recordGeneratedImage('/creator/images/cream.svg', 'Cream'));
    await waitFor(() => expect(fetchAdvice).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    installFakeFetch(new Response('nope', { status: 500 }));
    act(() => orderStore.recordGeneratedImage('/creator/images/other.svg', 'Other'));
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names a pre-made design by its title', () => {
    render(<ShirtPreview />);
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    expect(screen.getByRole('img', { name: firstDesign.title })).toHaveAttribute('src', `${firstDesign.imagePath}?shirt=Black`);
  });

  it('goes back to the bare shirt when the artwork is taken off', () => {
    render(<ShirtPreview />);
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    expect(screen.queryByRole('img', { name: firstDesign.title })).not.toBeInTheDocument();
  });

  it('keeps the artwork box at the 3:4 print proportions for every style', () => {
    render(<ShirtPreview />);
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    for (const style of SHIRT_STYLES) {
      act(() => orderStore.update({ shirtStyle: style }));
      const { width, height } = screen.getByRole('img', { name: firstDesign.title }).style;
      const widthUnits = (parseFloat(width) / 100) * PREVIEW_VIEWBOX.width;
      const heightUnits = (parseFloat(height) / 100) * PREVIEW_VIEWBOX.height;
      expect(widthUnits / heightUnits).toBeCloseTo(PRINT_ASPECT_RATIO, 5);
      expect(silhouetteFor(style).printArea.width / silhouetteFor(style).printArea.height).toBeCloseTo(0.75, 5);
    }
  });

  it('hides an artwork image that fails to load instead of showing a broken icon', () => {
    render(<ShirtPreview />);
    act(() => orderStore.selectDesign(firstDesign.imagePath));
    const artwork = screen.getByRole('img', { name: firstDesign.title });
    fireEvent.error(artwork);
    expect(artwork).toHaveAttribute('data-load-failed');
  });

  it('passes the host’s class name through', () => {
    const { container } = render(<ShirtPreview className="from-host" />);
    expect(container.firstChild).toHaveClass('from-host');
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { PREMADE_DESIGNS, artworkAdviceUrl, orderStore } from '@tshirt/shared';
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { stubWindowScrolling } from '../../test-support/windowScrolling';
import { forgetKeptArtwork, keepAdvice } from '../artwork-cache/artworkCache';
import {
  startGenerationProgress,
  type GenerationReporter,
} from '../generation-progress/generationProgress';
import ShirtPreview from '../shirt-preview/ShirtPreview';
import DesignGallery from './DesignGallery';
import { THUMBNAIL_SIZE } from './DesignThumbnail';
import { generatedDesignTitle } from './galleryItems';

const GENERATED_DESIGN_TITLE = generatedDesignTitle(1);
import { IMAGES_WAIT_CAP_MS } from './useImagesWanted';

const [sunset, mountain, retro] = PREMADE_DESIGNS as [
  (typeof PREMADE_DESIGNS)[number],
  (typeof PREMADE_DESIGNS)[number],
  (typeof PREMADE_DESIGNS)[number],
];
const designs = () => within(screen.getByRole('group', { name: 'Designs' })).getAllByRole('button');
const design = (name: string) => screen.getByRole('button', { name });

let scrollTo: jest.Mock;
beforeEach(() => {
  scrollTo = stubWindowScrolling();
  // Drawings an earlier test's preview fetched while idle are shown without a request.
  forgetKeptArtwork();
});

describe('DesignGallery', () => {
  it('lists the 8 pre-made designs by title, none selected', () => {
    render(<DesignGallery />);
    expect(designs().map((button) => button.textContent)).toEqual(
      PREMADE_DESIGNS.map((d) => d.title),
    );
    for (const button of designs()) expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('loads thumbnails lazily at a fixed size', () => {
    render(<DesignGallery />);
    const thumbnail = design(sunset.title).querySelector('img');
    expect(thumbnail).toHaveAttribute('src', sunset.imagePath);
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('width', String(THUMBNAIL_SIZE.width));
    expect(thumbnail).toHaveAttribute('height', String(THUMBNAIL_SIZE.height));
  });

  it('shows the last generated image first once there is one', () => {
    render(<DesignGallery />);
    act(() => orderStore.recordGeneratedImage('/creator/images/mine.svg', 'my prompt'));
    expect(designs()).toHaveLength(PREMADE_DESIGNS.length + 1);
    expect(designs()[0]).toHaveAccessibleName(GENERATED_DESIGN_TITLE);
    expect(designs()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(designs()[0]?.querySelector('img')).toHaveAttribute('src', '/creator/images/mine.svg');
  });

  it('draws every thumbnail for the shirt colour picked, as the big preview is: on White, fitted to White', () => {
    render(<DesignGallery />);
    act(() => orderStore.update({ shirtColor: 'White' }));
    for (const { title, imagePath } of PREMADE_DESIGNS) {
      expect(design(title).querySelector('img')).toHaveAttribute('src', `${imagePath}?shirt=White`);
    }
    act(() => orderStore.update({ shirtColor: 'Light Grey' }));
    expect(design(mountain.title).querySelector('img')).toHaveAttribute(
      'src',
      `${mountain.imagePath}?shirt=Light%20Grey`,
    );
  });

  it('follows a new shirt colour only once the big preview shows the art drawn for it: the art on the shirt comes first', async () => {
    // The design's colour advice is at hand, so the preview asks for nothing after the test.
    keepAdvice(artworkAdviceUrl(mountain.imagePath)!, { faintColors: {}, suggestedShirts: [] });
    render(
      <>
        <ShirtPreview />
        <DesignGallery />
      </>,
    );
    act(() => orderStore.selectDesign(mountain.imagePath));
    fireEvent.load(screen.getByRole('img', { name: mountain.title }));
    act(() => orderStore.update({ shirtColor: 'White' }));
    const art = screen.getByRole('img', { name: mountain.title });
    expect(art).toHaveAttribute('src', `${mountain.imagePath}?shirt=White`);
    // The tiles still show their drawings for Black: no request yet beside the preview's.
    expect(design(sunset.title).querySelector('img')).toHaveAttribute('src', sunset.imagePath);
    fireEvent.load(art);
    // Once it is painted: the frame after it loaded.
    await waitFor(() =>
      expect(design(sunset.title).querySelector('img')).toHaveAttribute(
        'src',
        `${sunset.imagePath}?shirt=White`,
      ),
    );
  });

  it('adds a design just generated once the big preview shows it: the art on the shirt comes first', async () => {
    render(
      <>
        <ShirtPreview />
        <DesignGallery />
      </>,
    );
    keepAdvice(artworkAdviceUrl('/creator/images/mine.svg')!, { faintColors: {}, suggestedShirts: [] });
    act(() => orderStore.recordGeneratedImage('/creator/images/mine.svg', 'owls at night'));
    expect(designs()).toHaveLength(PREMADE_DESIGNS.length);
    fireEvent.load(screen.getByRole('img', { name: 'owls at night' }));
    await waitFor(() => expect(designs()).toHaveLength(PREMADE_DESIGNS.length + 1));
    expect(designs()[0]).toHaveAccessibleName(GENERATED_DESIGN_TITLE);
    expect(designs()[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps every design generated in this visit, newest first, each to be picked again', async () => {
    const user = userEvent.setup();
    render(<DesignGallery />);
    act(() => orderStore.recordGeneratedImage('/creator/images/first.svg', 'owls at night'));
    act(() => orderStore.recordGeneratedImage('/creator/images/second.svg', 'foxes at dawn'));
    act(() => orderStore.recordGeneratedImage('/creator/images/third.svg', 'bees in June'));
    expect(
      designs()
        .slice(0, 4)
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringContaining('Your design 3'),
      expect.stringContaining('Your design 2'),
      expect.stringContaining('Your design 1'),
      sunset.title,
    ]);

    await user.click(design('Your design 1'));
    expect(orderStore.getState()).toMatchObject({
      currentArtworkUrl: '/creator/images/first.svg',
      prompt: 'owls at night',
    });
    expect(design('Your design 1')).toHaveAttribute('aria-pressed', 'true');
    expect(design('Your design 3')).toHaveAttribute('aria-pressed', 'false');
    expect(designs()).toHaveLength(PREMADE_DESIGNS.length + 3);

    // A pre-made design, then picked again: back to the generated design chosen last.
    await user.click(design(retro.title));
    await user.click(design(retro.title));
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/first.svg');
  });

  it('scrolls the row back to its start, where a newly generated design joins it', async () => {
    const user = userEvent.setup();
    render(<DesignGallery />);
    const row = screen.getByRole('group', { name: 'Designs' });
    row.scrollLeft = 288;
    act(() => orderStore.recordGeneratedImage('/creator/images/first.svg', 'owls at night'));
    expect(row.scrollLeft).toBe(0);

    act(() => orderStore.recordGeneratedImage('/creator/images/second.svg', 'foxes at dawn'));
    row.scrollLeft = 288;
    // Picking an earlier design again adds none: the row stays where the shopper scrolled it.
    await user.click(design('Your design 1'));
    expect(row.scrollLeft).toBe(288);
  });

  it('forgets the visit’s designs when the page starts over', () => {
    render(<DesignGallery />);
    act(() => orderStore.recordGeneratedImage('/creator/images/first.svg', 'owls at night'));
    act(() => orderStore.reset());
    expect(designs()).toHaveLength(PREMADE_DESIGNS.length);
  });

  it('renders no generated design in markup made ahead of the visit', () => {
    orderStore.recordGeneratedImage('/creator/images/first.svg', 'owls at night');
    expect(renderToStaticMarkup(<DesignGallery />)).not.toContain('Your design');
  });

  it('puts a picked design on the shirt, marks it and scrolls the page to the top smoothly', async () => {
    const user = userEvent.setup();
    render(<DesignGallery />);
    await user.click(design(mountain.title));
    expect(orderStore.getState().currentArtworkUrl).toBe(mountain.imagePath);
    expect(design(mountain.title)).toHaveAttribute('aria-pressed', 'true');
    expect(design(sunset.title)).toHaveAttribute('aria-pressed', 'false');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('takes the design off when it is picked again and nothing was generated', async () => {
    const user = userEvent.setup();
    render(<DesignGallery />);
    await user.click(design(mountain.title));
    await user.click(design(mountain.title));
    expect(orderStore.getState().currentArtworkUrl).toBe('');
    expect(design(mountain.title)).toHaveAttribute('aria-pressed', 'false');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('reverts to the last generated image when the current design is picked again', async () => {
    const user = userEvent.setup();
    orderStore.recordGeneratedImage('/creator/images/mine.svg', 'my prompt');
    render(<DesignGallery />);
    await user.click(design(retro.title));
    expect(orderStore.getState().currentArtworkUrl).toBe(retro.imagePath);
    await user.click(design(retro.title));
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/mine.svg');
    expect(design(GENERATED_DESIGN_TITLE)).toHaveAttribute('aria-pressed', 'true');
  });

  it('picking the generated image while it is on the shirt leaves it on (it is the last generated one)', async () => {
    const user = userEvent.setup();
    orderStore.recordGeneratedImage('/creator/images/mine.svg', 'my prompt');
    render(<DesignGallery />);
    await user.click(design(GENERATED_DESIGN_TITLE));
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/mine.svg');
  });

  it('jumps to the top without animation when the shopper prefers reduced motion', async () => {
    scrollTo = stubWindowScrolling({ reducedMotion: true });
    const user = userEvent.setup();
    render(<DesignGallery />);
    await user.click(design(sunset.title));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });

  describe('keyboard', () => {
    it('is one tab stop, and arrow keys move focus between designs without selecting', async () => {
      const user = userEvent.setup();
      render(<DesignGallery />);
      await user.tab();
      expect(design(sunset.title)).toHaveFocus();
      expect(designs().filter((button) => button.tabIndex === 0)).toHaveLength(1);

      await user.keyboard('{ArrowRight}');
      expect(design(mountain.title)).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(design(retro.title)).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(design(mountain.title)).toHaveFocus();
      await user.keyboard('{ArrowUp}');
      expect(design(sunset.title)).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(designs().at(-1)).toHaveFocus();
      await user.keyboard('{Home}');
      expect(design(sunset.title)).toHaveFocus();
      expect(orderStore.getState().currentArtworkUrl).toBe('');
      expect(scrollTo).not.toHaveBeenCalled();
    });

    it('selects with Enter and Space', async () => {
      const user = userEvent.setup();
      render(<DesignGallery />);
      await user.tab();
      await user.keyboard('{ArrowRight}{Enter}');
      expect(orderStore.getState().currentArtworkUrl).toBe(mountain.imagePath);
      await user.keyboard('{ArrowRight} ');
      expect(orderStore.getState().currentArtworkUrl).toBe(retro.imagePath);
      expect(scrollTo).toHaveBeenCalledTimes(2);
    });

    it('returns to the selected design when tabbing back into the row', async () => {
      const user = userEvent.setup();
      orderStore.selectDesign(retro.imagePath);
      render(
        <>
          <button type="button">before</button>
          <DesignGallery />
        </>,
      );
      await user.tab();
      await user.tab();
      expect(design(retro.title)).toHaveFocus();
    });
  });

  describe('images on a page whose parts are not all live', () => {
    const thumbnail = () => design(sunset.title).querySelector('img');
    let otherPart: HTMLElement;
    beforeEach(() => {
      otherPart = document.createElement('div');
      otherPart.setAttribute(PART_ATTRIBUTES.part, 'checkout/CheckoutPanel');
      document.body.append(otherPart);
    });
    afterEach(() => {
      otherPart.remove();
      jest.useRealTimers();
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });

    it('asks for none until every part is live, then for all', async () => {
      render(<DesignGallery />);
      for (const image of document.querySelectorAll('img'))
        expect(image).not.toHaveAttribute('src');
      await act(async () => otherPart.setAttribute(PART_ATTRIBUTES.state, PART_LIVE));
      expect(thumbnail()).toHaveAttribute('src', sunset.imagePath);
      expect(document.querySelectorAll('img[src]')).toHaveLength(PREMADE_DESIGNS.length);
    });

    it('waits, once every part is live, until the art a generation brings is on the shirt', async () => {
      render(
        <>
          <ShirtPreview />
          <DesignGallery />
        </>,
      );
      keepAdvice(artworkAdviceUrl('/creator/images/mine.svg')!, {
        faintColors: {},
        suggestedShirts: [],
      });
      let generation: GenerationReporter | undefined;
      act(() => {
        generation = startGenerationProgress();
      });
      await act(async () => otherPart.setAttribute(PART_ATTRIBUTES.state, PART_LIVE));
      expect(document.querySelectorAll('img[src]')).toHaveLength(0);
      act(() => {
        orderStore.recordGeneratedImage('/creator/images/mine.svg', 'owls at night');
        generation?.end('/creator/images/mine.svg');
      });
      const art = screen.getByRole('img', { name: 'owls at night' });
      expect(thumbnail()).not.toHaveAttribute('src');
      fireEvent.load(art);
      await waitFor(() => expect(thumbnail()).toHaveAttribute('src', sunset.imagePath));
    });

    it('asks for them at once when the row is on screen', () => {
      let report: IntersectionObserverCallback = () => undefined;
      window.IntersectionObserver = class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      } as unknown as typeof IntersectionObserver;
      render(<DesignGallery />);
      expect(thumbnail()).not.toHaveAttribute('src');
      act(() =>
        report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(thumbnail()).toHaveAttribute('src', sunset.imagePath);
    });

    it('asks for them anyway once a part has not gone live in time (its remote may be down)', () => {
      jest.useFakeTimers();
      render(<DesignGallery />);
      act(() => jest.advanceTimersByTime(IMAGES_WAIT_CAP_MS - 1));
      expect(thumbnail()).not.toHaveAttribute('src');
      act(() => jest.advanceTimersByTime(1));
      expect(thumbnail()).toHaveAttribute('src', sunset.imagePath);
    });

    it('renders, on the server, each image without a source and a copy for a page without scripts', () => {
      const html = renderToStaticMarkup(<DesignGallery />);
      expect(html.match(/<img(?![^>]*src=)[^>]*>/g)).toHaveLength(PREMADE_DESIGNS.length);
      expect(html).toContain(`<noscript><img class="thumbnail" src="${sunset.imagePath}"`);
    });
  });
});

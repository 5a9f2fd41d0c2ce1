import { PREMADE_DESIGNS } from '../catalog';
import {
  INITIAL_ORDER_STATE,
  createOrderStore,
  describeArtwork,
  recordGeneratedImage,
  selectDesign,
  toCheckoutOrder,
} from './orderStore';

const generated = '/creator/images/abc.svg';
const surf = PREMADE_DESIGNS[0]!;
const wolf = PREMADE_DESIGNS[7]!;

describe('selectDesign', () => {
  it('puts a design on the shirt when nothing is chosen', () => {
    expect(selectDesign(INITIAL_ORDER_STATE, surf.imagePath).currentArtworkUrl).toBe(
      surf.imagePath,
    );
  });

  it('replaces the current artwork with a different design', () => {
    const withSurf = selectDesign(INITIAL_ORDER_STATE, surf.imagePath);
    expect(selectDesign(withSurf, wolf.imagePath).currentArtworkUrl).toBe(wolf.imagePath);
  });

  it('reverts to the last generated image when the current design is selected again', () => {
    const afterGeneration = recordGeneratedImage(INITIAL_ORDER_STATE, generated, 'cats');
    const withSurf = selectDesign(afterGeneration, surf.imagePath);
    expect(selectDesign(withSurf, surf.imagePath).currentArtworkUrl).toBe(generated);
  });

  it('reverts to no artwork when nothing was ever generated', () => {
    const withSurf = selectDesign(INITIAL_ORDER_STATE, surf.imagePath);
    expect(selectDesign(withSurf, surf.imagePath).currentArtworkUrl).toBe('');
  });

  it('keeps the generated image on when the generated image itself is selected again', () => {
    const afterGeneration = recordGeneratedImage(INITIAL_ORDER_STATE, generated, 'cats');
    expect(selectDesign(afterGeneration, generated).currentArtworkUrl).toBe(generated);
  });

  it('does not change the state it was given', () => {
    const before = { ...INITIAL_ORDER_STATE };
    selectDesign(INITIAL_ORDER_STATE, surf.imagePath);
    expect(INITIAL_ORDER_STATE).toEqual(before);
  });
});

describe('describeArtwork', () => {
  it('uses the prompt for the generated image and the title for a pre-made design', () => {
    const afterGeneration = recordGeneratedImage(INITIAL_ORDER_STATE, generated, 'A cat in space');
    expect(describeArtwork(afterGeneration)).toBe('A cat in space');
    expect(describeArtwork(selectDesign(afterGeneration, wolf.imagePath))).toBe('Moonlit Wolf');
    expect(describeArtwork(INITIAL_ORDER_STATE)).toBe('');
  });
});

describe('toCheckoutOrder', () => {
  it('carries the shirt choices, the artwork and its description', () => {
    const state = { ...selectDesign(INITIAL_ORDER_STATE, surf.imagePath), quantity: 3 };
    expect(toCheckoutOrder(state)).toEqual({
      productName: 'Custom Graphic T-shirt',
      quantity: 3,
      shirtStyle: "Men's",
      shirtColor: 'Black',
      shirtSize: 'M',
      imageURL: surf.imagePath,
      prompt: 'Sunset Surf',
    });
  });
});

describe('createOrderStore', () => {
  it('starts with the spec defaults and no artwork', () => {
    const store = createOrderStore();
    expect(store.getState()).toMatchObject({
      shirtColor: 'Black',
      shirtStyle: "Men's",
      shirtSize: 'M',
      quantity: 1,
      currentArtworkUrl: '',
      lastGeneratedUrl: '',
      prompt: '',
    });
  });

  it('notifies subscribers once per real change and stops after unsubscribing', () => {
    const store = createOrderStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.update({ shirtColor: 'Navy' });
    store.update({ shirtColor: 'Navy' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.update({ shirtColor: 'Pink' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().shirtColor).toBe('Pink');
  });

  it('records a generation and applies the selection rule', () => {
    const store = createOrderStore();
    store.recordGeneratedImage(generated, 'prompt');
    store.selectDesign(surf.imagePath);
    store.selectDesign(surf.imagePath);
    expect(store.getState()).toMatchObject({
      currentArtworkUrl: generated,
      lastGeneratedUrl: generated,
      prompt: 'prompt',
    });
  });

  it('ignores undefined values in a patch and resets to the start', () => {
    const store = createOrderStore();
    store.update({ interests: 'cats', colors: undefined });
    expect(store.getState().colors).toBe('');
    store.reset();
    expect(store.getState().interests).toBe('');
  });
});

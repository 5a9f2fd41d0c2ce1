import {
  getGenerationProgress,
  startGenerationProgress,
  subscribeToGenerationProgress,
} from './generationProgress';

const PICTURE = (n: number) => `data:image/webp;base64,${n}`;

describe('generation progress', () => {
  afterEach(() => startGenerationProgress().end());

  it('holds the latest partial picture and the one it fades in over', () => {
    const generation = startGenerationProgress();
    expect(getGenerationProgress()).toEqual({ drawing: true });
    generation.showPartial(PICTURE(0), 0);
    generation.showPartial(PICTURE(1), 1);
    expect(getGenerationProgress()).toEqual({
      drawing: true,
      partial: { image: PICTURE(1), index: 1 },
      previousPartial: { image: PICTURE(0), index: 0 },
    });
  });

  it('never replaces a newer partial picture with an older one', () => {
    const generation = startGenerationProgress();
    generation.showPartial(PICTURE(2), 2);
    generation.showPartial(PICTURE(1), 1);
    expect(getGenerationProgress().partial).toEqual({ image: PICTURE(2), index: 2 });
  });

  it('hands the last partial picture over to the final image, and forgets it on failure', () => {
    const succeeded = startGenerationProgress();
    succeeded.showPartial(PICTURE(0), 0);
    succeeded.end('/creator/images/fox.png');
    expect(getGenerationProgress()).toEqual({
      drawing: false,
      handedOver: { partialImage: PICTURE(0), imageUrl: '/creator/images/fox.png' },
    });

    const failed = startGenerationProgress();
    expect(getGenerationProgress()).toEqual({ drawing: true });
    failed.showPartial(PICTURE(0), 0);
    failed.end();
    expect(getGenerationProgress()).toEqual({ drawing: false });
  });

  it('lets only the latest generation report, and tells its listeners', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToGenerationProgress(listener);
    const earlier = startGenerationProgress();
    const latest = startGenerationProgress();
    earlier.showPartial(PICTURE(5), 5);
    earlier.end('/creator/images/old.png');
    expect(getGenerationProgress()).toEqual({ drawing: true });
    latest.showPartial(PICTURE(0), 0);
    expect(getGenerationProgress().partial?.image).toBe(PICTURE(0));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});

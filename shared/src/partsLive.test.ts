import { PART_ATTRIBUTES } from './contract';
import { PART_LIVE } from './pageStart';
import { whenEveryPartIsLive } from './partsLive';

function addPart(state?: string): HTMLElement {
  const part = document.createElement('div');
  part.setAttribute(PART_ATTRIBUTES.part, 'designer/ArtForm');
  if (state) part.setAttribute(PART_ATTRIBUTES.state, state);
  document.body.append(part);
  return part;
}

/** Lets the MutationObserver report. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => document.body.replaceChildren());

describe('whenEveryPartIsLive', () => {
  it('goes on at once on a page without parts, or whose parts are all live', () => {
    const then = jest.fn();
    whenEveryPartIsLive(then, 3_000);
    addPart(PART_LIVE);
    whenEveryPartIsLive(then, 3_000);
    expect(then).toHaveBeenCalledTimes(2);
  });

  it('waits for the last part, and goes on once', async () => {
    const first = addPart();
    const second = addPart();
    const then = jest.fn();
    whenEveryPartIsLive(then, 3_000);
    first.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    await settle();
    expect(then).not.toHaveBeenCalled();
    second.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    await settle();
    second.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    first.removeAttribute(PART_ATTRIBUTES.state);
    first.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
    await settle();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes on after the cap when a part never goes live (its remote is down)', () => {
    jest.useFakeTimers();
    try {
      addPart();
      const then = jest.fn();
      whenEveryPartIsLive(then, 3_000);
      jest.advanceTimersByTime(2_999);
      expect(then).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(then).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never goes on once cancelled', async () => {
    jest.useFakeTimers();
    try {
      const part = addPart();
      const then = jest.fn();
      const cancel = whenEveryPartIsLive(then, 3_000);
      cancel();
      part.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
      jest.advanceTimersByTime(3_000);
      expect(then).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

import { scrollPageToTop } from './scrollPageToTop';
import { stubWindowScrolling } from '../../test-support/windowScrolling';

describe('scrollPageToTop', () => {
  it('scrolls smoothly to the top by default', () => {
    const scrollTo = stubWindowScrolling();
    scrollPageToTop();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps instantly when the shopper prefers reduced motion', () => {
    const scrollTo = stubWindowScrolling({ reducedMotion: true });
    scrollPageToTop();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });

  it('jumps at once when asked to, whatever the motion preference', () => {
    const scrollTo = stubWindowScrolling();
    scrollPageToTop(window, 'at once');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });
});

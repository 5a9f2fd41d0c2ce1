import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { VITALS_PARTS_WAIT_MS, startVitalsReporting } from './startVitalsReporting';

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

describe('startVitalsReporting', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setReadyState('complete');
  });

  it('loads the metrics part only after the load event and an idle moment', async () => {
    setReadyState('loading');
    const reportWebVitals = jest.fn();
    const loadReporter = jest.fn(async () => ({ reportWebVitals }));
    startVitalsReporting({ loadReporter });

    jest.runOnlyPendingTimers();
    expect(loadReporter).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(loadReporter).not.toHaveBeenCalled();

    jest.runOnlyPendingTimers();
    expect(loadReporter).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(reportWebVitals).toHaveBeenCalledTimes(1);
  });

  it('starts at the next idle moment when the page has already loaded', () => {
    setReadyState('complete');
    const loadReporter = jest.fn(async () => ({ reportWebVitals: jest.fn() }));
    startVitalsReporting({ loadReporter });
    expect(loadReporter).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(loadReporter).toHaveBeenCalledTimes(1);
  });

  it('keeps the page working when the metrics part cannot be loaded', async () => {
    setReadyState('complete');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    startVitalsReporting({ loadReporter: () => Promise.reject(new Error('chunk failed')) });
    jest.runOnlyPendingTimers();
    await Promise.resolve();
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith(
      '[vitals] the metrics part could not be loaded',
      expect.any(Error),
    );
    warn.mockRestore();
  });

  describe('on a page with parts', () => {
    let part: HTMLElement;
    beforeEach(() => {
      part = document.createElement('div');
      part.setAttribute(PART_ATTRIBUTES.part, 'checkout/CheckoutPanel');
      document.body.append(part);
    });
    afterEach(() => part.remove());

    it('waits, after the load event, until every part is live', async () => {
      setReadyState('complete');
      const loadReporter = jest.fn(async () => ({ reportWebVitals: jest.fn() }));
      startVitalsReporting({ loadReporter });
      jest.advanceTimersByTime(VITALS_PARTS_WAIT_MS - 1);
      expect(loadReporter).not.toHaveBeenCalled();

      part.setAttribute(PART_ATTRIBUTES.state, 'live');
      await Promise.resolve();
      jest.runOnlyPendingTimers();
      expect(loadReporter).toHaveBeenCalledTimes(1);
    });

    it('starts anyway when a part has not gone live in time', () => {
      setReadyState('complete');
      const loadReporter = jest.fn(async () => ({ reportWebVitals: jest.fn() }));
      startVitalsReporting({ loadReporter });
      jest.advanceTimersByTime(VITALS_PARTS_WAIT_MS - 1);
      expect(loadReporter).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      jest.runOnlyPendingTimers();
      expect(loadReporter).toHaveBeenCalledTimes(1);
    });
  });
});

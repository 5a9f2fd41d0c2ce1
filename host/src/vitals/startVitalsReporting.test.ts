import { startVitalsReporting } from './startVitalsReporting';

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
});

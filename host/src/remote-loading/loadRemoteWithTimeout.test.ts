import { loadRemoteWithTimeout } from './loadRemoteWithTimeout';
import { RemoteLoadError } from './remoteLoadError';

describe('loadRemoteWithTimeout', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves with what the load resolves with before the time limit', async () => {
    await expect(
      loadRemoteWithTimeout('designer/ArtForm', async () => 'module', 1000),
    ).resolves.toBe('module');
  });

  it('rejects with a timeout error when the load never settles', async () => {
    jest.useFakeTimers();
    const pending = loadRemoteWithTimeout(
      'designer/ArtForm',
      () => new Promise<never>(() => {}),
      5000,
    );
    const outcome = expect(pending).rejects.toMatchObject({
      reason: 'timeout',
      moduleId: 'designer/ArtForm',
    });
    jest.advanceTimersByTime(5000);
    await outcome;
  });

  it('does not time out before the limit', async () => {
    jest.useFakeTimers();
    let settled = false;
    void loadRemoteWithTimeout(
      'checkout/CheckoutPanel',
      () => new Promise<never>(() => {}),
      5000,
    ).catch(() => {
      settled = true;
    });
    jest.advanceTimersByTime(4999);
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('wraps a failed load in a RemoteLoadError that keeps the cause', async () => {
    const cause = new Error('RUNTIME-008 connection refused');
    const failure = await loadRemoteWithTimeout(
      'designer/ArtForm',
      () => Promise.reject(cause),
      1000,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect(failure).toMatchObject({ reason: 'failed', cause });
  });
});

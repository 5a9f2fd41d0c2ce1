import { CONTRACT_EXPORT, CONTRACT_VERSION, RELEASE_EXPORT } from '@tshirt/shared';
import { createRemoteLoader } from './remoteLoader';
import { RemoteLoadError } from './remoteLoadError';

function ArtForm() {
  return null;
}

describe('createRemoteLoader', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the exposed module by its federation id and returns its default export', async () => {
    const loadModule = jest.fn(async () => ({ default: ArtForm }));
    const loader = createRemoteLoader({ loadModule, timeoutMs: 1000 });
    await expect(loader.load('designer', 'ArtForm')).resolves.toEqual({
      component: ArtForm,
      release: undefined,
    });
    expect(loadModule).toHaveBeenCalledWith('designer/ArtForm', 'designer');
  });

  it('reads the release the build stamped on the module, to match it with server markup', async () => {
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: ArtForm, [RELEASE_EXPORT]: 'abc123' }),
      timeoutMs: 1000,
    });
    await expect(loader.load('designer', 'ArtForm')).resolves.toEqual({
      component: ArtForm,
      release: 'abc123',
    });
  });

  it('remembers a loaded component so a revisited page can show it at once', async () => {
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: ArtForm }),
      timeoutMs: 1000,
    });
    expect(loader.peek('designer', 'ArtForm')).toBeUndefined();
    await loader.load('designer', 'ArtForm');
    expect(loader.peek('designer', 'ArtForm')?.component).toBe(ArtForm);
  });

  it('refuses a module built for another contract version, saying why in the console', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: ArtForm, [CONTRACT_EXPORT]: CONTRACT_VERSION + 1 }),
      timeoutMs: 1000,
    });
    await expect(loader.load('designer', 'ArtForm')).rejects.toMatchObject({
      reason: 'incompatible',
    });
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(
          `designer/ArtForm was built for contract ${CONTRACT_VERSION + 1}, but this page implements contract ${CONTRACT_VERSION}`,
        ),
      ),
    );
    consoleError.mockRestore();
  });

  it('takes a module built for this contract version', async () => {
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: ArtForm, [CONTRACT_EXPORT]: CONTRACT_VERSION }),
      timeoutMs: 1000,
    });
    await expect(loader.load('designer', 'ArtForm')).resolves.toMatchObject({ component: ArtForm });
  });

  it('rejects a module whose default export is not a component', async () => {
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: 'nope' }),
      timeoutMs: 1000,
    });
    await expect(loader.load('designer', 'ArtForm')).rejects.toMatchObject({
      reason: 'invalid-module',
    });
  });

  it('gives up after the configured time', async () => {
    jest.useFakeTimers();
    const loader = createRemoteLoader({ loadModule: () => new Promise(() => {}), timeoutMs: 3000 });
    const outcome = expect(loader.load('checkout', 'CheckoutPanel')).rejects.toBeInstanceOf(
      RemoteLoadError,
    );
    jest.advanceTimersByTime(3000);
    await outcome;
  });

  it('resets a remote whose entry failed once before loading from it again', async () => {
    const resetRemote = jest.fn();
    const loadModule = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('RUNTIME-008'))
      .mockRejectedValueOnce(new Error('RUNTIME-008'))
      .mockResolvedValue({ default: ArtForm });
    const loader = createRemoteLoader({ loadModule, timeoutMs: 1000, resetRemote });

    await expect(loader.load('designer', 'ArtForm')).rejects.toThrow();
    await expect(loader.load('designer', 'ShirtPreview')).rejects.toThrow();
    expect(resetRemote).toHaveBeenCalledTimes(1);

    await loader.load('designer', 'ArtForm');
    await loader.load('designer', 'DesignGallery');
    expect(resetRemote).toHaveBeenCalledTimes(2);
  });

  it('does not reset a remote whose entry already loaded when one of its modules fails', async () => {
    const resetRemote = jest.fn();
    const loadModule = jest
      .fn<Promise<unknown>, [string]>()
      .mockResolvedValueOnce({ default: ArtForm })
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: ArtForm });
    const loader = createRemoteLoader({ loadModule, timeoutMs: 1000, resetRemote });
    await loader.load('designer', 'ArtForm');
    await expect(loader.load('designer', 'DesignGallery')).rejects.toThrow();
    await loader.load('designer', 'DesignGallery');
    expect(resetRemote).not.toHaveBeenCalled();
  });

  it('on a retry, asks for an entry that never ran anew and tells each listening part of that remote', async () => {
    const resetRemote = jest.fn();
    const loader = createRemoteLoader({
      loadModule: async () => ({ default: ArtForm }),
      timeoutMs: 1000,
      resetRemote,
    });
    const designerPart = jest.fn();
    const checkoutPart = jest.fn();
    const stop = loader.onRetry('designer', designerPart);
    loader.onRetry('checkout', checkoutPart);

    loader.retry('designer');
    expect(resetRemote).toHaveBeenCalledWith('designer');
    expect(designerPart).toHaveBeenCalledTimes(1);
    expect(checkoutPart).not.toHaveBeenCalled();

    // Once its entry has run, the container is good: a retry only loads the parts again.
    await loader.load('designer', 'ArtForm');
    stop();
    loader.retry('designer');
    expect(resetRemote).toHaveBeenCalledTimes(1);
    expect(designerPart).toHaveBeenCalledTimes(1);
  });
});


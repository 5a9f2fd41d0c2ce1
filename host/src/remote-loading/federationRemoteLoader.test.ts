import { EARLY_ANSWER_SHOWN_GLOBAL } from '@tshirt/shared/pageStart';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { DEFAULT_SITE_CONFIG } from '../site-config/siteConfig';
import {
  createFederationRemoteLoader,
  isPreloaded,
  retryEntryUrl,
  whenPageLoaded,
} from './federationRemoteLoader';
import { startFederationRuntime } from './federationRuntime';

jest.mock('./federationRuntime', () => ({ startFederationRuntime: jest.fn() }));

const startRuntime = jest.mocked(startFederationRuntime);

function ArtForm() {
  return null;
}

describe('createFederationRemoteLoader', () => {
  const calls: string[] = [];
  const loadRemote = jest.fn(async (moduleId: string) => {
    calls.push(`load ${moduleId}`);
    return { default: ArtForm };
  });
  const reregister = jest.fn((remote: string, entry: string) => {
    calls.push(`reregister ${remote} ${entry}`);
  });

  beforeEach(() => {
    calls.length = 0;
    startRuntime.mockReset().mockReturnValue({ loadRemote, reregister });
  });

  it('starts the federation runtime only when a remote part is first loaded', async () => {
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    await Promise.resolve();
    expect(startRuntime).not.toHaveBeenCalled();
    await expect(loader.load('designer', 'ArtForm')).resolves.toMatchObject({ component: ArtForm });
    await loader.load('designer', 'ShirtPreview');
    expect(startRuntime).toHaveBeenCalledTimes(1);
    expect(startRuntime).toHaveBeenCalledWith(DEFAULT_SITE_CONFIG, expect.any(Array));
  });

  it('starts it ahead of the first load when asked to prepare', async () => {
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    loader.prepare();
    await waitUntil(() => startRuntime.mock.calls.length > 0, 'prepare() starts the runtime', {
      timeoutMs: 1_000,
    });
    expect(startRuntime).toHaveBeenCalledTimes(1);
  });

  it('neither starts the runtime nor runs a remote’s code while an early answer is being shown', async () => {
    let show: () => void = () => undefined;
    window[EARLY_ANSWER_SHOWN_GLOBAL] = new Promise<void>((resolve) => (show = resolve));
    try {
      const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
      const loading = loader.load('designer', 'ArtForm');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(startRuntime).not.toHaveBeenCalled();
      expect(calls).toEqual([]);
      show();
      await expect(loading).resolves.toMatchObject({ component: ArtForm });
      expect(startRuntime).toHaveBeenCalledTimes(1);
      expect(calls).toEqual(['load designer/ArtForm']);
    } finally {
      delete window[EARLY_ANSWER_SHOWN_GLOBAL];
    }
  });

  it('hands a load under way at the tap to its part only once the early answer is shown', async () => {
    let arrive: (() => void) | undefined;
    loadRemote.mockImplementationOnce(async (moduleId: string) => {
      await new Promise<void>((resolve) => (arrive = resolve));
      calls.push(`load ${moduleId}`);
      return { default: ArtForm };
    });
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    let loaded = false;
    const loading = loader.load('designer', 'ArtForm').then((part) => {
      loaded = true;
      return part;
    });
    await waitUntil(() => arrive !== undefined, 'the load is under way', { timeoutMs: 1_000 });
    // The tap, while the remote's code is on its way.
    let show: () => void = () => undefined;
    window[EARLY_ANSWER_SHOWN_GLOBAL] = new Promise<void>((resolve) => (show = resolve));
    try {
      arrive?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual(['load designer/ArtForm']);
      expect(loaded).toBe(false);
      show();
      await expect(loading).resolves.toMatchObject({ component: ArtForm });
    } finally {
      delete window[EARLY_ANSWER_SHOWN_GLOBAL];
    }
  });

  it('holds the start of a runtime prepared before the tap until the early answer is shown', async () => {
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    loader.prepare();
    // The tap, while the runtime's script is still on its way.
    let show: () => void = () => undefined;
    window[EARLY_ANSWER_SHOWN_GLOBAL] = new Promise<void>((resolve) => (show = resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(startRuntime).not.toHaveBeenCalled();
      show();
      await waitUntil(() => startRuntime.mock.calls.length > 0, 'the runtime starts once shown', {
        timeoutMs: 1_000,
      });
    } finally {
      delete window[EARLY_ANSWER_SHOWN_GLOBAL];
    }
  });

  it('registers a failed remote at a fresh entry URL before loading from it again', async () => {
    loadRemote.mockImplementationOnce(async (moduleId: string) => {
      calls.push(`load ${moduleId}`);
      throw new Error('RUNTIME-008');
    });
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    await expect(loader.load('designer', 'ArtForm')).rejects.toThrow();
    await loader.load('designer', 'ArtForm');
    expect(calls).toEqual([
      'load designer/ArtForm',
      expect.stringMatching(
        /^reregister designer .*\/remotes\/designer\/remoteEntry\.js\?retry=1$/,
      ),
      'load designer/ArtForm',
    ]);
  });

  describe('while the page is still loading', () => {
    const entry = DEFAULT_SITE_CONFIG.remotes.designer.entry;
    beforeEach(() =>
      Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true }),
    );
    afterEach(() => {
      Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
      document.head.replaceChildren();
    });

    it('loads at once a remote whose entry the page preloads (the preload holds the load event already)', async () => {
      const preload = Object.assign(document.createElement('link'), {
        rel: 'preload',
        href: entry,
      });
      preload.setAttribute('as', 'script');
      document.head.append(preload);
      const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
      // Well before the load event's cap (PAGE_LOAD_WAIT_CAP_MS, 3 s).
      const tooLate = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('it waited for the load event')), 500),
      );
      await expect(
        Promise.race([loader.load('designer', 'ArtForm'), tooLate]),
      ).resolves.toMatchObject({ component: ArtForm });
    });

    it('waits for the load event before adding an entry the page does not preload', async () => {
      const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
      const loaded = loader.load('designer', 'ArtForm');
      await waitUntil(() => startRuntime.mock.calls.length > 0, 'the runtime starts', {
        timeoutMs: 1_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual([]);
      window.dispatchEvent(new Event('load'));
      await expect(loaded).resolves.toMatchObject({ component: ArtForm });
    });
  });

  it('downloads the runtime again on the next load when its download failed', async () => {
    startRuntime.mockImplementationOnce(() => {
      throw new Error('ChunkLoadError');
    });
    const loader = createFederationRemoteLoader(DEFAULT_SITE_CONFIG);
    await expect(loader.load('checkout', 'CheckoutPanel')).rejects.toThrow();
    await expect(loader.load('checkout', 'CheckoutPanel')).resolves.toMatchObject({
      component: ArtForm,
    });
    expect(startRuntime).toHaveBeenCalledTimes(2);
  });
});

describe('whenPageLoaded', () => {
  afterEach(() => jest.useRealTimers());

  function loadingWindow(): Window {
    const win = Object.create(window) as Window;
    Object.defineProperty(win, 'document', { value: { readyState: 'interactive' } });
    const target = new EventTarget();
    win.addEventListener = target.addEventListener.bind(target);
    win.removeEventListener = target.removeEventListener.bind(target);
    win.dispatchEvent = target.dispatchEvent.bind(target);
    win.setTimeout = window.setTimeout.bind(window);
    win.clearTimeout = window.clearTimeout.bind(window);
    return win;
  }

  it('resolves at once on a page that has loaded', async () => {
    await expect(whenPageLoaded(window, 1_000)).resolves.toBeUndefined();
  });

  it('waits for the load event of a page still loading', async () => {
    const win = loadingWindow();
    let resolved = false;
    void whenPageLoaded(win, 60_000).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    win.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(resolved).toBe(true);
  });

  it('stops waiting after the cap when the load event is held back', async () => {
    jest.useFakeTimers();
    const win = loadingWindow();
    const waited = whenPageLoaded(win, 3_000);
    jest.advanceTimersByTime(3_000);
    await expect(waited).resolves.toBeUndefined();
  });
});

describe('retryEntryUrl', () => {
  it('adds the attempt to a same-origin entry path', () => {
    expect(
      retryEntryUrl('/remotes/designer/remoteEntry.js', 2, 'https://shop.example/product'),
    ).toBe('https://shop.example/remotes/designer/remoteEntry.js?retry=2');
  });

  it('keeps an existing query and replaces an earlier attempt', () => {
    expect(retryEntryUrl('https://cdn.example/remoteEntry.js?v=7&retry=1', 3)).toBe(
      'https://cdn.example/remoteEntry.js?v=7&retry=3',
    );
  });
});

describe('isPreloaded', () => {
  afterEach(() => document.head.replaceChildren());

  it('matches a script preload by its resolved URL, and nothing else', () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = '/remotes/designer/remoteEntry.js?release=abc';
    document.head.append(link);
    expect(
      isPreloaded(new URL('/remotes/designer/remoteEntry.js?release=abc', document.baseURI).href),
    ).toBe(true);
    expect(isPreloaded('/remotes/designer/remoteEntry.js?release=abc')).toBe(true);
    expect(isPreloaded('/remotes/designer/remoteEntry.js?release=other')).toBe(false);
    link.setAttribute('as', 'style');
    expect(isPreloaded('/remotes/designer/remoteEntry.js?release=abc')).toBe(false);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { REMOTE_SLOW_NOTICE_MS } from '@tshirt/shared';
import { RemoteLoaderProvider } from './RemoteLoaderContext';
import { RemoteSlot } from './RemoteSlot';
import { createRemoteLoader, type RemoteLoader } from './remoteLoader';

const TIMEOUT_MS = 5000;

function ArtForm() {
  return <form aria-label="Art form" />;
}

function CheckoutPanel({ loadingPagePath }: { loadingPagePath?: string }) {
  return <button type="button">Buy It ({loadingPagePath})</button>;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A loadModule whose every call waits until the test settles it. */
function controllableLoadModule() {
  const calls: { moduleId: string; deferred: Deferred }[] = [];
  const loadModule = jest.fn(
    (moduleId: string) =>
      new Promise<unknown>((resolve, reject) => {
        calls.push({ moduleId, deferred: { resolve, reject } });
      }),
  );
  const settle = async (moduleId: string, outcome: (deferred: Deferred) => void) => {
    await act(async () => {
      for (const call of calls.filter((c) => c.moduleId === moduleId)) outcome(call.deferred);
    });
  };
  return {
    loadModule,
    succeed: (moduleId: string, component: unknown) =>
      settle(moduleId, (d) => d.resolve({ default: component })),
    fail: (moduleId: string) => settle(moduleId, (d) => d.reject(new Error('ScriptNetworkError'))),
  };
}

function renderWithLoader(loader: RemoteLoader, children: ReactNode) {
  return render(<RemoteLoaderProvider loader={loader}>{children}</RemoteLoaderProvider>);
}

describe('RemoteSlot', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a busy placeholder naming the part while it loads', () => {
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the art designer…');
    expect(status.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  });

  it('renders the loaded component with the props it is given', async () => {
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <RemoteSlot
        remote="checkout"
        module="CheckoutPanel"
        props={{ loadingPagePath: '/loading' }}
      />,
    );
    await remote.succeed('checkout/CheckoutPanel', CheckoutPanel);
    expect(screen.getByRole('button', { name: 'Buy It (/loading)' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders new props into the part it already shows, keeping the part’s own state', async () => {
    const user = userEvent.setup();
    const remote = controllableLoadModule();
    function CountingPanel({ loadingPagePath }: { loadingPagePath?: string }) {
      const [clicks, setClicks] = useState(0);
      return (
        <button type="button" onClick={() => setClicks((count) => count + 1)}>
          {loadingPagePath}: {clicks}
        </button>
      );
    }
    const loader = createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS });
    const slot = (path: string) => (
      <RemoteLoaderProvider loader={loader}>
        <RemoteSlot remote="checkout" module="CheckoutPanel" props={{ loadingPagePath: path }} />
      </RemoteLoaderProvider>
    );
    const { rerender } = render(slot('/a'));
    await remote.succeed('checkout/CheckoutPanel', CountingPanel);
    await user.click(screen.getByRole('button', { name: '/a: 0' }));

    await act(async () => rerender(slot('/b')));
    expect(screen.getByRole('button', { name: '/b: 1' })).toBeInTheDocument();
    expect(remote.loadModule).toHaveBeenCalledTimes(1);
  });

  it('shows a fallback naming the part with a Retry button when loading fails', async () => {
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
    );
    await remote.fail('designer/ArtForm');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The art designer could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the fallback when the part does not arrive before the time limit', async () => {
    jest.useFakeTimers();
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <RemoteSlot remote="checkout" module="CheckoutPanel" props={{}} />,
    );
    act(() => jest.advanceTimersByTime(TIMEOUT_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the checkout…');
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('The checkout could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('taking too long');
  });

  it('loads the part again without a page reload when Retry is pressed, and shows it', async () => {
    const user = userEvent.setup();
    const remote = controllableLoadModule();
    const resetRemote = jest.fn();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS, resetRemote }),
      <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
    );
    await remote.fail('designer/ArtForm');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(screen.getByRole('status')).toHaveTextContent('Loading the art designer…');
    expect(resetRemote).toHaveBeenCalledWith('designer');
    expect(remote.loadModule).toHaveBeenCalledTimes(2);

    await remote.succeed('designer/ArtForm', ArtForm);
    expect(screen.getByRole('form', { name: 'Art form' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fallback, not a blank page, when the part throws while rendering', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const remote = controllableLoadModule();
    function BrokenArtForm(): ReactNode {
      throw new Error('remote bug');
    }
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <>
        <h1>Custom Graphic T-shirt</h1>
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />
      </>,
    );
    await remote.succeed('designer/ArtForm', BrokenArtForm);
    expect(screen.getByRole('heading', { name: 'Custom Graphic T-shirt' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The art designer could not be loaded');
    consoleError.mockRestore();
  });

  it('keeps the other parts working when one remote fails', async () => {
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <>
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />
        <RemoteSlot
          remote="checkout"
          module="CheckoutPanel"
          props={{ loadingPagePath: '/loading' }}
        />
      </>,
    );
    await remote.fail('designer/ArtForm');
    await remote.succeed('checkout/CheckoutPanel', CheckoutPanel);
    expect(screen.getByRole('alert')).toHaveTextContent('The art designer could not be loaded');
    expect(screen.getByRole('button', { name: 'Buy It (/loading)' })).toBeInTheDocument();
  });

  it('retries every failed part of the same remote with one press of Retry', async () => {
    const user = userEvent.setup();
    const remote = controllableLoadModule();
    renderWithLoader(
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: TIMEOUT_MS }),
      <>
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />
        <RemoteSlot remote="designer" module="DesignGallery" props={{}} />
      </>,
    );
    await remote.fail('designer/ArtForm');
    await remote.fail('designer/DesignGallery');
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  describe('while a part takes longer than usual', () => {
    beforeEach(() => jest.useFakeTimers());

    it('says so after about 5 s and offers Retry, still waiting and without a fallback', async () => {
      const remote = controllableLoadModule();
      renderWithLoader(
        createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: 120_000 }),
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
      );
      act(() => jest.advanceTimersByTime(REMOTE_SLOW_NOTICE_MS - 1));
      expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      const notice = screen.getByText('The art designer is taking longer than usual.');
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('asks for the remote anew on Retry, but gives up when the first wait’s time is up', async () => {
      const remote = controllableLoadModule();
      const resetRemote = jest.fn();
      renderWithLoader(
        createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: 120_000, resetRemote }),
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
      );
      act(() => jest.advanceTimersByTime(10_000));
      await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
      expect(resetRemote).toHaveBeenCalledWith('designer');
      expect(remote.loadModule).toHaveBeenCalledTimes(2);

      // 120 s from the first ask, not from the Retry.
      await act(async () => jest.advanceTimersByTime(110_000 - 1));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(1));
      expect(screen.getByRole('alert')).toHaveTextContent('The art designer could not be loaded');
    });

    it('shows the part when the asked-again remote answers', async () => {
      const remote = controllableLoadModule();
      renderWithLoader(
        createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: 120_000 }),
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />,
      );
      act(() => jest.advanceTimersByTime(REMOTE_SLOW_NOTICE_MS));
      await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
      await remote.succeed('designer/ArtForm', ArtForm);
      expect(screen.getByRole('form', { name: 'Art form' })).toBeInTheDocument();
      expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument();
    });
  });
});

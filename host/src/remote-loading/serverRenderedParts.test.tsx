/**
 * A slot whose part the server rendered into the page (docs/ARCHITECTURE.md): the markup is shown
 * at once, adopted when the code arrives, and what the shopper did before then reaches the part.
 */
import { act, screen } from '@testing-library/react';
import { useId, useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  PART_ATTRIBUTES,
  PART_PLACEHOLDER_ATTRIBUTE,
  RELEASE_EXPORT,
  partIdentifierPrefix,
} from '@tshirt/shared';
import {
  EARLY_ANSWER_SHOWN_GLOBAL,
  HELD_ATTRIBUTE,
  HELD_EVENTS_GLOBAL,
  PART_LIVE,
} from '@tshirt/shared/pageStart';
import { holdPartEvents } from '../page-start/holdPartEvents';
import { RemoteLoaderProvider } from './RemoteLoaderContext';
import { RemoteSlot } from './RemoteSlot';
import { createRemoteLoader, type RemoteLoader } from './remoteLoader';
import { ServerPartsProvider, collectServerParts, type ServerParts } from './serverParts';

const RELEASE = 'release-1';
const MODULE_ID = 'designer/ArtForm';

/** A stand-in for the designer's form: ids, a field written to state, and a counting button. */
function ArtForm({ heading = 'Create your art' }: { heading?: string }) {
  const id = useId();
  const [interests, setInterests] = useState('');
  const [generated, setGenerated] = useState<string[]>([]);
  return (
    <form aria-labelledby={id} onSubmit={(event) => event.preventDefault()}>
      <h2 id={id}>{heading}</h2>
      <label>
        Interests
        <input
          name="interests"
          value={interests}
          onChange={(event) => setInterests(event.target.value)}
        />
      </label>
      <button type="button" onClick={() => setGenerated((list) => [...list, interests])}>
        Generate Art
      </button>
      <p>{generated.map((entry) => `generated: ${entry}`).join(', ')}</p>
    </form>
  );
}

/** A loadModule the test settles by hand, like a remote entry arriving late. */
function lateModule() {
  let arrive: (module: unknown) => void = () => undefined;
  const loadModule = jest.fn(() => new Promise<unknown>((resolve) => (arrive = resolve)));
  return { loadModule, arrive: (module: unknown) => act(async () => arrive(module)) };
}

function slotTree(loader: RemoteLoader, parts: ServerParts) {
  return (
    <RemoteLoaderProvider loader={loader}>
      <ServerPartsProvider parts={parts}>
        <RemoteSlot remote="designer" module="ArtForm" props={{}} />
      </ServerPartsProvider>
    </RemoteLoaderProvider>
  );
}

/**
 * The page as the server sends it: the host's slot, pre-rendered with its placeholder, with the
 * placeholder replaced by the part's markup in its element (as server/src/site/composition does).
 */
function serverComposedPage(partHtml: string): HTMLElement {
  const pending = createRemoteLoader({
    loadModule: () => new Promise(() => {}),
    timeoutMs: 60_000,
  });
  const slotHtml = renderToString(
    slotTree(pending, collectServerParts(document.createElement('div'))),
  );
  const partElement =
    `<div ${PART_ATTRIBUTES.part}="${MODULE_ID}" ${PART_ATTRIBUTES.release}="${RELEASE}" ` +
    `${PART_ATTRIBUTES.identifierPrefix}="${partIdentifierPrefix('designer', 'ArtForm')}" ` +
    `${PART_ATTRIBUTES.props}="{}"><div ${PART_ATTRIBUTES.root}>${partHtml}</div></div>`;
  const container = document.createElement('div');
  container.innerHTML = slotHtml.replace(
    new RegExp(`<div[^>]*${PART_PLACEHOLDER_ATTRIBUTE}[^>]*>.*?</div>`),
    partElement,
  );
  document.body.append(container);
  return container;
}

function fragmentOf(element: React.ReactElement): string {
  return renderToString(element, { identifierPrefix: partIdentifierPrefix('designer', 'ArtForm') });
}

describe('a slot with server-rendered markup', () => {
  let root: Root | undefined;
  beforeAll(() => {
    // The page-start script's part that holds taps, as the browser runs it before the first paint.
    holdPartEvents(window);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.replaceChildren();
    window[HELD_EVENTS_GLOBAL]?.splice(0);
  });

  async function hydratePage(container: HTMLElement, loader: RemoteLoader) {
    const parts = collectServerParts(container);
    await act(async () => {
      root = hydrateRoot(container, slotTree(loader, parts));
    });
  }

  /** Hydrates the page with the part's code still on its way; the test says when it arrives. */
  async function hydrateWaitingForCode(container: HTMLElement) {
    const remote = lateModule();
    await hydratePage(
      container,
      createRemoteLoader({ loadModule: remote.loadModule, timeoutMs: 60_000 }),
    );
    return remote;
  }

  it('shows the part at once and adopts the same elements when its code arrives', async () => {
    const container = serverComposedPage(fragmentOf(<ArtForm />));
    const field = screen.getByLabelText('Interests');
    const errors = jest.spyOn(console, 'error');
    const remote = await hydrateWaitingForCode(container);

    expect(screen.getByRole('heading', { name: 'Create your art' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await remote.arrive({ default: ArtForm, [RELEASE_EXPORT]: RELEASE });

    expect(screen.getByLabelText('Interests')).toBe(field);
    expect(container.querySelector(`[${PART_ATTRIBUTES.part}]`)).toHaveAttribute(
      PART_ATTRIBUTES.state,
      PART_LIVE,
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('holds a click made before the code arrives and replays it once the part is live', async () => {
    const container = serverComposedPage(fragmentOf(<ArtForm />));
    const remote = await hydrateWaitingForCode(container);

    const field = screen.getByLabelText<HTMLInputElement>('Interests');
    field.value = 'surfing';
    screen.getByRole('button', { name: 'Generate Art' }).click();
    expect(screen.getByRole('button', { name: 'Generate Art' })).toHaveAttribute(HELD_ATTRIBUTE);

    await remote.arrive({ default: ArtForm, [RELEASE_EXPORT]: RELEASE });
    await act(async () => undefined);

    expect(screen.getByText('generated: surfing')).toBeInTheDocument();
    expect(screen.getByLabelText('Interests')).toHaveValue('surfing');
    expect(screen.getByRole('button', { name: 'Generate Art' })).not.toHaveAttribute(
      HELD_ATTRIBUTE,
    );
  });

  it('replays a click made while the part hydrates, after its held clicks were taken', async () => {
    const container = serverComposedPage(fragmentOf(<ArtForm />));
    const remote = await hydrateWaitingForCode(container);
    function TappedWhileHydrating() {
      // The shopper taps as React commits the adopted markup, before the part is live.
      useLayoutEffect(() => screen.getByRole('button', { name: 'Generate Art' }).click(), []);
      return <ArtForm />;
    }

    await remote.arrive({ default: TappedWhileHydrating, [RELEASE_EXPORT]: RELEASE });
    await act(async () => undefined);

    expect(screen.getByText('generated:')).toBeInTheDocument();
    expect(window[HELD_EVENTS_GLOBAL]).toEqual([]);
  });

  it('adopts the markup only once an early answer is on the screen, the held click then replayed', async () => {
    const container = serverComposedPage(fragmentOf(<ArtForm />));
    const remote = await hydrateWaitingForCode(container);
    let show: () => void = () => undefined;
    window[EARLY_ANSWER_SHOWN_GLOBAL] = new Promise<void>((resolve) => (show = resolve));
    const part = container.querySelector(`[${PART_ATTRIBUTES.part}]`);
    try {
      screen.getByLabelText<HTMLInputElement>('Interests').value = 'kites';
      screen.getByRole('button', { name: 'Generate Art' }).click();

      await remote.arrive({ default: ArtForm, [RELEASE_EXPORT]: RELEASE });
      await act(async () => undefined);
      expect(part).not.toHaveAttribute(PART_ATTRIBUTES.state, PART_LIVE);
      expect(screen.queryByText('generated: kites')).not.toBeInTheDocument();

      await act(async () => show());
      expect(part).toHaveAttribute(PART_ATTRIBUTES.state, PART_LIVE);
      expect(screen.getByText('generated: kites')).toBeInTheDocument();
    } finally {
      delete window[EARLY_ANSWER_SHOWN_GLOBAL];
    }
  });

  it('renders the part anew, with no fallback, when the markup is from another release', async () => {
    const container = serverComposedPage(fragmentOf(<ArtForm heading="Old release" />));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const remote = await hydrateWaitingForCode(container);
    screen.getByLabelText<HTMLInputElement>('Interests').value = 'cats';

    await remote.arrive({ default: ArtForm, [RELEASE_EXPORT]: 'release-2' });
    await act(async () => undefined);

    expect(screen.getByRole('heading', { name: 'Create your art' })).toBeInTheDocument();
    expect(screen.queryByText('Old release')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Interests')).toHaveValue('cats');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('release-1'));
    warn.mockRestore();
  });

  it('replaces the markup with the fallback when the code never arrives', async () => {
    jest.useFakeTimers();
    try {
      const container = serverComposedPage(fragmentOf(<ArtForm />));
      await hydratePage(
        container,
        createRemoteLoader({ loadModule: () => new Promise(() => {}), timeoutMs: 5_000 }),
      );
      await act(async () => jest.advanceTimersByTime(5_000));
      expect(screen.getByRole('alert')).toHaveTextContent('The art designer could not be loaded');
      expect(screen.queryByLabelText('Interests')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

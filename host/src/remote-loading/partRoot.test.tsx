import { act } from '@testing-library/react';
import { useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { mountPartRoot, type PartRoot } from './partRoot';

const PREFIX = 'designer-ArtForm-';

/** A part with ids, a field and a button, like the remotes' parts. */
function Part({ greeting }: { greeting: string }) {
  const fieldId = useId();
  const [clicks, setClicks] = useState(0);
  return (
    <form aria-label="Part">
      <label htmlFor={fieldId}>Interests</label>
      <input id={fieldId} name="interests" defaultValue="" />
      <p>{greeting}</p>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Clicked {clicks} times
      </button>
    </form>
  );
}

function serverRendered(greeting: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = renderToString(<Part greeting={greeting} />, { identifierPrefix: PREFIX });
  document.body.append(element);
  return element;
}

/** `Part` with `greeting`, mounted in `element` as the host's slot mounts a part. */
function mountPart(
  element: HTMLElement,
  greeting: string,
  { hydrate, onLive = jest.fn() }: { hydrate: boolean; onLive?: () => void },
): PartRoot<{ greeting: string }> {
  return mountPartRoot({
    element,
    component: Part,
    props: { greeting },
    moduleId: 'designer/ArtForm',
    identifierPrefix: PREFIX,
    hydrate,
    onLive,
    onError: jest.fn(),
  });
}

describe('mountPartRoot', () => {
  let mounted: PartRoot<{ greeting: string }> | undefined;
  afterEach(() => {
    act(() => mounted?.unmount());
    document.body.replaceChildren();
  });

  it('adopts markup rendered alone with the same prefix, keeping its nodes and ids', async () => {
    const element = serverRendered('Hello');
    const field = element.querySelector('input');
    const id = field?.id;
    const onLive = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await act(async () => {
      mounted = mountPart(element, 'Hello', { hydrate: true, onLive });
    });

    expect(onLive).toHaveBeenCalledTimes(1);
    expect(element.querySelector('input')).toBe(field);
    expect(element.querySelector('input')?.id).toBe(id);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    await act(async () => element.querySelector('button')?.click());
    expect(element.querySelector('button')).toHaveTextContent('Clicked 1 times');
    errors.mockRestore();
    warnings.mockRestore();
  });

  it('keeps the server’s markup when given new props while it hydrates, and renders them once live', async () => {
    const element = serverRendered('Hello');
    const field = element.querySelector('input');
    const onLive = jest.fn();
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await act(async () => {
      mounted = mountPart(element, 'Hello', { hydrate: true, onLive });
      mounted.render({ greeting: 'Hello again' });
    });

    expect(onLive).toHaveBeenCalledTimes(1);
    expect(element).toHaveTextContent('Hello again');
    expect(element.querySelector('input')).toBe(field);
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
  });

  it('renders anew over markup it does not match, and still becomes live', async () => {
    const element = serverRendered('Markup of the old release');
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLive = jest.fn();

    await act(async () => {
      mounted = mountPart(element, 'Code of the new release', { hydrate: true, onLive });
    });

    expect(element).toHaveTextContent('Code of the new release');
    expect(element).not.toHaveTextContent('old release');
    expect(onLive).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  it('replaces the markup in one commit when told not to hydrate', async () => {
    const element = serverRendered('Old');
    await act(async () => {
      mounted = mountPart(element, 'New', { hydrate: false });
    });
    expect(element.querySelectorAll('form')).toHaveLength(1);
    expect(element).toHaveTextContent('New');
  });

  it('reports a part that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('broken release');
    }
    const element = document.createElement('div');
    document.body.append(element);
    const onError = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      mounted = mountPartRoot({
        element,
        component: Broken,
        props: {},
        moduleId: 'designer/ArtForm',
        identifierPrefix: PREFIX,
        hydrate: false,
        onLive: jest.fn(),
        onError,
      });
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken release' }));
    jest.restoreAllMocks();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ART_STYLES,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  GENERATE_IMAGE_PATH,
  orderStore,
} from '@tshirt/shared';
import { apiMockServer, storeFailsOnce } from '@tshirt/shared/mocks/node';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { generated, limitReached } from '../../test-support/generateAnswers';
import { PARTIAL_PICTURES, streamedGeneration } from '../../test-support/streamedAnswers';
import { stubWindowScrolling } from '../../test-support/windowScrolling';
import { getGenerationProgress } from '../generation-progress/generationProgress';
import ArtForm from './ArtForm';
import { ANY_ART_STYLE_TEXT } from './ArtStyleSelect';

const generateButton = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  stubWindowScrolling();
});

describe('ArtForm fields', () => {
  it('labels the Interests and Colors inputs and keeps Objects present but hidden', () => {
    render(<ArtForm />);
    expect(screen.getByRole('textbox', { name: FIELD_LABELS.interests })).toBeVisible();
    expect(screen.getByRole('textbox', { name: FIELD_LABELS.colors })).toBeVisible();
    const objects = screen.getByLabelText(FIELD_LABELS.objects);
    expect(objects).toBeInTheDocument();
    expect(objects).not.toBeVisible();
    expect(screen.queryByRole('textbox', { name: FIELD_LABELS.objects })).not.toBeInTheDocument();
  });

  it('offers exactly the spec art styles, the empty one first', () => {
    render(<ArtForm />);
    const select = screen.getByRole('combobox', { name: FIELD_LABELS.style });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual([...ART_STYLES]);
    expect(options[0]).toHaveTextContent(ANY_ART_STYLE_TEXT);
    expect(select).toHaveValue('');
  });

  it('writes every field to the shared store as the shopper types', async () => {
    const user = userEvent.setup();
    render(<ArtForm />);
    await user.type(screen.getByLabelText(FIELD_LABELS.interests), 'surfing');
    await user.type(screen.getByLabelText(FIELD_LABELS.colors), 'teal');
    await user.selectOptions(screen.getByLabelText(FIELD_LABELS.style), 'Graffiti');
    await user.click(screen.getByRole('button', { name: FIELD_LABELS.customizations }));
    await user.type(screen.getByLabelText(FIELD_LABELS.target), 'my sister');
    await user.type(screen.getByLabelText(FIELD_LABELS.occasion), 'birthday');

    expect(orderStore.getState()).toMatchObject({
      interests: 'surfing',
      colors: 'teal',
      style: 'Graffiti',
      target: 'my sister',
      occasion: 'birthday',
    });
  });

  it('shows values that other parts put in the store', () => {
    orderStore.update({ interests: 'cats', style: 'Sketch' });
    render(<ArtForm />);
    expect(screen.getByLabelText(FIELD_LABELS.interests)).toHaveValue('cats');
    expect(screen.getByLabelText(FIELD_LABELS.style)).toHaveValue('Sketch');
  });
});

describe('Additional customizations disclosure', () => {
  it('is a real button whose aria-expanded follows the panel', async () => {
    const user = userEvent.setup();
    render(<ArtForm />);
    const toggle = screen.getByRole('button', { name: FIELD_LABELS.customizations });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(screen.getByLabelText(FIELD_LABELS.target)).not.toBeVisible();
    expect(screen.getByLabelText(FIELD_LABELS.occasion)).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: FIELD_LABELS.target })).toBeVisible();
    expect(screen.getByRole('textbox', { name: FIELD_LABELS.occasion })).toBeVisible();
    expect(panel).toContainElement(screen.getByLabelText(FIELD_LABELS.target));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText(FIELD_LABELS.target)).not.toBeVisible();
  });

  it('opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<ArtForm />);
    screen.getByRole('button', { name: FIELD_LABELS.customizations }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: FIELD_LABELS.customizations })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: FIELD_LABELS.customizations })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Generate button', () => {
  it('starts as Generate Art', () => {
    render(<ArtForm />);
    expect(generateButton(GENERATE_BUTTON_LABELS.idle)).toBeEnabled();
  });

  it('sends every field URL-encoded, so &, #, ? and emoji arrive intact', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch(generated('/creator/images/a1.svg', 'a prompt'));
    render(<ArtForm />);
    await user.type(screen.getByLabelText(FIELD_LABELS.interests), 'rock & roll #1?');
    await user.type(screen.getByLabelText(FIELD_LABELS.colors), 'pink 🌸 & gold');
    await user.selectOptions(screen.getByLabelText(FIELD_LABELS.style), 'Oil Painting');
    await user.click(screen.getByRole('button', { name: FIELD_LABELS.customizations }));
    await user.type(screen.getByLabelText(FIELD_LABELS.target), 'Mom & Dad');
    await user.type(screen.getByLabelText(FIELD_LABELS.occasion), 'what? 50th #anniversary 🎉');
    act(() => orderStore.update({ objects: 'a=b&c' }));
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });

    expect(endpoint).toHaveBeenCalledTimes(1);
    const url = endpoint.requests[0]?.url;
    expect(url?.startsWith(`${GENERATE_IMAGE_PATH}?`)).toBe(true);
    expect(url).toContain(`interests=${encodeURIComponent('rock & roll #1?')}`);
    expect(url).toContain(`colors=${encodeURIComponent('pink 🌸 & gold')}`);
    expect(url).not.toMatch(/[#🌸🎉]/u);
    expect(Object.fromEntries(endpoint.requests[0]?.params ?? [])).toEqual({
      target: 'Mom & Dad',
      interests: 'rock & roll #1?',
      occasion: 'what? 50th #anniversary 🎉',
      colors: 'pink 🌸 & gold',
      style: 'Oil Painting',
      objects: 'a=b&c',
      // The shirt chosen, so the answer carries the artwork as drawn for it.
      shirt: 'Black',
    });
  });

  it('says Loading… while the request runs, then puts the image on the shirt and offers Re-Generate Art', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    render(<ArtForm />);

    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    expect(generateButton(GENERATE_BUTTON_LABELS.loading)).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(/generating your art/i);

    endpoint.requests[0]!.respond(generated('/creator/images/first.svg', 'A teal wave'));
    expect(await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(orderStore.getState()).toMatchObject({
      currentArtworkUrl: '/creator/images/first.svg',
      lastGeneratedUrl: '/creator/images/first.svg',
      prompt: 'A teal wave',
    });
    // The shirt comes into view with its new art at once.
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });

  it('re-generates to a new image that becomes both the artwork and the last generated image', async () => {
    // Answered by the shared mocked store API (tooling/test/setupApiMocks.ts), as on the dev page.
    const user = userEvent.setup();
    render(<ArtForm />);
    await user.type(screen.getByLabelText(FIELD_LABELS.interests), 'fishing');
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await user.click(await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated }));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    const first = orderStore.getState().currentArtworkUrl;
    await user.click(generateButton(GENERATE_BUTTON_LABELS.generated));
    await waitFor(() => expect(orderStore.getState().currentArtworkUrl).not.toBe(first));

    const { currentArtworkUrl, lastGeneratedUrl, prompt } = orderStore.getState();
    expect(currentArtworkUrl).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]+\.svg$/);
    expect(lastGeneratedUrl).toBe(currentArtworkUrl);
    expect(prompt).toContain('fishing');
  });

  it('sends only one request when pressed again while one is running', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    render(<ArtForm />);

    const button = generateButton(GENERATE_BUTTON_LABELS.idle);
    await user.click(button);
    await user.click(button);
    await user.dblClick(button);
    await user.type(screen.getByLabelText(FIELD_LABELS.interests), '{Enter}');
    expect(endpoint).toHaveBeenCalledTimes(1);

    endpoint.requests[0]!.respond(generated('/creator/images/only.svg', 'only'));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/only.svg');
  });

  it('says the daily limit is exceeded and changes nothing else', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch(generated('/creator/images/first.svg', 'first'), limitReached());
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await user.click(await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated }));
    const stateBefore = orderStore.getState();
    (window.scrollTo as jest.Mock).mockClear();

    const limited = await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.limitReached });
    expect(limited).toHaveAttribute('aria-disabled', 'true');
    expect(orderStore.getState()).toBe(stateBefore);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.scrollTo).not.toHaveBeenCalled();

    await user.click(limited);
    expect(endpoint).toHaveBeenCalledTimes(2);
  });

  it('on a server failure returns to the previous label and says generation failed and can be retried', async () => {
    // The shared mocked store API fails once, then draws as before.
    apiMockServer.use(
      storeFailsOnce(GENERATE_IMAGE_PATH, { message: 'The art studio is busy right now.' }),
    );
    const user = userEvent.setup();
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/generation failed/i);
    expect(alert).toHaveTextContent('The art studio is busy right now.');
    expect(alert).toHaveTextContent(/try again/i);
    expect(generateButton(GENERATE_BUTTON_LABELS.idle)).not.toHaveAttribute('aria-disabled');
    expect(orderStore.getState().currentArtworkUrl).toBe('');

    // Recovery: the next press works and clears the message.
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(orderStore.getState().currentArtworkUrl).toMatch(/^\/creator\/images\/.+\.svg$/);
  });

  it('after a failed re-generate keeps the earlier image and goes back to Re-Generate Art', async () => {
    const user = userEvent.setup();
    installFakeFetch(generated('/creator/images/first.svg', 'first'), new Error('offline'));
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await user.click(await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the store/i);
    expect(generateButton(GENERATE_BUTTON_LABELS.generated)).toBeInTheDocument();
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/first.svg');
  });
});

describe('Generate button with an image model that streams', () => {
  it('asks for the partial pictures and hands them to the preview, keeping Loading… until the final image', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    expect(new Headers(endpoint.mock.calls[0]![1]?.headers).get('accept')).toMatch(/^text\/event-stream\b/);
    const stream = streamedGeneration();
    endpoint.requests[0]!.respond(stream.response);

    (window.scrollTo as jest.Mock).mockClear();
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await waitFor(() => expect(getGenerationProgress().partial).toEqual({ image: PARTIAL_PICTURES[0], index: 0 }));
    expect(generateButton(GENERATE_BUTTON_LABELS.loading)).toHaveAttribute('aria-disabled', 'true');
    // The first partial picture brings the shirt at the top of the page into view.
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    // A partial picture is the designer's own business: the shared order never holds one.
    expect(orderStore.getState().currentArtworkUrl).toBe('');

    act(() => stream.done('/creator/images/fox.png', 'A fox'));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    expect(orderStore.getState()).toMatchObject({
      currentArtworkUrl: '/creator/images/fox.png',
      lastGeneratedUrl: '/creator/images/fox.png',
      prompt: 'A fox',
    });
    expect(getGenerationProgress()).toEqual({
      drawing: false,
      handedOver: { partialImage: PARTIAL_PICTURES[0], imageUrl: '/creator/images/fox.png' },
    });
  });

  it('says generation failed with the server’s reason when the drawing ends in an error', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    const stream = streamedGeneration();
    endpoint.requests[0]!.respond(stream.response);
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    act(() => stream.fail(400, 'image_refused', 'The model would not draw that. Try other words.'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/generation failed/i);
    expect(alert).toHaveTextContent('The model would not draw that. Try other words.');
    expect(generateButton(GENERATE_BUTTON_LABELS.idle)).not.toHaveAttribute('aria-disabled');
    expect(getGenerationProgress()).toEqual({ drawing: false });
    expect(orderStore.getState().currentArtworkUrl).toBe('');
  });

  it('cancels the drawing when it goes away', async () => {
    const user = userEvent.setup();
    const endpoint = installFakeFetch();
    const { unmount } = render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    const stream = streamedGeneration();
    endpoint.requests[0]!.respond(stream.response);
    act(() => stream.partial(PARTIAL_PICTURES[0], 0));
    await waitFor(() => expect(getGenerationProgress().partial).toBeDefined());

    unmount();
    expect(endpoint.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    expect(getGenerationProgress()).toEqual({ drawing: false });
    await stream.cancelled;
    expect(orderStore.getState().currentArtworkUrl).toBe('');
  });
});

describe('what the store refuses or could not draw', () => {
  const refusal = (field: string, message: string) =>
    jsonResponse(422, { error: { code: 'content_refused', message, field } });

  it('shows a refusal of the interests under Interests, marks that field, and clears it on the next try', async () => {
    const user = userEvent.setup();
    installFakeFetch(
      refusal('interests', 'We can’t print the words in “Interests”.'),
      generated('/creator/images/ok.svg', 'ok'),
    );
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));

    const interests = screen.getByRole('textbox', { name: FIELD_LABELS.interests });
    await waitFor(() => expect(interests).toBeInvalid());
    expect(interests).toHaveAccessibleDescription('We can’t print the words in “Interests”.');
    expect(screen.getByRole('alert')).toHaveTextContent('We can’t print the words in “Interests”.');
    expect(screen.queryByText(/generation failed/i)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: FIELD_LABELS.colors })).toBeValid();
    expect(generateButton(GENERATE_BUTTON_LABELS.idle)).not.toHaveAttribute('aria-disabled');

    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));
    await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated });
    expect(interests).toBeValid();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens Additional customizations to show a refusal of the recipient under its field', async () => {
    const user = userEvent.setup();
    installFakeFetch(refusal('target', 'We can’t print the words in “Who is it for?”.'));
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));

    const target = await screen.findByRole('textbox', { name: FIELD_LABELS.target });
    expect(target).toBeVisible();
    expect(target).toBeInvalid();
    expect(target).toHaveAccessibleDescription('We can’t print the words in “Who is it for?”.');
    expect(screen.getByRole('button', { name: FIELD_LABELS.customizations })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('names the words the art could not draw near Interests, until the next generation', async () => {
    const user = userEvent.setup();
    installFakeFetch(
      jsonResponse(200, {
        image_url: '/creator/images/some.svg',
        prompt: 'A cat',
        not_understood: ['zorblax', 'quuxle'],
      }),
      generated('/creator/images/all.svg', 'A cat'),
    );
    render(<ArtForm />);
    await user.click(generateButton(GENERATE_BUTTON_LABELS.idle));

    const interests = screen.getByRole('textbox', { name: FIELD_LABELS.interests });
    await waitFor(() =>
      expect(interests).toHaveAccessibleDescription('We could not draw: zorblax, quuxle.'),
    );
    expect(interests).toBeValid();
    expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/some.svg');

    await user.click(generateButton(GENERATE_BUTTON_LABELS.generated));
    await waitFor(() =>
      expect(orderStore.getState().currentArtworkUrl).toBe('/creator/images/all.svg'),
    );
    expect(screen.queryByText(/We could not draw/)).not.toBeInTheDocument();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS, GENERATE_BUTTON_LABELS, orderStore } from '@tshirt/shared';
import { stubWindowScrolling } from '../../test-support/windowScrolling';
import { StandaloneDesigner } from './StandaloneDesigner';

describe('StandaloneDesigner', () => {
  it('frames the three designer parts under its own header', () => {
    render(<StandaloneDesigner />);
    expect(screen.getByRole('heading', { level: 1, name: 'Designer (standalone)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Black Men's t-shirt preview" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Designs' })).toBeInTheDocument();
  });

  it('lets the shirt colour and style be tried through the store', async () => {
    const user = userEvent.setup();
    render(<StandaloneDesigner />);
    await user.selectOptions(screen.getByRole('combobox', { name: FIELD_LABELS.shirtColor }), 'Navy');
    await user.selectOptions(screen.getByRole('combobox', { name: FIELD_LABELS.shirtStyle }), 'Youth');
    expect(orderStore.getState()).toMatchObject({ shirtColor: 'Navy', shirtStyle: 'Youth' });
    expect(screen.getByRole('img', { name: 'Navy Youth t-shirt preview' })).toBeInTheDocument();
  });
});

describe('StandaloneDesigner on the mocked store API', () => {
  // Answered by the shared handlers (tooling/test/setupApiMocks.ts), as on the dev page with no store.
  it('generates art and puts it on the shirt, in view, and at the head of the designs', async () => {
    const scrollTo = stubWindowScrolling();
    const user = userEvent.setup();
    render(<StandaloneDesigner />);
    await user.type(screen.getByLabelText(FIELD_LABELS.interests), 'mountain bikes');
    await user.click(screen.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }));

    expect(await screen.findByRole('button', { name: GENERATE_BUTTON_LABELS.generated })).toBeInTheDocument();
    expect(orderStore.getState().currentArtworkUrl).toMatch(/^\/creator\/images\/.+\.svg$/);
    expect(orderStore.getState().prompt).toContain('mountain bikes');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    // The design joins the row once it is on the shirt (the browser has loaded and painted it).
    fireEvent.load(screen.getByRole('img', { name: orderStore.getState().prompt }));
    expect(
      await within(screen.getByRole('group', { name: 'Designs' })).findByText('Your design 1'),
    ).toBeInTheDocument();
  });
});

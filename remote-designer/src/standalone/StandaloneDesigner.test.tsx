import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS, GENERATE_BUTTON_LABELS, orderStore } from '@tshirt/shared';
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

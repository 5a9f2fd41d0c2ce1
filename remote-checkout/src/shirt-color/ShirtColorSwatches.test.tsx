import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStore } from '@tshirt/shared';
import { act } from 'react';
import { ShirtPicks } from '../checkout-panel/ShirtPicks';
import ShirtColorSwatches from './ShirtColorSwatches';

const COLORS = ['Black', 'White', 'Red', 'Blue', 'Navy', 'Light Grey', 'Dark Grey', 'Pink'];

describe('the shirt colour swatches', () => {
  it('offer every shirt colour as a radio named by its colour, in one labelled group', () => {
    render(<ShirtColorSwatches />);
    const group = screen.getByRole('radiogroup', { name: 'Shirt color' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(COLORS);
    for (const color of COLORS) expect(screen.getByRole('radio', { name: color })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
  });

  it('pick the colour with a tap or the arrow keys, and the Color select follows', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ShirtColorSwatches />
        <ShirtPicks />
      </>,
    );
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    expect(orderStore.getState().shirtColor).toBe('Navy');
    expect(screen.getByLabelText('Color')).toHaveValue('Navy');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light Grey' })).toBeChecked();
    expect(orderStore.getState().shirtColor).toBe('Light Grey');
  });

  it('follow a colour picked in the select', () => {
    render(<ShirtColorSwatches />);
    act(() => orderStore.update({ shirtColor: 'Pink' }));
    expect(screen.getByRole('radio', { name: 'Pink' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Black' })).not.toBeChecked();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStore } from '@tshirt/shared';
import { act } from 'react';
import { ShirtPicks } from './ShirtPicks';

// The spec's lists, typed out on purpose: these tests check the catalog as well as the markup.
const SPEC_OPTIONS = {
  Color: ['Black', 'White', 'Red', 'Blue', 'Navy', 'Light Grey', 'Dark Grey', 'Pink'],
  Style: ["Men's", "Women's", 'Youth'],
  Size: ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL'],
  Quantity: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
};
const SPEC_DEFAULTS = { Color: 'Black', Style: "Men's", Size: 'M', Quantity: '1' };

function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('Pick your shirt', () => {
  it('groups the four selects under "Pick your shirt"', () => {
    render(<ShirtPicks />);
    const group = screen.getByRole('group', { name: 'Pick your shirt' });
    for (const label of Object.keys(SPEC_OPTIONS)) {
      expect(within(group).getByRole('combobox', { name: label })).toBeInTheDocument();
    }
  });

  it.each(Object.entries(SPEC_OPTIONS))(
    'offers exactly the spec values for %s',
    (label, values) => {
      render(<ShirtPicks />);
      expect(optionTexts(screen.getByLabelText(label))).toEqual(values);
    },
  );

  it.each(Object.entries(SPEC_DEFAULTS))('starts %s on the spec default %s', (label, value) => {
    render(<ShirtPicks />);
    expect(screen.getByLabelText(label)).toHaveValue(value);
  });

  it('writes every pick to the shared store at once', async () => {
    const user = userEvent.setup();
    render(<ShirtPicks />);

    await user.selectOptions(screen.getByLabelText('Color'), 'Navy');
    expect(orderStore.getState().shirtColor).toBe('Navy');
    await user.selectOptions(screen.getByLabelText('Style'), "Women's");
    expect(orderStore.getState().shirtStyle).toBe("Women's");
    await user.selectOptions(screen.getByLabelText('Size'), 'XXL');
    expect(orderStore.getState().shirtSize).toBe('XXL');
    await user.selectOptions(screen.getByLabelText('Quantity'), '3');
    expect(orderStore.getState().quantity).toBe(3);
  });

  it('follows picks another part of the page makes through the store', () => {
    render(<ShirtPicks />);
    act(() => orderStore.update({ shirtColor: 'Pink', shirtSize: '6XL', quantity: 9 }));
    expect(screen.getByLabelText('Color')).toHaveValue('Pink');
    expect(screen.getByLabelText('Size')).toHaveValue('6XL');
    expect(screen.getByLabelText('Quantity')).toHaveValue('9');
  });
});

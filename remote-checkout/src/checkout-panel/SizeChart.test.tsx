import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStore } from '@tshirt/shared';
import { act } from 'react';
import { ShirtPicks } from './ShirtPicks';

function chartRows(): string[][] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) =>
      (['columnheader', 'rowheader', 'cell'] as const)
        .flatMap((role) => within(row).queryAllByRole(role))
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('the size chart beside the size select', () => {
  it('is closed until "Size chart" is pressed, then shows the chosen style’s chart', async () => {
    const user = userEvent.setup();
    render(<ShirtPicks />);
    expect(screen.getByRole('table', { name: /Men's sizes/ })).not.toBeVisible();
    await user.click(screen.getByText('Size chart'));
    expect(screen.getByRole('table', { name: /Men's sizes/ })).toBeVisible();
  });

  it('gives every size of the chosen style in inches and centimetres', () => {
    render(<ShirtPicks />);
    const rows = chartRows();
    expect(rows[0]).toEqual(['Size', 'Chest width', 'Body length']);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
      '4XL',
      '5XL',
      '6XL',
    ]);
    expect(rows[2]).toEqual(['M', '20 in (51 cm)', '29 in (74 cm)']);
  });

  it('follows the style picked, and marks the size picked', async () => {
    const user = userEvent.setup();
    render(<ShirtPicks />);
    await user.selectOptions(screen.getByLabelText('Style'), "Women's");
    await user.selectOptions(screen.getByLabelText('Size'), 'L');
    expect(screen.getByRole('table', { name: /Women's sizes/ })).toBeInTheDocument();
    const picked = screen.getByRole('rowheader', { name: 'L' }).closest('tr')!;
    expect(picked).toHaveAttribute('aria-current', 'true');
    expect(picked).toHaveTextContent('18½ in (47 cm)');

    act(() => orderStore.update({ shirtStyle: 'Youth' }));
    expect(screen.getByRole('table', { name: /Youth sizes/ })).toBeInTheDocument();
  });
});

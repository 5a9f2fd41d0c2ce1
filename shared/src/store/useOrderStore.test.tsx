import { act, render, screen } from '@testing-library/react';
import { createOrderStore } from './orderStore';
import { useOrderState } from './useOrderStore';

function ShirtColor({ store }: { store: ReturnType<typeof createOrderStore> }) {
  const color = useOrderState((state) => state.shirtColor, store);
  return <p>Color: {color}</p>;
}

it('re-renders a component when the slice it reads changes', () => {
  const store = createOrderStore();
  render(<ShirtColor store={store} />);
  expect(screen.getByText('Color: Black')).toBeInTheDocument();
  act(() => store.update({ shirtColor: 'Red' }));
  expect(screen.getByText('Color: Red')).toBeInTheDocument();
});

it('shares one state between two components reading the same store', () => {
  const store = createOrderStore();
  render(
    <>
      <ShirtColor store={store} />
      <ShirtColor store={store} />
    </>,
  );
  act(() => store.update({ shirtColor: 'Navy' }));
  expect(screen.getAllByText('Color: Navy')).toHaveLength(2);
});

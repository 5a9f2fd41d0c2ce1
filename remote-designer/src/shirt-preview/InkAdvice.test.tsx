import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStore, type ArtworkShirtAdvice } from '@tshirt/shared';
import InkAdvice from './InkAdvice';

const faintOnBlack: ArtworkShirtAdvice = {
  faintColors: { Black: ['navy', 'black'] },
  suggestedShirts: ['White', 'Light Grey', 'Pink'],
};

describe('InkAdvice', () => {
  it('says the engine’s artwork prints faint colours in shades that show', () => {
    render(<InkAdvice advice={faintOnBlack} shirtColor="Black" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Navy and black would barely show on a Black shirt, so the artwork prints them in shades that do. ' +
        'To print them as chosen, pick a White, Light Grey or Pink shirt.',
    );
  });

  it('keeps that wording when the advice says so in as many words', () => {
    render(<InkAdvice advice={{ ...faintOnBlack, ink: 'fitted' }} shirtColor="Black" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'so the artwork prints them in shades that do',
    );
  });

  it('says a model’s picture prints as drawn, with the shirts that show all of it', async () => {
    render(<InkAdvice advice={{ ...faintOnBlack, ink: 'as-drawn' }} shirtColor="Black" />);
    const advice = screen.getByRole('status');
    expect(advice).toHaveTextContent(
      'Navy and black parts of this picture would barely show on a Black shirt. ' +
        'To see all of it, pick a White, Light Grey or Pink shirt.',
    );
    expect(advice).not.toHaveTextContent(/shades that do/);
    await userEvent.click(screen.getByRole('button', { name: 'Use a Light Grey shirt' }));
    expect(orderStore.getState().shirtColor).toBe('Light Grey');
  });

  it('offers the shirts that show the most of a picture when none shows all of it', () => {
    const everywhere: ArtworkShirtAdvice = {
      ink: 'as-drawn',
      faintColors: { Black: ['navy'], White: ['gold'], Navy: ['navy', 'gold'] },
      suggestedShirts: ['Black', 'White'],
    };
    const { rerender } = render(<InkAdvice advice={everywhere} shirtColor="Navy" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Navy and gold parts of this picture would barely show on a Navy shirt. ' +
        'No shirt colour shows every part of it; a Black or White shirt shows the most.',
    );
    rerender(
      <InkAdvice advice={{ ...everywhere, suggestedShirts: ['Black'] }} shirtColor="Black" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No shirt colour shows every part of it; this one shows the most.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says once that a picture filling its rectangle prints as a rectangle, whatever the shirt', () => {
    const advice: ArtworkShirtAdvice = {
      ...faintOnBlack,
      ink: 'as-drawn',
      filledBackground: true,
    };
    const { rerender } = render(<InkAdvice advice={advice} shirtColor="Black" />);
    expect(screen.getByRole('status')).toHaveTextContent(/parts of this picture would barely show/);
    expect(
      screen.getAllByText(/fills its whole rectangle, so it prints as a rectangle/),
    ).toHaveLength(1);

    rerender(<InkAdvice advice={advice} shirtColor="White" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'This picture fills its whole rectangle, so it prints as a rectangle on the shirt.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent(/barely show/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says nothing when every colour shows and the picture has a background of its own', () => {
    render(<InkAdvice advice={{ ...faintOnBlack, ink: 'as-drawn' }} shirtColor="White" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

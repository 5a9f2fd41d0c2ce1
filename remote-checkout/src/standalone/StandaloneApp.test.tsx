import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREMADE_DESIGNS, orderStore } from '@tshirt/shared';
import { fakeNavigation } from '../../test-support/checkoutFakes';
import { PaymentNavigationContext } from '../checkout-panel/paymentNavigation';
import { StandaloneApp } from './StandaloneApp';
import { StandaloneLoadingPage } from './StandaloneLoadingPage';

describe('the standalone checkout', () => {
  it('frames the checkout on its own, titled Checkout (standalone)', () => {
    render(<StandaloneApp loadingPagePath="/loading" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Checkout (standalone)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pick your shirt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy It' })).toBeDisabled();
  });

  it('offers every pre-made design, and picking one enables Buy It', async () => {
    const user = userEvent.setup();
    render(<StandaloneApp loadingPagePath="/loading" />);
    const designs = within(screen.getByRole('list', { name: 'Pre-made designs' })).getAllByRole(
      'button',
    );
    expect(designs).toHaveLength(PREMADE_DESIGNS.length);

    const design = PREMADE_DESIGNS[3]!;
    await user.click(screen.getByRole('button', { name: design.title }));

    expect(orderStore.getState().currentArtworkUrl).toBe(design.imagePath);
    expect(screen.getByRole('button', { name: design.title })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Buy It' })).toBeEnabled();
  });

  it('clears the artwork again, disabling Buy It', async () => {
    const user = userEvent.setup();
    render(<StandaloneApp loadingPagePath="/loading" />);
    await user.click(screen.getByRole('button', { name: PREMADE_DESIGNS[0]!.title }));
    await user.click(screen.getByRole('button', { name: 'Clear artwork' }));

    expect(orderStore.getState().currentArtworkUrl).toBe('');
    expect(screen.getByRole('button', { name: 'Buy It' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear artwork' })).toBeDisabled();
  });

  it('serves the loading page the payment tab opens on', () => {
    render(<StandaloneLoadingPage />);
    expect(screen.getByRole('heading', { name: 'Loading your order…' })).toBeInTheDocument();
  });

  // These answer from the shared mocked store API (tooling/test/setupApiMocks.ts), as the dev page does.
  it('quotes the shipping the store says, before Buy It', async () => {
    render(<StandaloneApp loadingPagePath="/loading" />);
    expect(await screen.findByText(/\$4\.99 USD shipping/)).toBeInTheDocument();
  });

  it('sends the order and then the payment tab to the payment page the store links', async () => {
    const user = userEvent.setup();
    const { navigation, tab } = fakeNavigation();
    render(
      <PaymentNavigationContext value={navigation}>
        <StandaloneApp loadingPagePath="/loading" />
      </PaymentNavigationContext>,
    );
    await user.click(screen.getByRole('button', { name: PREMADE_DESIGNS[4]!.title }));
    await user.click(screen.getByRole('button', { name: 'Buy It' }));

    expect(navigation.openTab).toHaveBeenCalledWith('/loading');
    await waitFor(() => expect(tab.location.href).toMatch(/^\/mock-payment\?order=/));
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREMADE_DESIGNS, orderStore } from '@tshirt/shared';
import { act } from 'react';
import { installFakeFetch } from '@tshirt/tooling/test/fakeFetch';
import { fakeNavigation, settlePromises } from '../../test-support/checkoutFakes';
import CheckoutPanel from './CheckoutPanel';
import { PaymentNavigationContext, type PaymentNavigation } from './paymentNavigation';
import { StoreOfferContext } from './storeOffer';

/** The store has not said what shipping costs: these tests are about the shirts and Buy It. */
const NO_OFFER = () => Promise.resolve(undefined);

const PAYMENT_LINK = 'https://pay.example.test/session/abc';
const DESIGN = PREMADE_DESIGNS[2]!;
const HINT = 'Generate art or pick a design to continue';

function renderPanel(navigation: PaymentNavigation, loadingPagePath?: string) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <StoreOfferContext value={NO_OFFER}>
      <PaymentNavigationContext value={navigation}>
        <CheckoutPanel {...(loadingPagePath ? { loadingPagePath } : {})} />
      </PaymentNavigationContext>
    </StoreOfferContext>,
  );
  return { user, buyButton: () => screen.getByRole('button', { name: /Buy It|Loading…/ }) };
}

function chooseArtwork() {
  act(() => orderStore.selectDesign(DESIGN.imagePath));
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the total', () => {
  it('shows $19.99 USD for the default single shirt', () => {
    renderPanel(fakeNavigation().navigation);
    expect(screen.getByRole('status')).toHaveTextContent('Total: $19.99 USD');
  });

  it('follows every quantity the shopper picks', async () => {
    const { user } = renderPanel(fakeNavigation().navigation);
    const expectedTotals: Record<string, string> = {
      '1': '$19.99',
      '2': '$39.98',
      '3': '$59.97',
      '4': '$79.96',
      '5': '$99.95',
      '6': '$119.94',
      '7': '$139.93',
      '8': '$159.92',
      '9': '$179.91',
    };
    for (const [quantity, total] of Object.entries(expectedTotals)) {
      await user.selectOptions(screen.getByLabelText('Quantity'), quantity);
      expect(screen.getByRole('status')).toHaveTextContent(`Total: ${total} USD`);
    }
  });
});

describe('Buy It without artwork', () => {
  it('is disabled and says why', () => {
    const { buyButton } = renderPanel(fakeNavigation().navigation);
    expect(buyButton()).toHaveTextContent('Buy It');
    expect(buyButton()).toBeDisabled();
    expect(buyButton()).toHaveAccessibleDescription(HINT);
    expect(screen.getByText(HINT)).toBeVisible();
  });

  it('becomes available once a design is chosen, and unavailable again when it is taken off', () => {
    const { buyButton } = renderPanel(fakeNavigation().navigation);
    chooseArtwork();
    expect(buyButton()).toBeEnabled();
    expect(buyButton()).not.toHaveAccessibleDescription(HINT);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();

    act(() => orderStore.selectDesign(DESIGN.imagePath));
    expect(buyButton()).toBeDisabled();
    expect(screen.getByText(HINT)).toBeInTheDocument();
  });

  it('sends nothing and opens no tab when pressed', async () => {
    const fetchMock = installFakeFetch();
    const { navigation } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    await user.click(buyButton());
    expect(navigation.openTab).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Buy It labels', () => {
  it('reads Buy It, then Loading… while the order is sent, then Buy It when this tab pays', async () => {
    const { requests } = installFakeFetch();
    const { user, buyButton } = renderPanel(fakeNavigation({ blocked: true }).navigation);
    chooseArtwork();
    expect(buyButton()).toHaveAccessibleName('Buy It');

    await user.click(buyButton());
    expect(buyButton()).toHaveAccessibleName('Loading…');
    expect(buyButton()).toHaveAttribute('aria-disabled', 'true');

    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    expect(buyButton()).toHaveAccessibleName('Buy It');
    expect(buyButton()).not.toHaveAttribute('aria-disabled');
  });

  it('reads Buy It again after a failure', async () => {
    const { requests } = installFakeFetch();
    const { user, buyButton } = renderPanel(fakeNavigation().navigation);
    chooseArtwork();

    await user.click(buyButton());
    expect(buyButton()).toHaveAccessibleName('Loading…');
    requests[0]!.answer(500, {
      error: { code: 'internal', message: 'The order could not be saved.' },
    });
    await settlePromises();
    expect(buyButton()).toHaveAccessibleName('Buy It');
    expect(buyButton()).toBeEnabled();
  });
});

describe('the payment tab', () => {
  it('opens on /loading inside the click, before the order is answered, cut off from this window', async () => {
    const fetchMock = installFakeFetch();
    const { requests } = fetchMock;
    const { navigation, tab } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());

    expect(navigation.openTab).toHaveBeenCalledTimes(1);
    expect(navigation.openTab).toHaveBeenCalledWith('/loading');
    expect(navigation.openTab.mock.invocationCallOrder[0]).toBeLessThan(
      fetchMock.mock.invocationCallOrder[0]!,
    );
    expect(requests).toHaveLength(1);
    expect(tab.location.href).toBe('/loading');
    expect(tab.opener).toBeNull();
  });

  it('opens on the loading page the host names', async () => {
    installFakeFetch();
    const { navigation } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation, '/shop/loading');
    chooseArtwork();
    await user.click(buyButton());
    expect(navigation.openTab).toHaveBeenCalledWith('/shop/loading');
  });

  it('is sent to the payment link 500 ms after the answer, not before', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    expect(tab.location.href).toBe('/loading');

    act(() => jest.advanceTimersByTime(499));
    expect(tab.location.href).toBe('/loading');

    act(() => jest.advanceTimersByTime(1));
    expect(tab.location.href).toBe(PAYMENT_LINK);
    expect(tab.close).not.toHaveBeenCalled();
    expect(navigation.goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('is closed on failure, with an alert saying what went wrong, and Buy It works again', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    requests[0]!.answer(400, {
      error: { code: 'invalid_image', message: 'That artwork is not one of ours.' },
    });
    await settlePromises();

    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('That artwork is not one of ours.');
    act(() => jest.advanceTimersByTime(5_000));
    expect(tab.location.href).toBe('/loading');

    await user.click(buyButton());
    expect(requests).toHaveLength(2);
    expect(navigation.openTab).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('is closed with the client message when the store cannot be reached', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    requests[0]!.failToConnect();
    await settlePromises();

    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(/could not reach the store/i);
  });

  it('is closed when the server sends a link that is not a web page', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    requests[0]!.answer(200, { paymentLinkURL: 'javascript:alert(1)' });
    await settlePromises();
    act(() => jest.advanceTimersByTime(1_000));

    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('/loading');
    expect(screen.getByRole('alert')).toHaveTextContent(/payment link/i);
  });

  it('is replaced by this tab going to the payment page when the browser blocks it', async () => {
    const { requests } = installFakeFetch();
    const { navigation } = fakeNavigation({ blocked: true });
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    expect(requests).toHaveLength(1);
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();

    expect(navigation.goTo).toHaveBeenCalledTimes(1);
    expect(navigation.goTo).toHaveBeenCalledWith(PAYMENT_LINK);
  });

  it('shows the failure in this tab when the browser blocked the new one', async () => {
    const { requests } = installFakeFetch();
    const { navigation } = fakeNavigation({ blocked: true });
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.click(buyButton());
    requests[0]!.answer(503, { error: { code: 'busy', message: 'The shop is busy.' } });
    await settlePromises();

    expect(navigation.goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('The shop is busy.');
  });

  it('sends the order once for a double click', async () => {
    const fetchMock = installFakeFetch();
    const { requests } = fetchMock;
    const { navigation } = fakeNavigation();
    const { user, buyButton } = renderPanel(navigation);
    chooseArtwork();

    await user.dblClick(buyButton());
    await user.click(buyButton());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigation.openTab).toHaveBeenCalledTimes(1);
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('this tab while the payment is open in the other', () => {
  async function buyIntoNewTab() {
    const { requests } = installFakeFetch();
    const { navigation } = fakeNavigation();
    const rendered = renderPanel(navigation);
    chooseArtwork();
    await rendered.user.click(rendered.buyButton());
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    return { ...rendered, requests, navigation };
  }

  it('brings Buy It back when the call ends, with the notice that the payment page is open beside it', async () => {
    const { buyButton } = await buyIntoNewTab();
    const notice = screen.getByText('Your payment page is open in another tab').parentElement!;
    expect(notice).toHaveRole('status');
    expect(buyButton()).toHaveTextContent('Buy It');
    expect(buyButton()).toBeEnabled();
    expect(buyButton()).not.toHaveAttribute('aria-disabled');
    const again = screen.getByRole('link', { name: 'Open the payment page again' });
    expect(again).toHaveAttribute('href', PAYMENT_LINK);
    expect(again).toHaveAttribute('target', '_blank');
  });

  it('places another order when Buy It is pressed again, and names its payment page', async () => {
    const { user, buyButton, requests, navigation } = await buyIntoNewTab();
    await user.click(buyButton());
    expect(navigation.openTab).toHaveBeenCalledTimes(2);
    requests[1]!.answer(200, { paymentLinkURL: `${PAYMENT_LINK}-2` });
    await settlePromises();
    expect(requests).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open the payment page again' })).toHaveAttribute(
      'href',
      `${PAYMENT_LINK}-2`,
    );
    expect(buyButton()).toHaveTextContent('Buy It');
  });

  it('drops the notice once the shirt or the art is changed: that is another order', async () => {
    const { user } = await buyIntoNewTab();
    await user.selectOptions(screen.getByLabelText('Size'), 'XL');
    expect(screen.queryByText('Your payment page is open in another tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy It' })).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Size'), 'M');
    expect(screen.getByText('Your payment page is open in another tab')).toBeInTheDocument();
  });
});

describe('the checkout request', () => {
  it('is a POST to /creator/checkout carrying every option, URL-encoded', async () => {
    const { requests } = installFakeFetch();
    const { user, buyButton } = renderPanel(fakeNavigation().navigation);
    const imageUrl = '/creator/images/cats & dogs#1?.png';
    const prompt = 'Cats & dogs #1? 100% fun / "quoted"';
    act(() => {
      orderStore.update({
        shirtColor: 'Navy',
        shirtStyle: "Women's",
        shirtSize: 'XXL',
        quantity: 3,
      });
      orderStore.recordGeneratedImage(imageUrl, prompt);
    });

    await user.click(buyButton());

    const { url, method } = requests[0]!;
    expect(method).toBe('POST');
    const sent = new URL(url, 'http://shop.test');
    expect(sent.pathname).toBe('/creator/checkout');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      productName: 'Custom Graphic T-shirt',
      quantity: '3',
      shirtStyle: "Women's",
      shirtColor: 'Navy',
      shirtSize: 'XXL',
      imageURL: imageUrl,
      prompt,
    });
    expect(url).toContain('imageURL=%2Fcreator%2Fimages%2Fcats%20%26%20dogs%231%3F.png');
    expect(url).toContain('prompt=Cats%20%26%20dogs%20%231%3F%20100%25%20fun');
    expect(url).toContain('productName=Custom%20Graphic%20T-shirt');
  });

  it('names a pre-made design by its title', async () => {
    const { requests } = installFakeFetch();
    const { user, buyButton } = renderPanel(fakeNavigation().navigation);
    chooseArtwork();
    await user.click(buyButton());
    const sent = new URL(requests[0]!.url, 'http://shop.test');
    expect(sent.searchParams.get('imageURL')).toBe(DESIGN.imagePath);
    expect(sent.searchParams.get('prompt')).toBe(DESIGN.title);
  });
});

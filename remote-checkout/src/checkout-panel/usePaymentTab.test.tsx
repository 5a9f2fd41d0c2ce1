import { act, renderHook } from '@testing-library/react';
import { PREMADE_DESIGNS, orderStore } from '@tshirt/shared';
import type { ReactNode } from 'react';
import { installFakeFetch } from '@tshirt/tooling/test/fakeFetch';
import { fakeNavigation, settlePromises } from '../../test-support/checkoutFakes';
import { PaymentNavigationContext, type PaymentNavigation } from './paymentNavigation';
import { isOpenablePaymentLink, usePaymentTab } from './usePaymentTab';

const PAYMENT_LINK = 'https://pay.example.test/session/xyz';

function renderFlow(navigation: PaymentNavigation) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PaymentNavigationContext value={navigation}>{children}</PaymentNavigationContext>
  );
  return renderHook(() => usePaymentTab('/loading'), { wrapper });
}

beforeEach(() => {
  orderStore.selectDesign(PREMADE_DESIGNS[0]!.imagePath);
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('usePaymentTab', () => {
  it('sends one order when buy() runs twice before React re-renders', () => {
    const fetchMock = installFakeFetch();
    const { navigation } = fakeNavigation();
    const { result } = renderFlow(navigation);

    act(() => {
      const { buy } = result.current;
      buy();
      buy();
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigation.openTab).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('sending');
  });

  it('accepts a new press once the previous order has been answered', async () => {
    const { requests } = installFakeFetch();
    const { result } = renderFlow(fakeNavigation().navigation);

    act(() => result.current.buy());
    requests[0]!.answer(500, { error: { code: 'internal', message: 'Try later.' } });
    await settlePromises();
    expect(result.current).toMatchObject({ status: 'idle', failureMessage: 'Try later.' });

    act(() => result.current.buy());
    expect(requests).toHaveLength(2);
    expect(result.current).toMatchObject({ status: 'sending', failureMessage: '' });
  });

  it('goes to the payment page here when the shopper closed the loading tab while waiting', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { result } = renderFlow(navigation);

    act(() => result.current.buy());
    tab.closed = true;
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    act(() => jest.advanceTimersByTime(500));

    expect(navigation.goTo).toHaveBeenCalledWith(PAYMENT_LINK);
  });

  it('still sends the tab on when the panel is unmounted while the order is out', async () => {
    const { requests } = installFakeFetch();
    const { navigation, tab } = fakeNavigation();
    const { result, unmount } = renderFlow(navigation);

    act(() => result.current.buy());
    unmount();
    requests[0]!.answer(200, { paymentLinkURL: PAYMENT_LINK });
    await settlePromises();
    act(() => jest.advanceTimersByTime(500));

    expect(tab.location.href).toBe(PAYMENT_LINK);
  });
});

describe('isOpenablePaymentLink', () => {
  it.each([
    ['https://checkout.stripe.com/c/pay/cs_test_1', true],
    ['http://localhost:8080/pay/test/42', true],
    ['/pay/test/42', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>1</script>', false],
  ])('judges %s openable: %s', (link, openable) => {
    expect(isOpenablePaymentLink(link)).toBe(openable);
  });
});

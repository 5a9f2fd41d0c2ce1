import { useCallback, useContext, useRef, useState } from 'react';
import {
  PAYMENT_REDIRECT_DELAY_MS,
  createCheckout,
  orderStore,
  toCheckoutOrder,
  useOrderState,
  type CheckoutOrder,
  type CheckoutResult,
  type OrderState,
} from '@tshirt/shared';
import {
  PaymentNavigationContext,
  type PaymentNavigation,
  type PaymentTab,
} from './paymentNavigation';

export type PaymentTabStatus = 'idle' | 'sending';

export interface PaymentTabFlow {
  status: PaymentTabStatus;
  /** What went wrong with the last attempt, for the alert region; empty when nothing did. */
  failureMessage: string;
  /** Starts checkout. Call it straight from the click handler: the tab must open inside the gesture. */
  buy(): void;
  /** The payment link open in another tab for the order as it is picked now; empty when none is. */
  paymentOpenAt: string;
}

/** What makes one order differ from another: the art and the shirt. */
const orderKey = (state: OrderState) =>
  [
    state.currentArtworkUrl,
    state.shirtColor,
    state.shirtStyle,
    state.shirtSize,
    state.quantity,
  ].join('|');

const UNEXPECTED_FAILURE_MESSAGE = 'Something unexpected stopped your checkout. Please try again.';
const UNSAFE_LINK_MESSAGE = 'The store sent a payment link we cannot open. Please try again.';

/**
 * Buy It's flow: open a tab on the loading page at once (popup blockers allow it only inside the
 * click), send the order, then send that tab to the payment page `PAYMENT_REDIRECT_DELAY_MS` later.
 * A blocked tab means paying in this tab; a failure closes the tab and reports what went wrong.
 */
export function usePaymentTab(loadingPagePath: string): PaymentTabFlow {
  const navigation = useContext(PaymentNavigationContext);
  // A ref, not state: two clicks can land before React re-renders the button as busy.
  const orderInFlight = useRef(false);
  const [status, setStatus] = useState<PaymentTabStatus>('idle');
  const [failureMessage, setFailureMessage] = useState('');
  const [placed, setPlaced] = useState<{ link: string; order: string } | null>(null);
  const currentOrder = useOrderState(orderKey);

  const buy = useCallback(() => {
    if (orderInFlight.current) return;
    orderInFlight.current = true;
    setStatus('sending');
    setFailureMessage('');

    const tab = openLoadingTab(navigation, loadingPagePath);
    const order = toCheckoutOrder(orderStore.getState());
    const key = orderKey(orderStore.getState());

    void sendOrder(order).then((result) => {
      orderInFlight.current = false;
      setStatus('idle');
      if (result.kind === 'ok' && isOpenablePaymentLink(result.paymentLinkURL)) {
        sendToPaymentPage(navigation, tab, result.paymentLinkURL);
        // This order is being paid in the other tab: the page says so beside Buy It.
        if (tab) setPlaced({ link: result.paymentLinkURL, order: key });
        return;
      }
      tab?.close();
      setFailureMessage(result.kind === 'error' ? result.error.message : UNSAFE_LINK_MESSAGE);
    });
  }, [navigation, loadingPagePath]);
  // Changing the art or the shirt makes another order: the notice was about the one before.
  const paymentOpenAt = placed?.order === currentOrder ? placed.link : '';
  return { status, failureMessage, buy, paymentOpenAt };
}

function openLoadingTab(navigation: PaymentNavigation, loadingPagePath: string): PaymentTab | null {
  const tab = navigation.openTab(loadingPagePath);
  // Cut the link back to the shop's window: the tab is about to show a third-party payment page.
  if (tab) tab.opener = null;
  return tab;
}

async function sendOrder(order: CheckoutOrder): Promise<CheckoutResult> {
  try {
    return await createCheckout(order);
  } catch {
    // The client reports failures as results; this only catches the truly unforeseen.
    return { kind: 'error', error: { code: 'unexpected', message: UNEXPECTED_FAILURE_MESSAGE } };
  }
}

function sendToPaymentPage(
  navigation: PaymentNavigation,
  tab: PaymentTab | null,
  link: string,
): void {
  if (tab === null) {
    // The browser blocked the new tab: there is no loading page to leave, so pay here now.
    navigation.goTo(link);
    return;
  }
  setTimeout(() => {
    // The shopper closed the loading tab while waiting; the order is made, so carry on here.
    if (tab.closed) navigation.goTo(link);
    else tab.location.href = link;
  }, PAYMENT_REDIRECT_DELAY_MS);
}

/** Only web links: a `javascript:` URL set on a same-origin tab would run in the shop's origin. */
export function isOpenablePaymentLink(link: string): boolean {
  try {
    const { protocol } = new URL(link, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

import { createContext } from 'react';

/** The part of a browser tab the checkout flow touches; a real `Window` fits it. */
export interface PaymentTab {
  opener: unknown;
  readonly closed: boolean;
  location: { href: string };
  close(): void;
}

/** The browser calls the payment flow makes, gathered so tests can stand in for them. */
export interface PaymentNavigation {
  /** Opens a new tab on `url`; `null` when the browser blocked it. */
  openTab(url: string): PaymentTab | null;
  /** Leaves the current page for `url`. */
  goTo(url: string): void;
}

export const browserNavigation: PaymentNavigation = {
  // No 'noopener': with it the browser returns null and we could not send the tab on to payment.
  openTab: (url) => window.open(url, '_blank'),
  goTo: (url) => window.location.assign(url),
};

/** Provides the browser calls to the checkout panel; tests render it with fakes. */
export const PaymentNavigationContext = createContext<PaymentNavigation>(browserNavigation);

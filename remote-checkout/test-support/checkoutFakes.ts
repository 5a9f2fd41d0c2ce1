import { act } from '@testing-library/react';
import type { PaymentNavigation, PaymentTab } from '../src/checkout-panel/paymentNavigation';

export interface FakeTab extends PaymentTab {
  close: jest.Mock;
  closed: boolean;
}

/** Browser calls for the payment flow; `blocked` acts like a popup blocker. */
export function fakeNavigation({ blocked = false } = {}) {
  const tab: FakeTab = {
    opener: window,
    closed: false,
    location: { href: 'about:blank' },
    close: jest.fn(() => {
      tab.closed = true;
    }),
  };
  const navigation = {
    openTab: jest.fn((url: string) => {
      if (blocked) return null;
      tab.location.href = url;
      return tab;
    }),
    goTo: jest.fn<void, [string]>(),
  } satisfies PaymentNavigation;
  return { navigation, tab };
}

/** Lets pending promise chains (fetch → json → client → flow) run to the end inside act(). */
export async function settlePromises(): Promise<void> {
  await act(async () => {
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
  });
}

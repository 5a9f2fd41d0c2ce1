import { act } from '@testing-library/react';
import type { PaymentNavigation, PaymentTab } from '../checkout-panel/paymentNavigation';

/** A checkout request the test answers when it chooses to. */
export interface PendingRequest {
  url: string;
  method: string | undefined;
  answer(status: number, body: unknown): void;
  failToConnect(): void;
}

/** Replaces `fetch` with one that holds every request until the test answers it. */
export function holdFetchRequests(): { requests: PendingRequest[]; fetchMock: jest.SpyInstance } {
  const requests: PendingRequest[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(
    (input, init) =>
      new Promise<Response>((resolve, reject) => {
        requests.push({
          url: String(input),
          method: init?.method,
          answer: (status, body) => resolve(jsonResponse(status, body)),
          failToConnect: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  );
  return { requests, fetchMock };
}

// A Response look-alike whose json() settles in one microtask, so fake-timer tests stay predictable.
function jsonResponse(status: number, body: unknown): Response {
  return { status, headers: new Headers(), json: () => Promise.resolve(body) } as Response;
}

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

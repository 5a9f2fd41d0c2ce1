import '@testing-library/jest-dom';
import { orderStore } from '@tshirt/shared';

// Each test starts with the order choices a new shopper has, whatever the previous one picked.
beforeEach(() => orderStore.reset());

// A test may install a fake fetch (fakeFetch.ts); the next one gets the real one back.
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

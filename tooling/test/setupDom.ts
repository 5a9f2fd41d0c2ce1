import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { orderStore } from '@tshirt/shared';

// findBy… and waitFor wait on a condition; their default of 1 s is a time limit a busy machine misses.
configure({ asyncUtilTimeout: 15_000 });

// Each test starts with the order choices a new shopper has, whatever the previous one picked.
beforeEach(() => orderStore.reset());

// A test may install a fake fetch (fakeFetch.ts); the next one gets the real one back.
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/**
 * Jest setup of the browser tests: the pages a test opened (the payment tab too) are closed after
 * it, and it fails if any of them threw an uncaught error or broke its Content-Security-Policy.
 */
import { endTestPages, startTestPages } from './browser';

beforeEach(() => startTestPages());

afterEach(async () => {
  expect(await endTestPages()).toEqual([]);
});

/**
 * The mocked API for component tests: the same handlers as a remote's dev page (./handlers.ts),
 * through MSW's interception of fetch in Node. Started by the remotes' Jest set-up
 * (tooling/test/setupApiMocks.ts); a test changes an answer with `apiMockServer.use(…)`, undone
 * after it.
 */
import { setupServer } from 'msw/node';
import { createApiHandlers } from './handlers';

export const apiMockServer = setupServer(...createApiHandlers());

export { generationLimitReached, storeFailsOnce } from './handlers';
export { mockOrderToken, MOCK_STORE_OFFER, type MockOrder } from './mockOrders';

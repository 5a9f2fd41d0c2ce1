/**
 * The remotes' component tests answer from the mocked store API (shared/src/mocks), the same
 * handlers as a remote's dev page. Listed before setupDom.ts: its fetch restore after each test
 * then puts MSW's intercepting fetch back. A test that installs its own fake fetch bypasses it.
 */
import { apiMockServer } from '@tshirt/shared/mocks/node';

apiMockServer.listen({ onUnhandledRequest: 'bypass' });
afterEach(() => apiMockServer.resetHandlers());
afterAll(() => apiMockServer.close());

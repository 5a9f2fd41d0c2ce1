import { standaloneApi, storeUnreachableMessage } from './standaloneDevApi';

describe("a remote's dev page API", () => {
  it('is the mocked one unless API says otherwise or a store is named', () => {
    expect(standaloneApi({})).toBe('mock');
    expect(standaloneApi({ API_PROXY_TARGET: 'http://127.0.0.1:9090' })).toBe('real');
    expect(standaloneApi({ API: 'real' })).toBe('real');
    expect(standaloneApi({ API: 'mock', API_PROXY_TARGET: 'http://127.0.0.1:9090' })).toBe('mock');
  });

  it('refuses any other API value, naming it', () => {
    expect(() => standaloneApi({ API: 'fake' })).toThrow(
      'API must be "mock" or "real" (got "fake")',
    );
  });

  it('says which store does not answer and what to run', () => {
    expect(storeUnreachableMessage('http://127.0.0.1:8080', true)).toBe(
      'The store API at http://127.0.0.1:8080 is not answering. Start it with "npm start" (or "npm run dev -w server"), or run this page on the mocked API with API=mock.',
    );
    expect(storeUnreachableMessage('http://127.0.0.1:8080', false)).not.toContain('API=mock');
  });
});

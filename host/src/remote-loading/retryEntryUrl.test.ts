import { retryEntryUrl } from './retryEntryUrl';

describe('retryEntryUrl', () => {
  it('adds the attempt to a same-origin entry path', () => {
    expect(
      retryEntryUrl('/remotes/designer/remoteEntry.js', 2, 'https://shop.example/product'),
    ).toBe('https://shop.example/remotes/designer/remoteEntry.js?retry=2');
  });

  it('keeps an existing query and replaces an earlier attempt', () => {
    expect(retryEntryUrl('https://cdn.example/remoteEntry.js?v=7&retry=1', 3)).toBe(
      'https://cdn.example/remoteEntry.js?v=7&retry=3',
    );
  });
});

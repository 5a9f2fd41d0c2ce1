import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  type SiteConfig,
} from '@tshirt/shared/contract';
import { withReleases } from './siteConfig';

const config: SiteConfig = {
  brandName: DEFAULT_BRAND_NAME,
  contactEmail: DEFAULT_CONTACT_EMAIL,
  remotes: {
    designer: { entry: '/remotes/designer/remoteEntry.js' },
    checkout: { entry: 'https://cdn.example/checkout/remoteEntry.js?team=co' },
  },
  remoteTimeoutMs: 120_000,
  unitPrice: '$19.99 USD',
};

describe('withReleases', () => {
  it('adds each release to its remote’s entry URL, same-origin or not, keeping what was there', () => {
    expect(withReleases(config, { designer: 'abc123', checkout: 'f00' }).remotes).toEqual({
      designer: { entry: '/remotes/designer/remoteEntry.js?release=abc123' },
      checkout: { entry: 'https://cdn.example/checkout/remoteEntry.js?team=co&release=f00' },
    });
  });

  it('leaves a remote without a known release, and the configuration given, as they were', () => {
    const released = withReleases(config, { designer: 'abc123' });
    expect(released.remotes.checkout).toEqual(config.remotes.checkout);
    expect(config.remotes.designer.entry).toBe('/remotes/designer/remoteEntry.js');
  });
});

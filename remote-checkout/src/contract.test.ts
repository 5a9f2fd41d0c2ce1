import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, type ExposedModule } from '@tshirt/shared';
import * as checkoutPanelModule from './checkout-panel/CheckoutPanel';
import { CHECKOUT_EXPOSES } from './exposes';

const APP_DIR = join(__dirname, '..');

// Type-level half of the contract: this line stops compiling if the default export drifts.
const checkoutPanel: ExposedModule<'checkout', 'CheckoutPanel'> = checkoutPanelModule;

describe('the checkout remote contract', () => {
  it('exposes exactly the modules the shared contract names', () => {
    expect(Object.keys(CHECKOUT_EXPOSES).sort()).toEqual(
      Object.values(REMOTES.checkout.exposes).sort(),
    );
  });

  it('points every exposed module at a file that exists', () => {
    for (const file of Object.values(CHECKOUT_EXPOSES)) {
      expect(existsSync(join(APP_DIR, file))).toBe(true);
    }
  });

  it('maps CheckoutPanel to the module whose default export is the component', async () => {
    const exposedFile = CHECKOUT_EXPOSES[REMOTES.checkout.exposes.CheckoutPanel];
    const loaded = (await import(join(APP_DIR, exposedFile))) as { default: unknown };
    expect(loaded.default).toBe(checkoutPanel.default);
    expect(typeof checkoutPanel.default).toBe('function');
  });
});

import { join } from 'node:path';
import { describeRemoteContract } from '@tshirt/tooling/test/remoteContract';
import * as CheckoutPanel from './checkout-panel/CheckoutPanel';
import * as ShirtColorSwatches from './shirt-color/ShirtColorSwatches';
import { CHECKOUT_EXPOSES } from './exposes';

describeRemoteContract('checkout', {
  appDir: join(__dirname, '..'),
  exposes: CHECKOUT_EXPOSES,
  modules: { CheckoutPanel, ShirtColorSwatches },
});
